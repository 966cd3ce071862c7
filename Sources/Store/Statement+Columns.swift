import CSQLite

/// Typed reads of the current row, by column index, straight from SQLite's buffers.
extension Statement {
    /// The current row as a `Row` (one array of values; the layout is shared).
    public func currentRow() -> Row {
        var values: [SQLValue] = []
        values.reserveCapacity(layout.names.count)
        for index in 0..<Int32(layout.names.count) {
            values.append(value(at: index))
        }
        return Row(values: values, layout: layout)
    }

    /// The value of a column of the current row, in its stored type.
    public func value(at index: Int32) -> SQLValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(handle, index))
        case SQLITE_TEXT:
            return .text(text(at: index) ?? "")
        case SQLITE_BLOB:
            return .blob(bytes(at: index))
        default:
            return .null
        }
    }

    /// A column of the current row as text (nil for NULL).
    public func text(at index: Int32) -> String? {
        guard let pointer = sqlite3_column_text(handle, index) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    /// Lends the bytes of a column of the current row without copying them (empty for NULL);
    /// the buffer is valid only inside `body`.
    public func withUnsafeBytes<T>(at index: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        guard let pointer = sqlite3_column_blob(handle, index) else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
        let count = Int(sqlite3_column_bytes(handle, index))
        return try body(UnsafeBufferPointer(start: pointer.assumingMemoryBound(to: UInt8.self), count: count))
    }

    /// A column of the current row as raw bytes (text or blob; empty for NULL).
    public func bytes(at index: Int32) -> [UInt8] {
        guard let pointer = sqlite3_column_blob(handle, index) else { return [] }
        let count = Int(sqlite3_column_bytes(handle, index))
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }

    /// A column of the current row as an integer (0 for NULL, as SQLite converts).
    public func int64(at index: Int32) -> Int64 {
        sqlite3_column_int64(handle, index)
    }

    /// Whether a column of the current row is NULL.
    public func isNull(at index: Int32) -> Bool {
        sqlite3_column_type(handle, index) == SQLITE_NULL
    }
}
