/// The facts the access log writes about one finished request. They reach `AccessLog.append`
/// as its parameters, not as one value (see there why):
/// - `requestID`: the client's `X-Request-Id` when it sent a usable one, else a number unique in
///   this process.
/// - `client`: the peer as `host:port` (`[v6]:port`), empty when the kernel would not say: the
///   connection's bytes, made once (`Connection.logClient`), so a line copies them rather than a
///   `String` (a call, and the string's bytes copied out when it is small).
/// - `method`, `target`: `-` when the request never got as far as a parsed head.
/// - `targetMayHoldControlBytes`: false for a target as the parser took it, which refuses a
///   control byte (below 0x20 or 0x7F) in the request line, so the line skips mending it; true
///   for any other text (the masking hook's, a test's).
/// - `status`: the status line's code; 0 when no status line was sent (see `sentStatus`).
/// - `bodyBytes`: response body bytes, without the status line and headers (nginx's
///   `$body_bytes_sent`).
/// - `nanoseconds`: from the request's start to its answer written; the line prints it as
///   milliseconds with integer arithmetic (a `Duration`'s 128-bit division cost ~150 Ir a line).
/// - `fault`, `delay`: the transport fault carried out and the injected delay waited, if any.
/// - `answeredBy`: from the response's `X-Mock-Answered-By` header (the mock sets it).
/// - `businessCode`: the API's result code inside the body
///   (`ServerConfiguration.accessLogBusinessCode`).
enum AccessLogEntry {
    /// The status the client saw, or nil when the connection was closed, reset or left without
    /// one (those faults write no status line, whatever the handler's response said).
    static func sentStatus(_ status: Int, fault: TransportFault?) -> Int? {
        switch fault {
        case .close, .reset, .timeout: return nil
        case .empty, .malformed, nil: return status > 0 ? status : nil
        }
    }
}
