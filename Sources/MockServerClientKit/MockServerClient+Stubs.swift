import Foundation

extension MockServerClient {
    /// `POST /__admin/stubs`: adds a stub, given as the JSON docs/api.md ("Stubs") describes —
    /// `{"request":{…matchers…},"response":{"status":503}}`, or `"patch"` to change the real
    /// answer, with `times`, `priority`, `scenario`, `persistent`. A mistake is a `400` naming the
    /// key and the problem, and nothing is stored.
    @discardableResult
    public func addStub(json definition: Data) async throws(MockServerClientError) -> StubSummary {
        try await decode(StubSummary.self, "POST", "__admin/stubs", json: definition)
    }

    /// `addStub(json:)` with the definition as JSON text.
    @discardableResult
    public func addStub(_ definition: String) async throws(MockServerClientError) -> StubSummary {
        try await addStub(json: Data(definition.utf8))
    }

    /// `GET /__admin/stubs`: the stubs of this client's session, as the server lists them.
    public func stubs() async throws(MockServerClientError) -> [StubSummary] {
        struct Listing: Decodable { let stubs: [StubSummary] }
        return try await decode(Listing.self, "GET", "__admin/stubs").stubs
    }

    /// `DELETE /__admin/stubs/ID`; an unknown id is `.server(status: 404, …)`.
    public func removeStub(id: String) async throws(MockServerClientError) {
        _ = try await send("DELETE", "__admin/stubs/\(id)")
    }

    /// `DELETE /__admin/stubs`: every stub of this client's session; returns how many.
    @discardableResult
    public func removeAllStubs() async throws(MockServerClientError) -> Int {
        struct Deleted: Decodable { let deleted: Int }
        return try await decode(Deleted.self, "DELETE", "__admin/stubs").deleted
    }

    /// `POST /__admin/scenarios/reset`: every scenario back in `Started`.
    public func resetScenarios() async throws(MockServerClientError) {
        _ = try await send("POST", "__admin/scenarios/reset")
    }
}

/// A stored stub as the server answers it: its id and what is left of it (the full definition is
/// in the server's answer; `stubs()` keeps what a test checks).
public struct StubSummary: Codable, Sendable, Equatable {
    public let id: String
    public let name: String?
    public let priority: Int
    /// Answers left before it expires; nil without `times`.
    public let remaining: Int?
    public let persistent: Bool
}
