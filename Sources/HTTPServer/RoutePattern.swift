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

    /// A `:name` segment: its name, and its place among the pattern's segments.
    struct Parameter: Sendable {
        let name: String
        let segment: Int
    }

    let text: String
    let segments: [Segment]
    /// The `:name` segments in order; a routed request's `PathParameters` shares this array.
    let parameters: [Parameter]

    init(_ text: String) {
        self.text = text
        let segments: [Segment] = RoutePattern.pathSegments(text).map { segment in
            segment.hasPrefix(":") && segment.count > 1
                ? .parameter(String(segment.dropFirst()))
                : .literal(String(segment))
        }
        self.segments = segments
        parameters = segments.indices.compactMap { index in
            if case .parameter(let name) = segments[index] { Parameter(name: name, segment: index) } else { nil }
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

    /// How many segments `pathSegments` cuts `path` (which starts with `/`) into, counted on
    /// its bytes: one after each `/`, less a last empty one.
    static func segmentCount(of path: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        for byte in path where byte == UInt8(ascii: "/") { count += 1 }
        if count > 0 && path[path.count - 1] == UInt8(ascii: "/") { count -= 1 }
        return count
    }

    /// Whether a path of `segments.count` segments (`segmentCount`), starting with `/`,
    /// matches: its segments are walked in place, each literal compared in one memcmp, and
    /// nothing is allocated or bound (`PathParameters` reads a value when it is asked for).
    func matches(_ path: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = 1
        for segment in segments {
            guard start <= path.count else { return false }
            let end = path.firstIndex(of: UInt8(ascii: "/"), in: start..<path.count) ?? path.count
            switch segment {
            case .literal(let literal):
                guard Self.equals(literal, UnsafeBufferPointer(rebasing: path[start..<end])) else { return false }
            case .parameter:
                guard end > start else { return false }
            }
            start = end + 1
        }
        // What follows the last segment is nothing, or the one trailing slash that is ignored.
        return start >= path.count
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
