/// Which request parameters never count when matching captures, per API: each rule names a path
/// prefix (an API's front controller or root) and the parameter names volatile under it (device
/// ids, app versions, tokens). A name is ignored only for the API that declared it.
public struct VolatileParameters: Sendable, Hashable, ExpressibleByArrayLiteral {
    /// Parameter names volatile for every path starting with `pathPrefix`.
    public struct Rule: Sendable, Hashable {
        public var pathPrefix: String
        public var names: Set<String>

        public init(pathPrefix: String, names: Set<String>) {
            self.pathPrefix = pathPrefix
            self.names = names
        }
    }

    public var rules: [Rule]

    public init(_ rules: [Rule]) {
        self.rules = rules
    }

    public init(arrayLiteral rules: Rule...) {
        self.rules = rules
    }

    /// The names volatile for a request to `path`: those of every rule whose prefix it starts with.
    public func names(forPath path: String) -> Set<String> {
        rules.reduce(into: Set<String>()) { names, rule in
            if path.hasPrefix(rule.pathPrefix) { names.formUnion(rule.names) }
        }
    }

    /// The configuration and the key rule as one stable text, stored beside the keys so that a
    /// change to either recomputes them. Bump `keyRule` when `CaptureMatchKey` derives keys differently.
    public var fingerprint: String {
        let rules = rules
            .map { "\($0.pathPrefix)=\($0.names.sorted().joined(separator: ","))" }
            .sorted()
            .joined(separator: ";")
        return "\(Self.keyRule)|\(rules)"
    }

    private static let keyRule = "keys-2"
}
