extension MockServerClient {
    /// `GET /__admin/rules`: the controls in force.
    public func controls() async throws(MockServerClientError) -> MockControlState {
        try await decode(MockControlState.self, "GET", "__admin/rules")
    }

    /// `PUT /__admin/rules`: replaces the runtime rules and, when `global` is given, the global
    /// latency and faults. A mistake is a `400` naming the rule and the problem, and changes nothing.
    @discardableResult
    public func replaceRules(_ rules: [MockControlRule], global: MockGlobalControls? = nil) async throws(MockServerClientError) -> MockControlState {
        struct Replacement: Encodable {
            let rules: [MockControlRule]
            let global: MockGlobalControls?
        }
        return try await decode(MockControlState.self, "PUT", "__admin/rules",
                                json: try Self.body(Replacement(rules: rules, global: global)))
    }

    /// `DELETE /__admin/rules`: drops every rule and restores the global settings the server started with.
    @discardableResult
    public func restoreControls() async throws(MockServerClientError) -> MockControlState {
        try await decode(MockControlState.self, "DELETE", "__admin/rules")
    }
}
