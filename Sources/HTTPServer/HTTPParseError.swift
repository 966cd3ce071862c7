/// Why a request could not be parsed: the status to answer with and a message for a person.
///
/// After an error the connection must be closed: the parser stays failed and keeps returning
/// the same error.
public struct HTTPParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 400, 413, 414, 431, 501 or 505.
    public let status: HTTPStatus
    /// What was wrong, in plain words (no request bytes echoed beyond short tokens).
    public let message: String
    /// The decoded request path when the request line was already read, so error answers can
    /// pick the right API envelope; nil otherwise.
    public let path: String?

    public init(status: HTTPStatus, message: String, path: String? = nil) {
        self.status = status
        self.message = message
        self.path = path
    }

    public var description: String { "\(status.code) \(message)" }
}
