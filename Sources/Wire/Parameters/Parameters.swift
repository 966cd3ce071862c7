/// Ordered name/value pairs from a query string or body. Repeated names are all kept; the
/// subscript gives the first value.
public struct Parameters: Sendable, Sequence, Equatable {
    public private(set) var pairs: [(name: String, value: String)]

    public init(_ pairs: [(name: String, value: String)] = []) {
        self.pairs = pairs
    }

    /// The first value for `name`, if any.
    public subscript(name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    /// Every value for `name`, in order.
    public func values(for name: String) -> [String] {
        pairs.compactMap { $0.name == name ? $0.value : nil }
    }

    public func contains(_ name: String) -> Bool {
        pairs.contains { $0.name == name }
    }

    public var isEmpty: Bool { pairs.isEmpty }

    public var count: Int { pairs.count }

    /// The distinct names, in order of first appearance.
    public var names: [String] {
        var seen = Set<String>()
        return pairs.compactMap { seen.insert($0.name).inserted ? $0.name : nil }
    }

    public mutating func append(name: String, value: String) {
        pairs.append((name: name, value: value))
    }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        pairs.makeIterator()
    }

    public static func == (lhs: Parameters, rhs: Parameters) -> Bool {
        lhs.pairs.elementsEqual(rhs.pairs) { $0.name == $1.name && $0.value == $1.value }
    }
}
