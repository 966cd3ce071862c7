import Wire

/// The request id a client sent in `X-Request-Id` (a proxy's or a test suite's correlation id),
/// taken into the access log when it is short printable ASCII without spaces, so it can neither
/// split a log line nor flood it.
enum RequestID {
    static let maxLength = 128

    /// The usable `X-Request-Id` of `headers`, or nil.
    static func sent(in headers: HTTPHeaders) -> String? {
        guard let value = headers[.xRequestID], !value.isEmpty, value.utf8.count <= maxLength,
              value.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
        return value
    }
}
