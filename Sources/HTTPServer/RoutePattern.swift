#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Wire

/// A path pattern such as `/app/user/:uid`: literal segments match exactly (case-sensitive),
/// `:name` segments match any one non-empty segment and bind it. A trailing slash is ignored
/// on both sides.
struct RoutePattern: Sendable {
    enum Segment: Sendable, Equatable {
        case literal(String)
        case parameter(String)
    }

    let text: String
    let segments: [Segment]

    init(_ text: String) {
        self.text = text
        segments = RoutePattern.pathSegments(text).map { segment in
            segment.hasPrefix(":") && segment.count > 1
                ? .parameter(String(segment.dropFirst()))
                : .literal(String(segment))
        }
    }

    /// Whether every segment is literal: such a route is found by `lookupKey` in one hash lookup.
    var isLiteral: Bool {
        segments.allSatisfy { if case .literal = $0 { true } else { false } }
    }

    /// The key a literal pattern is filed under: `/` and its segments joined by `/`.
    var literalKey: String {
        "/" + segments.map { if case .literal(let text) = $0 { text } else { "" } }.joined(separator: "/")
    }

    /// The key to look a path up among literal patterns: the path without one trailing slash.
    /// Equal to `literalKey` exactly when the path's segments equal the pattern's.
    static func lookupKey(_ path: String) -> String {
        path.utf8.count > 1 && path.utf8.last == UInt8(ascii: "/") ? String(path.dropLast()) : path
    }

    /// The segments of a pattern: `/a/b/` → `a`, `b`; `/` → none. Empty inner segments are
    /// kept. Cut at the `/` bytes of the UTF-8 view (`/` is ASCII, so every piece is whole
    /// characters).
    static func pathSegments(_ path: String) -> [Substring] {
        let utf8 = path.utf8
        var segments: [Substring] = []
        var start = utf8.startIndex
        var index = start
        while index != utf8.endIndex {
            if utf8[index] == UInt8(ascii: "/") {
                segments.append(path[start..<index])
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        segments.append(path[start..<utf8.endIndex])
        if segments.first?.isEmpty == true { segments.removeFirst() }
        if segments.last?.isEmpty == true { segments.removeLast() }
        return segments
    }

    /// The segments of a path as ranges of its UTF-8 bytes, cut as `pathSegments` cuts them:
    /// a routed request compares bytes and makes a String only for each bound parameter.
    static func segmentRanges(of path: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(8)
        var start = 0
        for index in 0..<path.count where path[index] == UInt8(ascii: "/") {
            ranges.append(start..<index)
            start = index + 1
        }
        ranges.append(start..<path.count)
        if ranges.first?.isEmpty == true { ranges.removeFirst() }
        if ranges.last?.isEmpty == true { ranges.removeLast() }
        return ranges
    }

    /// The bound parameters when the path's `segmentRanges` match, nil otherwise. Literals are
    /// checked before anything is bound, so a miss allocates nothing.
    func match(_ ranges: [Range<Int>], of path: UnsafeBufferPointer<UInt8>) -> [String: String]? {
        guard ranges.count == segments.count else { return nil }
        var hasParameters = false
        for (segment, range) in zip(segments, ranges) {
            switch segment {
            case .literal(let literal):
                guard Self.equals(literal, UnsafeBufferPointer(rebasing: path[range])) else { return nil }
            case .parameter:
                guard !range.isEmpty else { return nil }
                hasParameters = true
            }
        }
        guard hasParameters else { return [:] }
        // The first parameter makes the dictionary, sized for it with its one name hashed once;
        // set into an empty dictionary, it grew the storage and hashed the name twice.
        var parameters: [String: String]?
        for (segment, range) in zip(segments, ranges) {
            guard case .parameter(let name) = segment else { continue }
            let value = path.string(range)
            if parameters == nil { parameters = [name: value] } else { parameters?[name] = value }
        }
        return parameters
    }

    /// Whether the bytes are the literal's UTF-8, compared in one memcmp from its storage.
    private static func equals(_ literal: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard literal.utf8.count == bytes.count else { return false }
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return true }
        // Equal non-zero counts: the literal's storage has an address.
        return literal.utf8.withContiguousStorageIfAvailable { memcmp($0.baseAddress!, base, bytes.count) == 0 }
            ?? literal.utf8.elementsEqual(bytes)
    }

    /// Whether this pattern is more specific than `other`: at the first position where one has
    /// a literal and the other a parameter, the literal wins (`/user/me` beats `/user/:uid`).
    func isMoreSpecific(than other: RoutePattern) -> Bool {
        for (mine, theirs) in zip(segments, other.segments) {
            switch (mine, theirs) {
            case (.literal, .parameter): return true
            case (.parameter, .literal): return false
            default: continue
            }
        }
        return false
    }
}
