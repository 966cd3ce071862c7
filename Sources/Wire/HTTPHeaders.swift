/// An ordered list of header fields, for requests, responses and captured exchanges alike.
/// Lookup is case-insensitive; names keep their spelling; repeated fields are all kept in order.
public struct HTTPHeaders: Sendable, Sequence, Hashable, ExpressibleByDictionaryLiteral {
    /// The fields in the order they were received or added, with names as written.
    public private(set) var fields: [(name: String, value: String)]

    public init() { fields = [] }

    public init(_ fields: [(name: String, value: String)]) { self.fields = fields }

    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { (name: $0.0, value: $0.1) }
    }

    /// The first value of the named field, if any.
    @inlinable
    public subscript(name: String) -> String? {
        fields.first { $0.name.caseInsensitiveEquals(name) }?.value
    }

    /// Every value of the named field, in order.
    @inlinable
    public func values(for name: String) -> [String] {
        fields.compactMap { $0.name.caseInsensitiveEquals(name) ? $0.value : nil }
    }

    @inlinable
    public func contains(_ name: String) -> Bool {
        fields.contains { $0.name.caseInsensitiveEquals(name) }
    }

    /// Appends a field, keeping any existing field of the same name.
    public mutating func add(name: String, value: String) {
        fields.append((name: name, value: value))
    }

    /// Replaces every field of that name with one field.
    public mutating func replaceOrAdd(name: String, value: String) {
        remove(name: name)
        fields.append((name: name, value: value))
    }

    /// Removes every field of that name. Without one, the fields (often shared with the
    /// value this was copied from) are left alone rather than copied.
    public mutating func remove(name: String) {
        guard contains(name) else { return }
        fields.removeAll { $0.name.caseInsensitiveEquals(name) }
    }

    /// Room for `count` fields in all, so that adding up to that many allocates once.
    public mutating func reserveCapacity(_ count: Int) {
        fields.reserveCapacity(count)
    }

    public var count: Int { fields.count }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        fields.makeIterator()
    }

    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0.name == $1.name && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        for field in fields {
            hasher.combine(field.name)
            hasher.combine(field.value)
        }
    }
}

extension String {
    /// ASCII case-insensitive equality, as header names and tokens need (no locale, no allocation).
    @inlinable
    package func caseInsensitiveEquals(_ other: String) -> Bool {
        // Most names differ in length, and a native String knows its UTF-8 count at once.
        guard utf8.count == other.utf8.count else { return false }
        let contiguous = utf8.withContiguousStorageIfAvailable { lhs in
            other.utf8.withContiguousStorageIfAvailable { rhs in
                for index in lhs.indices where lhs[index] != rhs[index] {
                    let lowerL = (lhs[index] >= 65 && lhs[index] <= 90) ? lhs[index] | 0x20 : lhs[index]
                    let lowerR = (rhs[index] >= 65 && rhs[index] <= 90) ? rhs[index] | 0x20 : rhs[index]
                    if lowerL != lowerR { return false }
                }
                return true
            }
        }
        if let contiguous, let equal = contiguous { return equal }
        var lhs = utf8.makeIterator()
        var rhs = other.utf8.makeIterator()
        while true {
            switch (lhs.next(), rhs.next()) {
            case (nil, nil): return true
            case let (l?, r?):
                if l == r { continue }
                let lowerL = (l >= 65 && l <= 90) ? l | 0x20 : l
                let lowerR = (r >= 65 && r <= 90) ? r | 0x20 : r
                if lowerL != lowerR { return false }
            default: return false
            }
        }
    }
}
