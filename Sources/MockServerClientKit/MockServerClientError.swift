/// Why a `MockServerClient` call failed.
public enum MockServerClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server answered with an error status and, from its error envelope
    /// (`{"error":{"status":400,"message":"…"}}`), the message that says what was wrong.
    case server(status: Int, message: String)
    /// The server could not be reached, or the connection broke (the URL loading system's words).
    case transport(String)
    /// A successful status with a body this client cannot read (not the documented JSON).
    case unreadableAnswer(status: Int, reason: String)
    /// The request was never sent: a file to import cannot be read, a value cannot be encoded
    /// (a `faultRate` that is not a number), the base URL and path make no URL.
    case invalidRequest(String)

    /// The HTTP status, when there was an answer.
    public var status: Int? {
        switch self {
        case let .server(status, _), let .unreadableAnswer(status, _): status
        case .transport, .invalidRequest: nil
        }
    }

    /// What went wrong: the server's own message for `.server`.
    public var message: String {
        switch self {
        case let .server(_, message): message
        case let .transport(reason), let .unreadableAnswer(_, reason), let .invalidRequest(reason): reason
        }
    }

    public var description: String {
        switch self {
        case let .server(status, message): "mock server answered \(status): \(message)"
        case let .transport(reason): "mock server not reached: \(reason)"
        case let .unreadableAnswer(status, reason): "mock server answered \(status) with an unreadable body: \(reason)"
        case let .invalidRequest(reason): "request to the mock server not sent: \(reason)"
        }
    }
}
