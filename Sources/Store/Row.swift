/// One result row: its values in column order and the statement's shared `RowLayout`.
///
/// Named accessors return nil for NULL or an unknown column; they convert between numbers and
/// text the way SQLite's own affinity would (`"12"` reads as `12`).
public struct Row: Sendable {
    /// The values in column order.
    public let values: [SQLValue]
    /// The column names, shared by every row of the same statement.
    public let layout: RowLayout

    public init(values: [SQLValue], layout: RowLayout) {
        self.values = values
        self.layout = layout
    }

    /// The value of a named column, `.null` if there is no such column.
    public subscript(column: String) -> SQLValue {
        guard let index = layout.index(of: column) else { return .null }
        return values[index]
    }

    /// The value at a column index, `.null` if out of range.
    public subscript(index: Int) -> SQLValue {
        values.indices.contains(index) ? values[index] : .null
    }

    /// Whether the result has a column of this name.
    public func hasColumn(_ column: String) -> Bool { layout.index(of: column) != nil }

    public func int(_ column: String) -> Int? { self[column].int64Value.map { Int(truncatingIfNeeded: $0) } }
    public func int64(_ column: String) -> Int64? { self[column].int64Value }
    public func double(_ column: String) -> Double? { self[column].doubleValue }
    public func string(_ column: String) -> String? { self[column].stringValue }
    public func blob(_ column: String) -> [UInt8]? { self[column].bytesValue }
    public func bool(_ column: String) -> Bool? { self[column].int64Value.map { $0 != 0 } }

    public func int(at index: Int) -> Int? { self[index].int64Value.map { Int(truncatingIfNeeded: $0) } }
    public func int64(at index: Int) -> Int64? { self[index].int64Value }
    public func double(at index: Int) -> Double? { self[index].doubleValue }
    public func string(at index: Int) -> String? { self[index].stringValue }
    public func blob(at index: Int) -> [UInt8]? { self[index].bytesValue }
}
