import HTTPServer

/// A latency and/or fault rule for some routes or Youfan actions, set at runtime through
/// `PUT /__admin/rules`. It applies to requests it matches unless an `X-Mock-*` header says
/// otherwise; it takes precedence over the global `--latency` / `--fault` settings.
public struct MockRule: Sendable, Equatable {
    /// A name for the journal and the admin API (`rule-1` … when none was given).
    public var id: String
    /// The method to match; nil matches every method.
    public var method: HTTPMethod?
    /// The path to match: exact (`/app/templates`), with `:name` segments matching any one
    /// segment (`/app/user/:uid`), or a prefix when it ends with `*` (`/app/*`).
    public var path: String
    /// Youfan's module (`m`) to match, compared without regard to case; nil matches any.
    public var module: String?
    /// Youfan's action (`a`) to match, compared without regard to case; nil matches any.
    public var action: String?
    public var latency: LatencySpec?
    public var fault: FaultPlan?

    public init(
        id: String, method: HTTPMethod? = nil, path: String, module: String? = nil, action: String? = nil,
        latency: LatencySpec? = nil, fault: FaultPlan? = nil
    ) throws(ControlSyntaxError) {
        guard path.hasPrefix("/") else {
            throw ControlSyntaxError("rule \"\(id)\": path \"\(path)\" must start with /")
        }
        guard latency != nil || fault != nil else {
            throw ControlSyntaxError("rule \"\(id)\" sets neither latency nor fault")
        }
        self.id = id
        self.method = method
        self.path = path
        self.module = module
        self.action = action
        self.latency = latency
        self.fault = fault
    }

    /// Whether the rule applies to a request with these facts.
    public func matches(_ facts: RequestFacts) -> Bool {
        if let method, method != facts.method, !(method == .GET && facts.method == .HEAD) { return false }
        if let module, facts.module?.lowercased() != module.lowercased() { return false }
        if let action, facts.action?.lowercased() != action.lowercased() { return false }
        return Self.path(facts.path, matches: path)
    }

    static func path(_ path: String, matches pattern: String) -> Bool {
        if pattern.hasSuffix("*") {
            return path.hasPrefix(pattern.dropLast())
        }
        let patternSegments = pattern.split(separator: "/", omittingEmptySubsequences: false)
        let pathSegments = path.split(separator: "/", omittingEmptySubsequences: false)
        guard patternSegments.count == pathSegments.count else { return false }
        return zip(patternSegments, pathSegments).allSatisfy { wanted, actual in
            wanted.hasPrefix(":") ? !actual.isEmpty : wanted == actual
        }
    }
}

/// What the controls look at in a request: method, path, and Youfan's `m` and `a`.
public struct RequestFacts: Sendable, Equatable {
    public var method: HTTPMethod
    public var path: String
    public var module: String?
    public var action: String?

    public init(method: HTTPMethod, path: String, module: String? = nil, action: String? = nil) {
        self.method = method
        self.path = path
        self.module = module
        self.action = action
    }
}
