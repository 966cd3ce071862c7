/// A runtime rule of `/__admin/rules`: requests it matches get its latency and/or fault. Rules
/// are tried in order; the first that matches and sets a control decides it.
public struct MockControlRule: Codable, Sendable, Equatable {
    /// A name for the journal (`rule:<id>`); the server names it `rule-N` when nil.
    public var id: String?
    /// Method to match (`GET` also matches `HEAD`); nil: any.
    public var method: String?
    /// Exact (`/app/templates`), with `:name` segments (`/app/user/:uid`), or a prefix ending in `*` (`/app/*`).
    public var path: String
    /// Youfan module and action to match (`Product`, `getProductDetails`).
    public var m: String?
    public var a: String?
    /// As `serve --latency`: `200ms`, `1.5s`, `0-1500ms`, `captured`.
    public var latency: String?
    /// As `serve --fault`: `reset`, `close`, `empty`, `malformed`, `timeout`, `status:503`, `business:401`, comma-separated.
    public var fault: String?
    /// The share of matched requests faulted, 0…1 (the server's default: 1).
    public var faultRate: Double?

    public init(id: String? = nil, method: String? = nil, path: String, m: String? = nil, a: String? = nil,
                latency: String? = nil, fault: String? = nil, faultRate: Double? = nil) {
        self.id = id
        self.method = method
        self.path = path
        self.m = m
        self.a = a
        self.latency = latency
        self.fault = fault
        self.faultRate = faultRate
    }
}

/// The global latency and faults, applied where no header and no rule decides (`serve --latency`,
/// `--fault`, `--fault-rate`).
public struct MockGlobalControls: Codable, Sendable, Equatable {
    public var latency: String?
    public var fault: String?
    public var faultRate: Double?

    public init(latency: String? = nil, fault: String? = nil, faultRate: Double? = nil) {
        self.latency = latency
        self.fault = fault
        self.faultRate = faultRate
    }
}

/// The controls in force (`GET /__admin/rules`): the seed of the draws, the global settings and
/// the runtime rules.
public struct MockControlState: Codable, Sendable, Equatable {
    /// The seed of the latency and fault draws, as text (it may exceed a JSON number's precision).
    public let seed: String
    public let global: MockGlobalControls
    public let rules: [MockControlRule]
}
