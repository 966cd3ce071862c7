import Wire

/// Method + path-pattern routing (`/app/user/:uid`), matched on the decoded path.
///
/// When several patterns match, the more specific one wins (a literal segment beats a
/// parameter at the first position where they differ), then the one added first. HEAD falls
/// back to GET routes. A path known for other methods is a 405 with those methods, not a 404.
/// Fully literal patterns are found with one hash lookup; patterns with parameters are only
/// tried against paths with as many segments.
public struct Router: Sendable {
    private var methods: [HTTPMethod] = []
    private var patterns: [RoutePattern] = []
    private var responders: [any HTTPResponder] = []
    /// Route indices of fully literal patterns, by `RoutePattern.literalKey`, in order added.
    private var literalRoutes: [String: [Int]] = [:]
    /// Route indices of patterns with parameters, by segment count, in order added.
    private var parameterRoutes: [Int: [Int]] = [:]

    public init() {}

    /// Routes `method` requests for paths matching `pattern` (which starts with `/`).
    public mutating func add(_ method: HTTPMethod, _ pattern: String, _ responder: any HTTPResponder) {
        let compiled = RoutePattern(pattern)
        let index = methods.count
        methods.append(method)
        patterns.append(compiled)
        responders.append(responder)
        if compiled.isLiteral {
            literalRoutes[compiled.literalKey, default: []].append(index)
        } else {
            parameterRoutes[compiled.segments.count, default: []].append(index)
        }
    }

    public mutating func add(
        _ method: HTTPMethod, _ pattern: String,
        handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
    ) {
        add(method, pattern, ClosureResponder(handler))
    }

    /// The registered routes, in the order they were added.
    public var routes: [RouteDescription] {
        zip(methods, patterns).map { RouteDescription(method: $0, pattern: $1.text) }
    }

    /// The route for `method` and the decoded `path`.
    public func match(method: HTTPMethod, path: String) -> RouteMatch {
        guard path.utf8.first == UInt8(ascii: "/") else { return .notFound }
        let literal = literalRoutes[RoutePattern.lookupKey(path)] ?? []
        let segments = parameterRoutes.isEmpty ? [] : RoutePattern.pathSegments(path)
        let withParameters = parameterRoutes[segments.count] ?? []

        if let found = bestMatch(method: method, literal: literal, withParameters: withParameters, segments: segments) {
            return found
        }
        if method == .HEAD,
           let found = bestMatch(method: .GET, literal: literal, withParameters: withParameters, segments: segments) {
            return found
        }
        var matching = literal
        matching += withParameters.filter { patterns[$0].match(segments) != nil }
        if matching.isEmpty { return .notFound }
        var allowed: [HTTPMethod] = []
        for index in matching.sorted() where !allowed.contains(methods[index]) {
            allowed.append(methods[index])
        }
        if allowed.contains(.GET) && !allowed.contains(.HEAD) { allowed.append(.HEAD) }
        return .methodNotAllowed(allowed: allowed)
    }

    /// A literal route for `method` if there is one (it beats any pattern with parameters),
    /// else the most specific matching pattern with parameters.
    private func bestMatch(
        method: HTTPMethod, literal: [Int], withParameters: [Int], segments: [Substring]
    ) -> RouteMatch? {
        if let index = literal.first(where: { methods[$0] == method }) {
            return .found(responders[index], parameters: [:])
        }
        var best: (index: Int, parameters: [String: String])?
        for index in withParameters where methods[index] == method {
            if let current = best, !patterns[index].isMoreSpecific(than: patterns[current.index]) { continue }
            guard let parameters = patterns[index].match(segments) else { continue }
            best = (index, parameters)
        }
        guard let best else { return nil }
        return .found(responders[best.index], parameters: best.parameters)
    }
}
