import CSQLite

/// Typed reads of the current row, by column index, straight from SQLite's buffers.
///
/// An index past the result's columns throws a `StoreError` naming the statement, as does NULL
/// where bytes are required: SQLite itself would silently answer NULL or 0.
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

    /// The value of a column of the current row, in its stored type; `index` is in range.
    private func value(at index: Int32) -> SQLValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(handle, index))
        case SQLITE_TEXT:
            return .text(unsafeText(at: index) ?? "")
        case SQLITE_BLOB:
            return .blob(Array(unsafeBytes(at: index)))
        default:
            return .null
        }
    }

    /// An integer column of the current row, converted as SQLite converts (`"12"` reads as 12);
    /// NULL throws.
    public func int64(at index: Int32) throws -> Int64 {
        guard try !isNull(at: index) else {
            throw StoreError.column(layout.label(Int(index)), in: sql, "is NULL, an integer is required")
        }
        return sqlite3_column_int64(handle, index)
    }

    /// A column of the current row as text (nil for NULL).
    public func optionalText(at index: Int32) throws -> String? {
        try unsafeText(at: checked(index))
    }

    /// Lends the bytes of a column of the current row (text or blob; empty for NULL) without
    /// copying them; the buffer is valid only inside `body`.
    public func withUnsafeBytes<T>(at index: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) throws -> T {
        try body(unsafeBytes(at: checked(index)))
    }

    /// A column of the current row as raw bytes (text or blob); NULL throws.
    public func bytes(at index: Int32) throws -> [UInt8] {
        guard try !isNull(at: index) else {
            throw StoreError.column(layout.label(Int(index)), in: sql, "is NULL, bytes are required")
        }
        return Array(unsafeBytes(at: index))
    }

    /// Whether a column of the current row is NULL.
    public func isNull(at index: Int32) throws -> Bool {
        sqlite3_column_type(handle, try checked(index)) == SQLITE_NULL
    }

    private func checked(_ index: Int32) throws -> Int32 {
        Int32(try layout.requireIndex(Int(index)))
    }

    private func unsafeText(at index: Int32) -> String? {
        guard let pointer = sqlite3_column_text(handle, index) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    private func unsafeBytes(at index: Int32) -> UnsafeBufferPointer<UInt8> {
        guard let pointer = sqlite3_column_blob(handle, index) else { return UnsafeBufferPointer(start: nil, count: 0) }
        let count = Int(sqlite3_column_bytes(handle, index))
        return UnsafeBufferPointer(start: pointer.assumingMemoryBound(to: UInt8.self), count: count)
    }
}
