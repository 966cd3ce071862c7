/// One result row: its values in column order and the statement's shared `RowLayout`.
///
/// Reads throw a `StoreError` naming the column and the SQL when the column is not in the result,
/// when it is NULL and a value is required, or when its value does not convert: a query that no
/// longer matches the code fails loudly instead of reading 0 or "". The `optional…` reads return
/// nil for NULL. Numbers and text convert the way SQLite's own affinity would (`"12"` reads as `12`).
public struct Row: Sendable {
    /// The values in column order.
    public let values: [SQLValue]
    /// The column names, shared by every row of the same statement.
    public let layout: RowLayout

    public init(values: [SQLValue], layout: RowLayout) {
        self.values = values
        self.layout = layout
    }

    /// The value of a named column, which must be in the result.
    public subscript(column: String) -> SQLValue {
        get throws { values[try layout.requireIndex(of: column)] }
    }

    /// The value at a column index, which must be in the result.
    public subscript(index: Int) -> SQLValue {
        get throws { values[try layout.requireIndex(index)] }
    }

    /// Whether the result has a column of this name.
    public func hasColumn(_ column: String) -> Bool { layout.index(of: column) != nil }

    public func int(_ column: String) throws -> Int { try required(layout.requireIndex(of: column), Self.asInt) }
    public func int64(_ column: String) throws -> Int64 { try required(layout.requireIndex(of: column), \.int64Value) }
    public func double(_ column: String) throws -> Double { try required(layout.requireIndex(of: column), \.doubleValue) }
    public func string(_ column: String) throws -> String { try required(layout.requireIndex(of: column), \.stringValue) }
    public func blob(_ column: String) throws -> [UInt8] { try required(layout.requireIndex(of: column), \.bytesValue) }
    public func bool(_ column: String) throws -> Bool { try required(layout.requireIndex(of: column), Self.asBool) }

    public func optionalInt(_ column: String) throws -> Int? { try optional(layout.requireIndex(of: column), Self.asInt) }
    public func optionalInt64(_ column: String) throws -> Int64? { try optional(layout.requireIndex(of: column), \.int64Value) }
    public func optionalDouble(_ column: String) throws -> Double? { try optional(layout.requireIndex(of: column), \.doubleValue) }
    public func optionalString(_ column: String) throws -> String? { try optional(layout.requireIndex(of: column), \.stringValue) }

    public func int(at index: Int) throws -> Int { try required(layout.requireIndex(index), Self.asInt) }
    public func int64(at index: Int) throws -> Int64 { try required(layout.requireIndex(index), \.int64Value) }
    public func double(at index: Int) throws -> Double { try required(layout.requireIndex(index), \.doubleValue) }
    public func string(at index: Int) throws -> String { try required(layout.requireIndex(index), \.stringValue) }
    public func blob(at index: Int) throws -> [UInt8] { try required(layout.requireIndex(index), \.bytesValue) }

    public func optionalInt(at index: Int) throws -> Int? { try optional(layout.requireIndex(index), Self.asInt) }
    public func optionalInt64(at index: Int) throws -> Int64? { try optional(layout.requireIndex(index), \.int64Value) }
    public func optionalDouble(at index: Int) throws -> Double? { try optional(layout.requireIndex(index), \.doubleValue) }
    public func optionalString(at index: Int) throws -> String? { try optional(layout.requireIndex(index), \.stringValue) }

    private func required<T>(_ index: Int, _ convert: (SQLValue) -> T?) throws -> T {
        guard let value = try optional(index, convert) else {
            throw StoreError.column(layout.label(index), in: layout.sql, "is NULL, a \(T.self) is required")
        }
        return value
    }

    private func optional<T>(_ index: Int, _ convert: (SQLValue) -> T?) throws -> T? {
        let value = values[index]
        if value.isNull { return nil }
        guard let converted = convert(value) else {
            throw StoreError.column(layout.label(index), in: layout.sql, "holds \(value.kind), not a \(T.self)")
        }
        return converted
    }

    private static func asInt(_ value: SQLValue) -> Int? { value.int64Value.flatMap { Int(exactly: $0) } }
    private static func asBool(_ value: SQLValue) -> Bool? { value.int64Value.map { $0 != 0 } }
}
