import Wire

/// The values a route's `:name` segments bound (`uid` for `/app/user/:uid`), read by name.
///
/// Routing keeps the matched path and the pattern's parameter names (shared with the pattern):
/// a value becomes a String only when a handler reads it, so a routed request makes no
/// dictionary and no value. Set from a dictionary, it holds that dictionary. None at all (a
/// literal route) is no reference, so copying a request costs nothing more for them.
public struct PathParameters: Sendable, Equatable, ExpressibleByDictionaryLiteral, Sequence {
    private enum Source: Sendable {
        /// Bound by routing: each name with the path segment that is its value, and the path.
        case route([RoutePattern.Parameter], path: String)
        case values([String: String])
    }

    /// One reference to copy, whatever the source.
    private final class Box: Sendable {
        let source: Source

        init(_ source: Source) {
            self.source = source
        }
    }

    /// Nil when there are none.
    private let box: Box?

    private var source: Source { box?.source ?? .values([:]) }

    /// The values of `parameters` in `path` (a path its pattern matched, starting with `/`).
    init(route parameters: [RoutePattern.Parameter], path: String) {
        box = Box(.route(parameters, path: path))
    }

    public init(_ values: [String: String] = [:]) {
        box = values.isEmpty ? nil : Box(.values(values))
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    /// The value bound to `name`; nil when the route has no such parameter.
    public subscript(name: String) -> String? {
        switch source {
        case .route(let parameters, let path):
            for parameter in parameters where parameter.name == name {
                return Self.segment(parameter.segment, of: path)
            }
            return nil
        case .values(let values):
            return values[name]
        }
    }

    public var isEmpty: Bool {
        switch box?.source {
        case nil: true
        case .route(let parameters, _): parameters.isEmpty
        case .values(let values): values.isEmpty
        }
    }

    /// Every name and its value.
    public var dictionary: [String: String] {
        switch source {
        case .route(let parameters, let path):
            Dictionary(parameters.map { ($0.name, Self.segment($0.segment, of: path)) },
                       uniquingKeysWith: { _, last in last })
        case .values(let values):
            values
        }
    }

    public func makeIterator() -> Dictionary<String, String>.Iterator {
        dictionary.makeIterator()
    }

    public static func == (left: PathParameters, right: PathParameters) -> Bool {
        left.dictionary == right.dictionary
    }

    /// Segment `index` of `path`, counted as `RoutePattern.matches` counts them: the bytes
    /// after the `index + 1`-th `/` up to the next `/` or the end.
    private static func segment(_ index: Int, of path: String) -> String {
        var path = path
        return path.withUTF8 { bytes in
            var slashes = 0
            var start = bytes.count
            for position in 0..<bytes.count where bytes[position] == UInt8(ascii: "/") {
                if slashes == index {
                    start = position + 1
                    break
                }
                slashes += 1
            }
            let end = bytes.firstIndex(of: UInt8(ascii: "/"), in: start..<bytes.count) ?? bytes.count
            return bytes.string(start..<end)
        }
    }
}
