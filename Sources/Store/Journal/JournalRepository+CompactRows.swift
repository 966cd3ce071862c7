import Foundation

/// The step from the journal's rows of one column per field (`journal.004`) to compact rows:
/// the filtered columns, references to interned parts and a details blob (`journal.005`).
extension JournalRepository {
    /// How many entries of the old table are held in memory at once while they are rewritten
    /// (each may hold two bodies of up to `--journal-body-bytes`).
    private static let rewriteChunk = 256

    /// Renames the old table, creates the new ones, rewrites every entry under its own id (its
    /// parts interned as the journal's writer interns them), and drops the old table.
    static func compactRows(_ connection: Connection) throws {
        try connection.executeScript("""
            ALTER TABLE journal_entries RENAME TO journal_entries_004;
            CREATE TABLE journal_entries (
                id INTEGER PRIMARY KEY,
                started_at REAL NOT NULL,
                method TEXT NOT NULL,
                path TEXT NOT NULL,
                status INTEGER,
                request_headers INTEGER NOT NULL,
                response_headers INTEGER NOT NULL,
                response_body INTEGER NOT NULL,
                details BLOB NOT NULL
            );
            CREATE TABLE journal_parts (id INTEGER PRIMARY KEY, bytes BLOB NOT NULL);
            """)
        var parts = JournalParts()
        var lastID: Int64 = 0
        while true {
            let chunk = try connection.query("SELECT * FROM journal_entries_004 WHERE id > ? ORDER BY id LIMIT ?",
                                             [.integer(lastID), .integer(Int64(rewriteChunk))]).map(columnsEntry(from:))
            guard let last = chunk.last else { break }
            for entry in chunk { try insertRow(entry, parts: &parts, in: connection) }
            lastID = last.id
        }
        try connection.executeScript("DROP TABLE journal_entries_004;")
    }

    /// Inserts `entry`, masked and cut already, as one row of `journal.005` under its own id.
    static func insertRow(_ entry: JournalEntry, parts: inout JournalParts, in connection: Connection) throws {
        let masking = JournalMasking.asGiven
        var lines: [UInt8] = []
        var details: [UInt8] = []
        JournalDetails.encode(entry, target: masking.storedTarget(entry.target), into: &details)
        try connection.execute("""
            INSERT INTO journal_entries (id, started_at, method, path, status, request_headers, response_headers,
                response_body, details)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [
                .integer(entry.id), .real(entry.startedAt.timeIntervalSince1970), .text(entry.method), .text(entry.path),
                SQLValue(entry.status),
                .integer(try parts.id(of: entry.requestFields, as: .request, storedAs: masking, lines: &lines, in: connection)),
                .integer(try parts.id(of: entry.answerFields, as: .answer, storedAs: masking, lines: &lines, in: connection)),
                .integer(try parts.id(ofSent: entry.responseBody, as: .answer, storing: { masking.storedAnswer(of: entry) },
                                      in: connection)),
                .blob(details),
            ])
    }

    /// An entry as `journal.004` stored it, a column per field.
    private static func columnsEntry(from row: Row) throws -> JournalEntry {
        JournalEntry(
            id: try row.int64("id"),
            startedAt: Date(timeIntervalSince1970: try row.double("started_at")),
            client: try row.string("client"), method: try row.string("method"),
            target: try row.string("target"), path: try row.string("path"),
            headers: decodeHeaders(try row.string("headers")),
            body: try row.blob("body"), bodySize: try row.int("body_size"), status: try row.optionalInt("status"),
            durationMilliseconds: try row.double("duration_ms"), answeredBy: try row.optionalString("answered_by"),
            delayMilliseconds: try row.optionalInt("delay_ms"), delaySource: try row.optionalString("delay_source"),
            fault: try row.optionalString("fault"), faultSource: try row.optionalString("fault_source"),
            rejection: try row.optionalString("rejection"),
            responseHeaders: decodeHeaders(try row.string("response_headers")), responseBody: try row.blob("response_body"))
    }
}
