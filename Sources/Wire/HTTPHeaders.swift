/// An ordered list of header fields, for requests, responses and captured exchanges alike.
/// Lookup is case-insensitive; names keep their spelling; repeated fields are all kept in order.
/// Which `KnownHeader`s are present is kept as one bit each, so looking one up that is absent
/// compares no names.
public struct HTTPHeaders: Sendable, Sequence, Hashable, ExpressibleByDictionaryLiteral {
    /// The fields in the order they were received or added, with names as written.
    public private(set) var fields: [(name: String, value: String)]
    /// One `KnownHeader.bit` for each known header among `fields`.
    @usableFromInline
    package private(set) var knownNames: UInt32

    public init() {
        fields = []
        knownNames = 0
    }

    public init(_ fields: [(name: String, value: String)]) {
        self.fields = fields
        knownNames = 0
        for field in fields { knownNames |= Self.bit(of: field.name) }
    }

    /// Fields whose known headers the caller (the request parser) already recognised.
    package init(_ fields: [(name: String, value: String)], knownNames: UInt32) {
        self.fields = fields
        self.knownNames = knownNames
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements.map { (name: $0.0, value: $0.1) })
    }

    /// The first value of the named field, if any.
    @inlinable
    public subscript(name: String) -> String? {
        fields.first { $0.name.caseInsensitiveEquals(name) }?.value
    }

    /// The first value of a known field, if any; nil at once when there is none. Only names of
    /// its length are compared, and a name spelled as `KnownHeader.name` (the server's own
    /// fields) is recognised by identity.
    @inlinable
    public subscript(known: KnownHeader) -> String? {
        guard contains(known) else { return nil }
        let name = known.name
        let length = name.utf8.count
        for field in fields where field.name.utf8.count == length {
            if field.name == name || field.name.caseInsensitiveEquals(name) { return field.value }
        }
        return nil
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

    @inlinable
    public func contains(_ known: KnownHeader) -> Bool {
        knownNames & known.bit != 0
    }

    /// Appends a field, keeping any existing field of the same name.
    public mutating func add(name: String, value: String) {
        fields.append((name: name, value: value))
        knownNames |= Self.bit(of: name)
    }

    /// Appends every field of `other` in order, its known names as `other` recognised them: a
    /// block of fields made once is added without classifying each name again.
    public mutating func append(contentsOf other: HTTPHeaders) {
        fields.append(contentsOf: other.fields)
        knownNames |= other.knownNames
    }

    /// Replaces every field of that name with one field.
    public mutating func replaceOrAdd(name: String, value: String) {
        remove(name: name)
        add(name: name, value: value)
    }

    /// Removes every field of that name. Without one, the fields (often shared with the
    /// value this was copied from) are left alone rather than copied.
    public mutating func remove(name: String) {
        let bit = Self.bit(of: name)
        guard bit == 0 ? contains(name) : knownNames & bit != 0 else { return }
        fields.removeAll { $0.name.caseInsensitiveEquals(name) }
        knownNames &= ~bit
    }

    /// Room for `count` fields in all, so that adding up to that many allocates once.
    public mutating func reserveCapacity(_ count: Int) {
        fields.reserveCapacity(count)
    }

    private static func bit(of name: String) -> UInt32 {
        KnownHeader(name)?.bit ?? 0
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
