/// One SQLite value: what a column holds and what a `?` placeholder is bound to.
///
/// Values always travel as bindings, never spliced into SQL text.
public enum SQLValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    public init(_ value: Int) { self = .integer(Int64(value)) }
    public init(_ value: Int64) { self = .integer(value) }
    public init(_ value: Double) { self = .real(value) }
    public init(_ value: Bool) { self = .integer(value ? 1 : 0) }
    public init(_ value: String) { self = .text(value) }
    public init(_ value: [UInt8]) { self = .blob(value) }
    public init(_ value: Int?) { self = value.map { .integer(Int64($0)) } ?? .null }
    public init(_ value: String?) { self = value.map { .text($0) } ?? .null }
    public init(_ value: Double?) { self = value.map { .real($0) } ?? .null }

    /// True for `.null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The stored type in words, for error messages (`"text"`, `"an integer"`).
    public var kind: String {
        switch self {
        case .null: "NULL"
        case .integer: "an integer"
        case .real: "a real"
        case .text: "text"
        case .blob: "a blob"
        }
    }

    /// The value as a 64-bit integer: integers as they are, reals truncated, numeric text parsed.
    public var int64Value: Int64? {
        switch self {
        case .integer(let value): return value
        case .real(let value): return value.isFinite ? Int64(exactly: value.rounded(.towardZero)) : nil
        case .text(let value): return Int64(value)
        case .null, .blob: return nil
        }
    }

    /// The value as a double: reals as they are, integers converted, numeric text parsed.
    public var doubleValue: Double? {
        switch self {
        case .real(let value): return value
        case .integer(let value): return Double(value)
        case .text(let value): return Double(value)
        case .null, .blob: return nil
        }
    }

    /// The value as text: text as it is, numbers in their decimal form, blobs decoded as UTF-8.
    public var stringValue: String? {
        switch self {
        case .text(let value): return value
        case .integer(let value): return String(value)
        case .real(let value): return String(value)
        case .blob(let bytes): return String(decoding: bytes, as: UTF8.self)
        case .null: return nil
        }
    }

    /// The value as bytes: blobs as they are, text as its UTF-8 bytes.
    public var bytesValue: [UInt8]? {
        switch self {
        case .blob(let bytes): return bytes
        case .text(let value): return Array(value.utf8)
        case .null, .integer, .real: return nil
        }
    }
}

extension SQLValue: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int64) { self = .integer(value) }
}

extension SQLValue: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Double) { self = .real(value) }
}

extension SQLValue: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .text(value) }
}

extension SQLValue: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) { self = .integer(value ? 1 : 0) }
}

extension SQLValue: ExpressibleByNilLiteral {
    public init(nilLiteral: ()) { self = .null }
}
