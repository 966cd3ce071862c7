/// Method + path-pattern routing (`/app/user/:uid`), matched on the decoded path.
///
/// When several patterns match, the more specific one wins (a literal segment beats a
/// parameter at the first position where they differ), then the one added first. HEAD falls
/// back to GET routes. A path known for other methods is a 405 with those methods, not a 404.
public struct Router: Sendable {
    struct Route: Sendable {
        let method: HTTPMethod
        let pattern: RoutePattern
        let responder: any HTTPResponder
    }

    private(set) var table: [Route] = []

    public init() {}

    public mutating func add(_ method: HTTPMethod, _ pattern: String, _ responder: any HTTPResponder) {
        table.append(Route(method: method, pattern: RoutePattern(pattern), responder: responder))
    }

    public mutating func add(
        _ method: HTTPMethod, _ pattern: String,
        handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
    ) {
        add(method, pattern, ClosureResponder(handler))
    }

    /// The registered routes, in the order they were added.
    public var routes: [RouteDescription] {
        table.map { RouteDescription(method: $0.method, pattern: $0.pattern.text) }
    }

    /// The route for `method` and the decoded `path`.
    public func match(method: HTTPMethod, path: String) -> RouteMatch {
        let segments = RoutePattern.pathSegments(path)
        if let found = bestMatch(method: method, segments: segments) { return found }
        if method == .HEAD, let found = bestMatch(method: .GET, segments: segments) { return found }

        var allowed: [HTTPMethod] = []
        for route in table where !allowed.contains(route.method) && route.pattern.match(segments) != nil {
            allowed.append(route.method)
        }
        if allowed.isEmpty { return .notFound }
        if allowed.contains(.GET) && !allowed.contains(.HEAD) { allowed.append(.HEAD) }
        return .methodNotAllowed(allowed: allowed)
    }

    private func bestMatch(method: HTTPMethod, segments: [Substring]) -> RouteMatch? {
        var best: (route: Route, parameters: [String: String])?
        for route in table where route.method == method {
            guard let parameters = route.pattern.match(segments) else { continue }
            if let current = best, !route.pattern.isMoreSpecific(than: current.route.pattern) { continue }
            best = (route, parameters)
        }
        guard let best else { return nil }
        return .found(best.route.responder, parameters: best.parameters)
    }
}
