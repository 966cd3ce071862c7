import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A typed client of the mock server's admin API (`/__admin`), for UI tests that drive a
/// running `serve` (or a `MockServer`) from the test runner. Every call is `async`, throws a
/// `MockServerClientError` carrying the server's status and message, and never blocks a thread.
///
/// ```swift
/// let mock = MockServerClient(baseURL: URL(string: "http://127.0.0.1:8080")!)
/// try await mock.reset()
/// let logins = try await mock.requestCount(matching: RequestFilter(method: "POST", pathPrefix: "/app/user/login"))
/// ```
///
/// The admin areas live one per file (`MockServerClient+Journal.swift`, `+Rules`, `+Captures` …),
/// all built on `send`/`decode` in `MockServerClient+Transport.swift`.
public struct MockServerClient: Sendable {
    /// The server's base URL (`http://127.0.0.1:8080`); admin paths are resolved against it.
    public let baseURL: URL
    /// Sent on every request as `Authorization: Bearer TOKEN` (`serve --admin-token`, or the token
    /// `serve` prints when it listens beyond loopback); nil on loopback.
    public let adminToken: String?
    /// The session every request names in `X-Mock-Session`; nil for the default session.
    public let sessionName: String?
    /// How long one call may wait for its answer. Generous by default: a reset re-imports the
    /// seeds, which takes seconds in a debug build on a busy machine.
    public let timeout: TimeInterval
    let urlSession: URLSession

    /// - Parameter urlSession: nil: a session of the client's own whose request and resource
    ///   timeouts are `timeout` (a `URLRequest`'s own timeout is not honoured everywhere).
    public init(baseURL: URL, adminToken: String? = nil, timeout: TimeInterval = 300, urlSession: URLSession? = nil) {
        self.init(baseURL: baseURL, adminToken: adminToken, sessionName: nil, timeout: timeout,
                  urlSession: urlSession ?? Self.urlSession(timeout: timeout))
    }

    private static func urlSession(timeout: TimeInterval) -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        return URLSession(configuration: configuration)
    }

    private init(baseURL: URL, adminToken: String?, sessionName: String?, timeout: TimeInterval, urlSession: URLSession) {
        self.baseURL = baseURL
        self.adminToken = adminToken
        self.sessionName = sessionName
        self.timeout = timeout
        self.urlSession = urlSession
    }

    /// This client with every request carrying `X-Mock-Session: name`.
    public func session(_ name: String) -> MockServerClient {
        MockServerClient(baseURL: baseURL, adminToken: adminToken, sessionName: name, timeout: timeout, urlSession: urlSession)
    }
}
