import Foundation

/// The step from the journal's rows of one entry each (`journal.005`) to rows of one batch
/// each (`journal.006`, `JournalBatch`).
extension JournalRepository {
    /// How many entries of the old table go in one batch while they are rewritten (each may
    /// hold a body of up to `--journal-body-bytes`).
    private static let batchedChunk = 256

    /// Creates `journal_batches`, rewrites every entry of `journal_entries` into it under its
    /// own id, in batches of `batchedChunk` in id order (their parts, details and fields as
    /// they were), and drops the old table. The parts stay where they are.
    static func batchRows(_ connection: Connection) throws {
        try connection.executeScript("""
            CREATE TABLE journal_batches (
                last_id INTEGER PRIMARY KEY,
                first_id INTEGER NOT NULL,
                parts BLOB NOT NULL,
                entries BLOB NOT NULL
            );
            """)
        var lastID = Int64.min
        while true {
            let rows = try connection.query("""
                SELECT id, started_at, method, path, status, request_headers, response_headers, response_body, details
                FROM journal_entries WHERE id > ? ORDER BY id LIMIT ?
                """, [.integer(lastID), .integer(Int64(batchedChunk))])
            guard let first = rows.first else { break }
            var batch = JournalBatchEncoder(firstID: try first.int64("id"), entryCount: rows.count)
            for row in rows {
                let details = try row.blob("details")
                batch.append(
                    id: try row.int64("id"), startedAt: try row.double("started_at"), method: try row.string("method"),
                    path: try row.string("path"), status: try row.optionalInt("status"),
                    parts: JournalBatchEncoder.PartIDs(requestHeaders: try row.int64("request_headers"),
                                                       responseHeaders: try row.int64("response_headers"),
                                                       responseBody: try row.int64("response_body")),
                    detailsLength: details.count) { cursor in
                        cursor.write(details)
                    }
            }
            try insert(batch, in: connection)
            lastID = batch.lastID
        }
        try connection.executeScript("DROP TABLE journal_entries;")
    }
}
