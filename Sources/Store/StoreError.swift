import CSQLite

/// A failed SQLite call: the result codes, SQLite's message, and the SQL that was running.
///
/// The text (message, SQL) is for logs and people: never send it to a client.
public struct StoreError: Error, Sendable, CustomStringConvertible {
    /// The primary result code (`.constraint`, `.busy`, …).
    public let code: ResultCode
    /// The extended result code (`.constraintUnique`, …); equals `code` when there is none.
    public let extendedCode: ResultCode
    /// SQLite's message, or ours for misuse detected before SQLite is called.
    public let message: String
    /// The statement that failed, when there was one.
    public let sql: String?

    /// An error with this code; the primary code is derived from `code`, which may be extended.
    public init(code: ResultCode, message: String, sql: String? = nil) {
        self.code = code.primary
        self.extendedCode = code
        self.message = message
        self.sql = sql
    }

    /// An error read from a connection right after a call on it failed.
    init(connection: OpaquePointer?, sql: String?) {
        let extended = connection.map { sqlite3_extended_errcode($0) } ?? SQLITE_ERROR
        let text = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
        self.init(
            code: ResultCode(rawValue: extended),
            message: text ?? String(cString: sqlite3_errstr(extended)),
            sql: sql
        )
    }

    /// The same error with its message prefixed by what was being done.
    func explained(_ context: String) -> StoreError {
        StoreError(code: extendedCode, message: "\(context): \(message)", sql: sql)
    }

    /// A programming error caught by the Store layer (nested write, bad binding count, …).
    static func misuse(_ message: String, sql: String? = nil) -> StoreError {
        StoreError(code: .misuse, message: message, sql: sql)
    }

    /// True when a constraint (UNIQUE, NOT NULL, FOREIGN KEY, CHECK) refused the change.
    public var isConstraintViolation: Bool { code == .constraint }

    public var description: String {
        var text = "SQLite error \(code.rawValue)"
        if extendedCode != code { text += " (extended \(extendedCode.rawValue))" }
        text += ": \(message)"
        if let sql { text += " — SQL: \(sql)" }
        return text
    }
}
