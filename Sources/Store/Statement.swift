import CSQLite

/// A prepared SQLite statement: prepared in `init`, finalized in `deinit`.
///
/// Not `Sendable`: a statement belongs to its `Connection` and is only used inside a
/// `Database.read`/`write` closure. Get one with `Connection.statement(_:)` (cached per connection).
public final class Statement {
    /// The SQL text this statement was prepared from.
    public let sql: String
    /// The result column names with their name → index map.
    public let layout: RowLayout
    /// The number of `?` placeholders.
    public let parameterCount: Int

    let handle: OpaquePointer
    private let connection: OpaquePointer

    /// Prepared with `SQLITE_PREPARE_PERSISTENT`: every statement lives in a connection's cache.
    init(connection: OpaquePointer, sql: String) throws {
        var prepared: OpaquePointer?
        // The tail points into the C string, so it is read inside `withCString`, while that lives.
        let (result, restIsBlank) = sql.withCString { text in
            var tail: UnsafePointer<CChar>?
            let result = sqlite3_prepare_v3(connection, text, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, &tail)
            return (result, tail.map(Statement.isBlank) ?? true)
        }
        guard result == SQLITE_OK else { throw StoreError(connection: connection, sql: sql) }
        guard let prepared else { throw StoreError.misuse("statement is empty", sql: sql) }
        if !restIsBlank {
            sqlite3_finalize(prepared)
            throw StoreError.misuse(
                "one statement expected; use Connection.executeScript for several", sql: sql)
        }
        self.sql = sql
        self.connection = connection
        self.handle = prepared
        self.parameterCount = Int(sqlite3_bind_parameter_count(prepared))
        let count = sqlite3_column_count(prepared)
        self.layout = RowLayout(names: (0..<count).map { String(cString: sqlite3_column_name(prepared, $0)) }, sql: sql)
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Binds the values to the placeholders in order, after resetting the statement. There must
    /// be one value per placeholder, so every earlier binding is replaced (no need to clear them).
    public func bind(_ values: [SQLValue]) throws {
        sqlite3_reset(handle)
        guard values.count == parameterCount else {
            throw StoreError.misuse("expected \(parameterCount) bindings, got \(values.count)", sql: sql)
        }
        for (offset, value) in values.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    /// Binds one value to the placeholder at `index` (1-based), leaving the others as they are:
    /// a statement with many placeholders is bound without building an array of values first.
    /// `reset()` first if the statement ran; then `runWithCurrentBindings()`.
    public func bind(_ value: SQLValue, at index: Int32) throws {
        let result: Int32
        switch value {
        case .null:
            result = sqlite3_bind_null(handle, index)
        case .integer(let number):
            result = sqlite3_bind_int64(handle, index, number)
        case .real(let number):
            result = sqlite3_bind_double(handle, index, number)
        case .text(let text):
            var text = text
            result = text.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    guard let base = chars.baseAddress else {
                        return sqlite3_bind_text(handle, index, "", 0, csqlite_transient())
                    }
                    return sqlite3_bind_text(handle, index, base, Int32(chars.count), csqlite_transient())
                }
            }
        case .blob(let bytes):
            result = bytes.withUnsafeBytes { raw in
                guard let base = raw.baseAddress else { return sqlite3_bind_zeroblob(handle, index, 0) }
                return sqlite3_bind_blob(handle, index, base, Int32(raw.count), csqlite_transient())
            }
        }
        guard result == SQLITE_OK else { throw StoreError(connection: connection, sql: sql) }
    }

    /// Binds bytes that SQLite reads where they are, without copying them (`SQLITE_STATIC`), as
    /// text or as a blob, to the placeholder at `index` (1-based). The bytes must stay valid and
    /// unchanged until the statement has run and `clearBindings()` has let go of them: for the
    /// journal's batches (`JournalRepository.insert`), which spares SQLite a copy of a batch's
    /// bytes when they are bound.
    public func bindBorrowed(_ bytes: UnsafeBufferPointer<UInt8>, asText: Bool, at index: Int32) throws {
        let result: Int32
        if let base = bytes.baseAddress, !bytes.isEmpty {
            result = asText
                ? base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                    sqlite3_bind_text(handle, index, $0, Int32(bytes.count), nil)
                }
                : sqlite3_bind_blob(handle, index, base, Int32(bytes.count), nil)
        } else {
            result = asText ? sqlite3_bind_text(handle, index, "", 0, csqlite_transient()) : sqlite3_bind_zeroblob(handle, index, 0)
        }
        guard result == SQLITE_OK else { throw StoreError(connection: connection, sql: sql) }
    }

    /// Sets every placeholder back to NULL, so the statement holds no pointer into bytes bound
    /// with `bindBorrowed`.
    public func clearBindings() {
        sqlite3_clear_bindings(handle)
    }

    /// Advances to the next row: true when a row is available, false when done.
    public func step() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW:
            return true
        case SQLITE_DONE:
            return false
        default:
            let error = StoreError(connection: connection, sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Resets the statement so it can run again (bindings are kept until the next `bind`).
    public func reset() {
        sqlite3_reset(handle)
    }

    /// Runs the statement to completion with these bindings, ignoring any rows.
    public func run(_ bindings: [SQLValue] = []) throws {
        try bind(bindings)
        defer { reset() }
        while try step() {}
    }

    /// Runs the statement to completion with the values bound so far, ignoring any rows, and
    /// resets it.
    public func runWithCurrentBindings() throws {
        defer { reset() }
        while try step() {}
    }

    /// Runs the statement and collects every row.
    public func rows(_ bindings: [SQLValue] = []) throws -> [Row] {
        try bind(bindings)
        defer { reset() }
        var rows: [Row] = []
        while try step() {
            rows.append(currentRow())
        }
        return rows
    }

    /// Runs the statement and returns the first row, if any.
    public func firstRow(_ bindings: [SQLValue] = []) throws -> Row? {
        try bind(bindings)
        defer { reset() }
        return try step() ? currentRow() : nil
    }

    private static func isBlank(_ text: UnsafePointer<CChar>) -> Bool {
        var cursor = text
        while cursor.pointee != 0 {
            switch UInt8(bitPattern: cursor.pointee) {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: ";"):
                cursor += 1
            default:
                return false
            }
        }
        return true
    }
}
