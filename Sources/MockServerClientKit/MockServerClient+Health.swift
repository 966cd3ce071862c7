extension MockServerClient {
    /// `GET /__admin/health`: whether the server is up, its version and uptime.
    public func health() async throws(MockServerClientError) -> ServerHealth {
        try await decode(ServerHealth.self, "GET", "__admin/health")
    }

    /// `GET /__admin/routes`: every route and action served, and by what.
    public func routes() async throws(MockServerClientError) -> [ServedRoute] {
        struct Answer: Decodable { let routes: [ServedRoute] }
        return try await decode(Answer.self, "GET", "__admin/routes").routes
    }
}

/// The answer of `GET /__admin/health`.
public struct ServerHealth: Codable, Sendable, Equatable {
    /// `ok` while the server serves.
    public let status: String
    /// The server's version (`serve --version`).
    public let version: String
    public let uptimeSeconds: Int
}

/// One row of `GET /__admin/routes`.
public struct ServedRoute: Codable, Sendable, Equatable {
    public let method: String
    /// The route pattern, `:name` for a path parameter (`/app/user/:uid`).
    public let path: String
    /// Who serves it: `controls`, `admin`, `maka` or `youfan`.
    public let owner: String
}
