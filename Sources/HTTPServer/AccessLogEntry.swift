/// The facts the access log writes about one finished request.
struct AccessLogEntry {
    /// The client's `X-Request-Id` when it sent a usable one, else a number unique in this process.
    var requestID: RequestID
    /// The peer as `host:port` (`[v6]:port`), empty when the kernel would not say: the
    /// connection's bytes, made once (`Connection.logClient`), so a line copies them rather than
    /// a `String` (a call, and the string's bytes copied out when it is small).
    var client: [UInt8]
    /// `-` when the request never got as far as a parsed head.
    var method: String
    var target: String
    /// False for a target as the parser took it, which refuses a control byte (below 0x20 or
    /// 0x7F) in the request line, so the line skips mending it; true for any other text (the
    /// masking hook's, a test's).
    var targetMayHoldControlBytes = true
    /// The status line's code; 0 when no status line was sent (see `sentStatus`).
    var status: Int
    /// Response body bytes, without the status line and headers (nginx's `$body_bytes_sent`).
    var bodyBytes: Int
    /// From the request's start to its answer written, in nanoseconds: the line prints it as
    /// milliseconds with integer arithmetic (a `Duration`'s 128-bit division cost ~150 Ir a line).
    var nanoseconds: UInt64
    var fault: TransportFault?
    /// The injected delay the answer waited, if any.
    var delay: Duration?
    /// Who answered, from the response's `X-Mock-Answered-By` header (the mock sets it).
    var answeredBy: String?
    /// The API's result code inside the body (`ServerConfiguration.accessLogBusinessCode`).
    var businessCode: CodeInBody?

    /// The status the client saw, or nil when the connection was closed, reset or left without
    /// one (those faults write no status line, whatever the handler's response said).
    var sentStatus: Int? {
        switch fault {
        case .close, .reset, .timeout: return nil
        case .empty, .malformed, nil: return status > 0 ? status : nil
        }
    }
}
