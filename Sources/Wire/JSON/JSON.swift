/// A JSON value. Objects keep their members in order, so captured content reads as captured.
///
/// `.raw` holds an already-encoded JSON fragment (a stored list item, a captured `data` value):
/// it is written out byte for byte, which is how hot list routes avoid re-encoding rows.
/// A parsed document keeps each number's text (`188.00`, `1e2`) in `.numberText`, so a captured
/// value comes out with its numbers as written; code builds numbers with `.int` and `.number`.
public indirect enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int64)
    case number(Double)
    /// A number exactly as a parsed document wrote it (valid RFC 8259 number text).
    case numberText(String)
    case string(String)
    case array([JSON])
    case object([(key: String, value: JSON)])
    case raw([UInt8])

    public static func == (lhs: JSON, rhs: JSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case let (.bool(l), .bool(r)): l == r
        case let (.int(l), .int(r)): l == r
        case let (.number(l), .number(r)): l == r
        case (.int, .number), (.number, .int), (.numberText, _), (_, .numberText):
            lhs.doubleValue != nil && lhs.doubleValue == rhs.doubleValue
        case let (.string(l), .string(r)): l == r
        case let (.array(l), .array(r)): l == r
        case let (.object(l), .object(r)):
            l.count == r.count && zip(l, r).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case let (.raw(l), _): (try? JSON.parse(l)) == rhs
        case let (_, .raw(r)): lhs == (try? JSON.parse(r))
        default: false
        }
    }
}

extension JSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByFloatLiteral, ExpressibleByNilLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(nilLiteral: ()) { self = .null }
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(elements.map { (key: $0.0, value: $0.1) })
    }
}

extension JSON {
    /// An integer value from a Swift `Int`.
    public static func int(_ value: Int) -> JSON { .int(Int64(value)) }

    /// A string, or `null` when the optional is empty.
    public static func string(_ value: String?) -> JSON { value.map(JSON.string) ?? .null }

    /// The member named `key` of an object (the first, if repeated); nil for anything else.
    public subscript(key: String) -> JSON? {
        switch self {
        case let .object(members): return members.first { $0.key == key }?.value
        case let .raw(bytes): return (try? JSON.parse(bytes))?[key]
        default: return nil
        }
    }

    /// The string of a `.string`; numbers and bools are not converted.
    public var stringValue: String? {
        if case let .string(value) = self { return value }
        if case let .raw(bytes) = self { return (try? JSON.parse(bytes))?.stringValue }
        return nil
    }

    /// An integer from a JSON integer, an integral JSON number, or a string of digits
    /// (captured payloads often carry numbers as strings).
    public var intValue: Int? {
        switch self {
        case let .int(value): return Int(exactly: value)
        case let .number(value): return Int(exactly: value)
        case let .numberText(text): return Int(text) ?? Double(text).flatMap { Int(exactly: $0) }
        case let .string(text): return Int(text)
        case let .raw(bytes): return (try? JSON.parse(bytes))?.intValue
        default: return nil
        }
    }

    /// A JSON number as a Double; strings and other values are not converted.
    public var doubleValue: Double? {
        switch self {
        case let .int(value): return Double(value)
        case let .number(value): return value
        case let .numberText(text): return Double(text)
        case let .raw(bytes): return (try? JSON.parse(bytes))?.doubleValue
        default: return nil
        }
    }

    /// The items of an array.
    public var arrayValue: [JSON]? {
        if case let .array(items) = self { return items }
        if case let .raw(bytes) = self { return (try? JSON.parse(bytes))?.arrayValue }
        return nil
    }

    /// The members of an object, in document order.
    public var objectValue: [(key: String, value: JSON)]? {
        if case let .object(members) = self { return members }
        if case let .raw(bytes) = self { return (try? JSON.parse(bytes))?.objectValue }
        return nil
    }

    /// Whether this is `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}
