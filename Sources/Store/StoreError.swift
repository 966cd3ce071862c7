import CSQLite

/// A failed SQLite call: the result codes, SQLite's message, and the SQL that was running.
public struct StoreError: Error, Sendable, CustomStringConvertible {
    /// The primary result code (`SQLITE_CONSTRAINT`, `SQLITE_BUSY`, …).
    public let code: Int32
    /// The extended result code (`SQLITE_CONSTRAINT_UNIQUE`, …); equals `code` when there is none.
    public let extendedCode: Int32
    /// SQLite's message, or ours for misuse detected before SQLite is called.
    public let message: String
    /// The statement that failed, when there was one.
    public let sql: String?

    public init(code: Int32, extendedCode: Int32? = nil, message: String, sql: String? = nil) {
        self.code = code
        self.extendedCode = extendedCode ?? code
        self.message = message
        self.sql = sql
    }

    /// An error read from a connection right after a call on it failed.
    init(connection: OpaquePointer?, sql: String?) {
        let extended = connection.map { sqlite3_extended_errcode($0) } ?? SQLITE_ERROR
        let text = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
        self.init(
            code: extended & 0xFF,
            extendedCode: extended,
            message: text ?? String(cString: sqlite3_errstr(extended)),
            sql: sql
        )
    }

    /// A programming error caught by the Store layer (nested write, bad binding count, …).
    static func misuse(_ message: String, sql: String? = nil) -> StoreError {
        StoreError(code: SQLITE_MISUSE, message: message, sql: sql)
    }

    /// True when a constraint (UNIQUE, NOT NULL, FOREIGN KEY, CHECK) refused the change.
    public var isConstraintViolation: Bool { code == SQLITE_CONSTRAINT }

    public var description: String {
        var text = "SQLite error \(code)"
        if extendedCode != code { text += " (extended \(extendedCode))" }
        text += ": \(message)"
        if let sql { text += " — SQL: \(sql)" }
        return text
    }
}
