import Wire

/// The id the access log gives a request: the client's `X-Request-Id` (a proxy's or a test
/// suite's correlation id) when it is short printable ASCII without spaces, so it can neither
/// split a log line nor flood it; otherwise a number the loop hands out, unique in this process.
/// The number stays a number until its line is written: made into a `String` for every request,
/// it cost a formatting and a string the line then copied.
enum RequestID {
    case client(String)
    case generated(Int)

    static let maxLength = 128

    /// The usable `X-Request-Id` of `headers`, or nil. Inlined, so that headers without one
    /// (nearly every request's) are told by one bit of theirs: handed to a call, the request's
    /// headers were copied for it, four references retained and released (~150 Ir).
    @inline(__always)
    static func sent(in headers: HTTPHeaders) -> RequestID? {
        guard headers.contains(.xRequestID) else { return nil }
        return usable(headers[.xRequestID])
    }

    private static func usable(_ value: String?) -> RequestID? {
        guard let value, !value.isEmpty, value.utf8.count <= maxLength,
              value.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
        return .client(value)
    }

    /// The most bytes `write(to:)` writes.
    var maxByteCount: Int {
        switch self {
        case .client(let text): text.utf8.count
        case .generated: ByteCursor.maxDecimalLength
        }
    }
}
