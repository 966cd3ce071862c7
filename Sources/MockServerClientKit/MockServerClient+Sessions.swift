import Foundation

extension MockServerClient {
    /// `GET /__admin/sessions`: the default session and every named one, with the limits.
    public func sessions() async throws(MockServerClientError) -> SessionList {
        try await decode(SessionList.self, "GET", "__admin/sessions")
    }

    /// `PUT /__admin/sessions/NAME`: creates the session (from the seeds) if it does not exist and
    /// sends every request from `clientAddresses` (an emulator, a device) to it.
    @discardableResult
    public func assignSession(_ name: String, clientAddresses: [String]) async throws(MockServerClientError) -> SessionSummary {
        struct Assignment: Encodable { let clientAddresses: [String] }
        return try await decode(SessionSummary.self, "PUT", "__admin/sessions/\(name)",
                                json: try Self.body(Assignment(clientAddresses: clientAddresses)))
    }

    /// `DELETE /__admin/sessions/NAME`: drops the session and its files; its next request starts
    /// it again from the seeds. An unknown name is `.server(status: 404, …)`.
    public func dropSession(_ name: String) async throws(MockServerClientError) {
        _ = try await send("DELETE", "__admin/sessions/\(name)")
    }

    /// `POST /__admin/reset?all=true`: the default session and every named one back to the seeds.
    public func resetAllSessions() async throws(MockServerClientError) {
        _ = try await send("POST", "__admin/reset", query: [URLQueryItem(name: "all", value: "true")])
    }
}
