#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An ordered list of header fields, for requests, responses and captured exchanges alike.
/// Lookup is case-insensitive; names keep their spelling; repeated fields are all kept in order.
/// Which `KnownHeader`s are present is kept as one bit each, so looking one up that is absent
/// compares no names. Fields read by the request parser stay bytes (`ReceivedHeaderFields`)
/// until a name or value is asked for, or the fields are changed.
public struct HTTPHeaders: Sendable, Sequence, Hashable, ExpressibleByDictionaryLiteral {
    /// The fields made by code, or the received ones once changed, with names as written.
    private(set) var written: [(name: String, value: String)]
    /// The fields as the parser received them, until a change turns them into `written`.
    private(set) var received: ReceivedHeaderFields?
    /// One `KnownHeader.bit` for each known header among the fields.
    @usableFromInline
    package private(set) var knownNames: UInt32

    public init() {
        written = []
        knownNames = 0
    }

    public init(_ fields: [(name: String, value: String)]) {
        written = fields
        knownNames = 0
        for field in fields { knownNames |= Self.bit(of: field.name) }
    }

    /// Fields the request parser received, whose known headers it already recognised.
    package init(received: ReceivedHeaderFields, knownNames: UInt32) {
        written = []
        self.received = received
        self.knownNames = knownNames
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements.map { (name: $0.0, value: $0.1) })
    }

    /// The fields in the order they were received or added, with names as written.
    public var fields: [(name: String, value: String)] {
        guard let received else { return written }
        return (0..<received.count).map { (name: received.name(at: $0), value: received.value(at: $0)) }
    }

    public var count: Int { received?.count ?? written.count }

    /// Whether `other` is a list seen again in the same form: both still the bytes the parser
    /// received, byte for byte (one `memcmp`, no String made), or both made by code with equal
    /// names and values in order (the server's own strings, mostly the same objects, compare at
    /// once). Lists of different forms are not the same here even when their fields are equal:
    /// the journal's writer asks this before writing a list's lines, to reuse the last stored.
    package func isSameList(as other: HTTPHeaders) -> Bool {
        switch (received, other.received) {
        case let (received?, otherReceived?):
            return received.holdsSameBytes(as: otherReceived)
        case (nil, nil):
            return written.count == other.written.count
                && (Self.sameBits(written, other.written)
                    || zip(written, other.written).allSatisfy { $0.name == $1.name && $0.value == $1.value })
        default:
            return false
        }
    }

    /// Whether two lists of fields hold the same strings bit for bit (the same objects, or short
    /// strings of the same bytes), so equal ones: one `memcmp`. The server's answers are made
    /// of the same strings every time, and comparing them field by field copied each one out
    /// (the journal writer's two comparisons an entry: 236 -> 170 Ir, user route).
    private static func sameBits(_ left: [(name: String, value: String)], _ right: [(name: String, value: String)]) -> Bool {
        left.withUnsafeBytes { left in
            right.withUnsafeBytes { right in
                left.count == right.count
                    && (left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0)
            }
        }
    }

    /// Appends the fields as `name: value` lines joined by line feeds (none after the last),
    /// received ones straight from their bytes: the journal's writer stores header fields so,
    /// without making a String of each name and value.
    package func appendFieldLines(to bytes: inout [UInt8]) {
        if let received { return received.appendFieldLines(to: &bytes) }
        guard !written.isEmpty else { return }
        let length = written.reduce(written.count - 1) { $0 + $1.name.utf8.count + 2 + $1.value.utf8.count }
        bytes.append(count: length) { cursor in
            for (index, field) in written.enumerated() {
                if index > 0 { cursor.write(UInt8(ascii: "\n")) }
                cursor.write(field.name)
                cursor.write(ascii: ": ")
                cursor.write(field.value)
            }
        }
    }

    /// The first value of the named field, if any.
    public subscript(name: String) -> String? {
        guard let index = firstIndex(named: name) else { return nil }
        return value(at: index)
    }

    /// The first value of a known field, if any; nil at once when there is none. Only names of
    /// its length are compared, and a name spelled as `KnownHeader.name` (the server's own
    /// fields) is recognised by identity.
    public subscript(known: KnownHeader) -> String? {
        guard contains(known) else { return nil }
        if let received {
            for index in 0..<received.count where received.nameIs(known, at: index) {
                return received.value(at: index)
            }
            return nil
        }
        let name = known.name
        let length = name.utf8.count
        for field in written where field.name.utf8.count == length {
            if field.name == name || field.name.caseInsensitiveEquals(name) { return field.value }
        }
        return nil
    }

    /// Every value of the named field, in order.
    public func values(for name: String) -> [String] {
        (0..<count).compactMap { nameEquals(at: $0, name) ? value(at: $0) : nil }
    }

    public func contains(_ name: String) -> Bool {
        firstIndex(named: name) != nil
    }

    @inlinable
    public func contains(_ known: KnownHeader) -> Bool {
        knownNames & known.bit != 0
    }

    /// Appends a field, keeping any existing field of the same name.
    public mutating func add(name: String, value: String) {
        writeReceived()
        written.append((name: name, value: value))
        knownNames |= Self.bit(of: name)
    }

    /// Appends every field of `other` in order, its known names as `other` recognised them: a
    /// block of fields made once is added without classifying each name again. Field by field:
    /// the array's own `append(contentsOf:)` copied the pairs through the runtime's generic
    /// tuple copy (~130 instructions a field), one `append` retains two Strings.
    public mutating func append(contentsOf other: HTTPHeaders) {
        writeReceived()
        let added = other.fields
        written.reserveCapacity(written.count + added.count)
        for field in added { written.append(field) }
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
        writeReceived()
        written.removeAll { $0.name.caseInsensitiveEquals(name) }
        knownNames &= ~bit
    }

    /// Room for `count` fields in all, so that adding up to that many allocates once.
    public mutating func reserveCapacity(_ count: Int) {
        writeReceived()
        written.reserveCapacity(count)
    }

    /// The received fields as Strings, before a change.
    private mutating func writeReceived() {
        guard received != nil else { return }
        written = fields
        received = nil
    }

    private func firstIndex(named name: String) -> Int? {
        if let received { return received.firstIndex(named: name) }
        return written.firstIndex { $0.name.caseInsensitiveEquals(name) }
    }

    private func nameEquals(at index: Int, _ name: String) -> Bool {
        if let received { return received.nameEquals(at: index, name) }
        return written[index].name.caseInsensitiveEquals(name)
    }

    private func name(at index: Int) -> String {
        received?.name(at: index) ?? written[index].name
    }

    private func value(at index: Int) -> String {
        received?.value(at: index) ?? written[index].value
    }

    private static func bit(of name: String) -> UInt32 {
        KnownHeader(name)?.bit ?? 0
    }

    /// The fields in order, each made a String pair as it is reached.
    public struct Iterator: IteratorProtocol {
        private let headers: HTTPHeaders
        private var index = 0

        fileprivate init(_ headers: HTTPHeaders) {
            self.headers = headers
        }

        public mutating func next() -> (name: String, value: String)? {
            guard index < headers.count else { return nil }
            defer { index += 1 }
            return (name: headers.name(at: index), value: headers.value(at: index))
        }
    }

    public func makeIterator() -> Iterator {
        Iterator(self)
    }

    public var underestimatedCount: Int { count }

    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.elementsEqual(rhs) { $0.name == $1.name && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        for field in self {
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
