/// One registered route, as `/__admin/routes` lists it.
public struct RouteDescription: Sendable, Equatable, CustomStringConvertible {
    public let method: HTTPMethod
    public let pattern: String

    public init(method: HTTPMethod, pattern: String) {
        self.method = method
        self.pattern = pattern
    }

    public var description: String { "\(method) \(pattern)" }
}
