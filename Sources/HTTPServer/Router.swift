import Wire

/// Path-pattern routing (`/app/user/:uid`) on the decoded path: the path first, then the method.
///
/// A path resolves to one pattern: a fully literal pattern if one has the path (one hash
/// lookup), else the most specific pattern with parameters (a literal segment beats a parameter
/// at the first position where they differ), then the one added first. So `/app/user/login`
/// shadows `/app/user/:uid` for every method. The method is looked up on that pattern only:
/// HEAD falls back to GET, and a method the pattern lacks is a 405 whose `Allow` lists the
/// pattern's methods. A path no pattern has is a 404.
public struct Router: Sendable {
    /// The distinct patterns, in the order first added.
    private var patterns: [RoutePattern] = []
    /// For each pattern (same index), its methods and responders in the order added.
    private var handlers: [[(method: HTTPMethod, responder: any HTTPResponder)]] = []
    /// Every `add`, in order, as `/__admin/routes` lists it.
    private var descriptions: [RouteDescription] = []
    /// Pattern indices of fully literal patterns, by `RoutePattern.literalKey`.
    private var literalPatterns: [String: Int] = [:]
    /// One bit for each literal key's length and last byte (`keyBit`): a path whose bit is clear
    /// is no literal pattern's key, and its String is not hashed to find that out.
    private var literalKeyBits = [UInt64](repeating: 0, count: Router.keyBitWords)
    /// Pattern indices of patterns with parameters, at their segment count, in order added.
    private var parameterPatterns: [[Int]] = []
    /// Renders the 404 and 405 answers, so an API can write them in its own envelope.
    public var errorResponder: ErrorResponder

    /// - Parameter errorResponder: renders 404 and 405 (the router adds `Allow` to a 405).
    public init(errorResponder: ErrorResponder = .plainJSON) {
        self.errorResponder = errorResponder
    }

    /// Routes `method` requests for paths matching `pattern` (which starts with `/`).
    public mutating func add(_ method: HTTPMethod, _ pattern: String, _ responder: any HTTPResponder) {
        let compiled = RoutePattern(pattern)
        descriptions.append(RouteDescription(method: method, pattern: pattern))
        if let index = patterns.firstIndex(where: { $0.segments == compiled.segments }) {
            handlers[index].append((method, responder))
            return
        }
        let index = patterns.count
        patterns.append(compiled)
        handlers.append([(method, responder)])
        if compiled.isLiteral {
            let key = compiled.literalKey
            literalPatterns[key] = index
            let bit = Self.keyBit(length: key.utf8.count, last: key.utf8.last ?? 0)
            literalKeyBits[bit / 64] |= 1 << UInt64(bit % 64)
        } else {
            let count = compiled.segments.count
            if parameterPatterns.count <= count { parameterPatterns += Array(repeating: [], count: count + 1 - parameterPatterns.count) }
            parameterPatterns[count].append(index)
        }
    }

    public mutating func add(
        _ method: HTTPMethod, _ pattern: String,
        handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
    ) {
        add(method, pattern, ClosureResponder(handler))
    }

    /// The registered routes, in the order they were added.
    public var routes: [RouteDescription] { descriptions }

    /// The route for `method` and the decoded `path`.
    public func match(method: HTTPMethod, path: String) -> RouteMatch {
        guard let (index, parameters) = resolve(path) else { return .notFound }
        let candidates = handlers[index]
        // Found by a loop over indices that reads only each pair's method: `first(where:)`
        // and `firstIndex(where:)` copied each (method, responder) pair they passed.
        if let found = Self.index(of: method, in: candidates) {
            return .found(candidates[found].responder, parameters: parameters)
        }
        if method == .HEAD, let found = Self.index(of: .GET, in: candidates) {
            return .found(candidates[found].responder, parameters: parameters)
        }
        var allowed: [HTTPMethod] = []
        for candidate in candidates where !allowed.contains(candidate.method) {
            allowed.append(candidate.method)
        }
        if allowed.contains(.GET) && !allowed.contains(.HEAD) { allowed.append(.HEAD) }
        return .methodNotAllowed(allowed: allowed)
    }

    /// The index of the first candidate for `method`.
    private static func index(
        of method: HTTPMethod, in candidates: [(method: HTTPMethod, responder: any HTTPResponder)]
    ) -> Int? {
        for index in candidates.indices where candidates[index].method == method { return index }
        return nil
    }

    /// The one pattern `path` resolves to and its bound parameters; nil when none matches.
    /// The closures are literals rather than the method itself: a method passed as a closure
    /// copied the whole router (retaining its arrays and responders) on every request.
    private func resolve(_ path: String) -> (index: Int, parameters: PathParameters)? {
        path.utf8.withContiguousStorageIfAvailable { resolve(path, bytes: $0) }
            ?? Array(path.utf8).withUnsafeBufferPointer { resolve(path, bytes: $0) }
    }

    private func resolve(_ path: String, bytes: UnsafeBufferPointer<UInt8>) -> (index: Int, parameters: PathParameters)? {
        guard bytes.first == UInt8(ascii: "/") else { return nil }
        // The lookup key is the path without one trailing slash (`RoutePattern.lookupKey`).
        let keyLength = bytes.count > 1 && bytes[bytes.count - 1] == UInt8(ascii: "/") ? bytes.count - 1 : bytes.count
        let bit = Self.keyBit(length: keyLength, last: bytes[keyLength - 1])
        if literalKeyBits[bit / 64] & 1 << UInt64(bit % 64) != 0,
           let index = literalPatterns[RoutePattern.lookupKey(path)] {
            return (index, PathParameters())
        }
        guard let index = resolveWithParameters(bytes) else { return nil }
        return (index, PathParameters(route: patterns[index].parameters, path: path))
    }

    /// The bit of `literalKeyBits` for a key of `length` bytes ending in `last`.
    private static func keyBit(length: Int, last: UInt8) -> Int {
        (length &* 97 &+ Int(last)) & (keyBitWords * 64 - 1)
    }

    /// 4,096 bits: a router of a few hundred literal routes lets a few per cent of other paths
    /// through to the hash lookup.
    private static var keyBitWords: Int { 64 }

    /// The index of the most specific pattern with parameters that the path's bytes match.
    private func resolveWithParameters(_ path: UnsafeBufferPointer<UInt8>) -> Int? {
        let count = RoutePattern.segmentCount(of: path)
        guard count < parameterPatterns.count else { return nil }
        var best: Int?
        for index in parameterPatterns[count] {
            if let current = best, !patterns[index].isMoreSpecific(than: patterns[current]) { continue }
            if patterns[index].matches(path) { best = index }
        }
        return best
    }
}
