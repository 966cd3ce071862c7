import Foundation
import Wire

/// The journal's SQL: batch inserts that drop the oldest entries past a capacity, filtered
/// reads newest first, counts, and clearing. Runs inside `Database` closures.
public enum JournalRepository {
    /// An entry's columns after its id, as the first migration made them (`rejection` came later).
    private static let firstColumns = """
        started_at REAL NOT NULL, client TEXT NOT NULL, method TEXT NOT NULL, target TEXT NOT NULL,
        path TEXT NOT NULL, headers TEXT NOT NULL, body BLOB NOT NULL, body_size INTEGER NOT NULL,
        status INTEGER, duration_ms REAL NOT NULL, answered_by TEXT, delay_ms INTEGER,
        delay_source TEXT, fault TEXT, fault_source TEXT
        """

    public static let migrations: [Migration] = [
        Migration("journal.001-entries", sql: """
            CREATE TABLE journal_entries (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                \(firstColumns)
            );
            CREATE INDEX journal_entries_started_at ON journal_entries (started_at);
            """),
        Migration("journal.002-rejection", sql: "ALTER TABLE journal_entries ADD COLUMN rejection TEXT;"),
        // Each insert kept `sqlite_sequence` (AUTOINCREMENT) and the `started_at` index up to
        // date: two more B-tree writes per journaled request. `append` numbers the entries
        // itself, and a `since` filter reads the few thousand entries kept without the index.
        Migration("journal.003-lean-inserts", sql: """
            CREATE TABLE journal_entries_lean (
                id INTEGER PRIMARY KEY,
                \(firstColumns),
                rejection TEXT
            );
            INSERT INTO journal_entries_lean SELECT id, started_at, client, method, target, path, headers, body,
                body_size, status, duration_ms, answered_by, delay_ms, delay_source, fault, fault_source, rejection
                FROM journal_entries;
            DROP TABLE journal_entries;
            ALTER TABLE journal_entries_lean RENAME TO journal_entries;
            DELETE FROM sqlite_sequence WHERE name = 'journal_entries';
            """),
        // The answer, for the HAR export of the journal (`GET /__admin/requests.har`).
        Migration("journal.004-response", sql: """
            ALTER TABLE journal_entries ADD COLUMN response_headers BLOB NOT NULL DEFAULT x'';
            ALTER TABLE journal_entries ADD COLUMN response_body BLOB NOT NULL DEFAULT x'';
            """),
        // Rows of ~600 bytes in 19 columns made the journal the largest cost of a request: the
        // repeated header sets and answers go to `journal_parts` once, the columns nothing filters
        // on into one `details` blob (`JournalDetails`). Every entry kept is rewritten.
        Migration("journal.005-compact-rows") { try compactRows($0) },
    ]

    /// The tables the journal keeps: its entries and their interned parts.
    public static let tables: Set<String> = ["journal_entries", "journal_parts"]

    /// Inserts `entries` in order, then drops the oldest so that at most `capacity` remain (and
    /// sweeps the parts no entry refers to once a quarter of `capacity` were added).
    /// The entries are numbered on from the highest id stored (read only while `lastID` is 0:
    /// once this run wrote, nothing else adds entries, and a clear leaves `lastID` the higher)
    /// or `lastID`, whichever is higher, past `skipping` ids (entries dropped before they were
    /// written), so an id is never given twice in a run, even after a clear; returns the last id given.
    ///
    /// Up to 32 entries go in one `INSERT … VALUES (…), (…)`: each run of a statement
    /// costs SQLite a statement transaction, a halt and a reset, which one row at a time cost
    /// more instructions than the row itself.
    @discardableResult
    static func append(_ entries: consuming [JournalEntry], capacity: Int, after lastID: Int64 = 0, skipping: Int = 0,
                       parts: inout JournalParts,
                       masking: JournalMasking, in connection: Connection) throws -> Int64 {
        let stored = lastID > 0 ? lastID
            : try connection.statement("SELECT max(id) FROM journal_entries").firstRow()?.optionalInt64(at: 0) ?? 0
        let last = try insert(consume entries, numberedAfter: max(stored, lastID) + Int64(skipping), parts: &parts, masking: masking, in: connection)
        try connection.statement("DELETE FROM journal_entries WHERE id <= ?").run([.integer(last - Int64(max(0, capacity)))])
        try parts.sweepIfDue(threshold: capacity / 4, in: connection)
        return last
    }

    /// Inserts `entries` in order, numbered from `id` + 1, their parts interned through `parts`
    /// and stored as `masking` makes them; returns the last id given.
    ///
    /// Each entry is moved out of the batch, stored, then freed: never copied. Read in place
    /// (`for entry in`, a `reduce`, or through the batch's buffer), each entry was copied
    /// whole, its twenty-odd references retained and released again (~1,200 Ir an entry): an
    /// element read from an array is copied out, as the calls that read it might change the array.
    static func insert(_ entries: consuming [JournalEntry], numberedAfter id: Int64, parts: inout JournalParts,
                       masking: JournalMasking, in connection: Connection) throws -> Int64 {
        var id = id
        var fieldLines: [UInt8] = []
        // The target stored for the last one sent: a client asks for the same target again and
        // again, and comparing it costs less than reading it for secrets (~210 Ir a short one).
        var lastTarget: (sent: String, stored: String)?
        // Oldest last, so that `removeLast` hands them out oldest first.
        var remaining = consume entries
        remaining.reverse()
        while !remaining.isEmpty {
            let largest = inserts.first { $0.rows <= remaining.count } ?? inserts[inserts.count - 1]
            var bytes = 0
            for index in remaining.count - largest.rows..<remaining.count { bytes += byteCount(of: remaining[index]) }
            var values = BorrowedBindings(reservingValues: largest.rows * columnCount, bytes: bytes)
            for _ in 0..<largest.rows {
                let entry = remaining.removeLast()
                id += 1
                values.append(id)
                values.append(entry.startedAt.timeIntervalSince1970)
                values.append(entry.method)
                values.append(entry.path)
                values.append(entry.status)
                values.append(try parts.id(of: entry.requestFields, as: .request, storedAs: masking, lines: &fieldLines, in: connection))
                values.append(try parts.id(of: entry.answerFields, as: .answer, storedAs: masking, lines: &fieldLines, in: connection))
                values.append(try parts.id(ofSent: entry.responseBody, as: .answer,
                                           storing: { masking.storedAnswer(of: entry) }, in: connection))
                let target: String
                if let lastTarget, lastTarget.sent == entry.target {
                    target = lastTarget.stored
                } else {
                    target = masking.storedTarget(entry.target)
                    lastTarget = (entry.target, target)
                }
                values.appendBlob { JournalDetails.encode(entry, target: target, into: &$0) }
            }
            let insert = try connection.statement(largest.sql)
            insert.reset()
            try values.run(insert)
        }
        return id
    }

    /// The bytes of an entry's details (its optional texts guessed), to size the insert's buffer once.
    private static func byteCount(of entry: JournalEntry) -> Int {
        entry.client.utf8.count + entry.method.utf8.count + entry.target.utf8.count + entry.path.utf8.count
            + entry.body.count + 64
    }

    /// The values of an inserted entry: every column.
    private static let columnCount = 9

    /// The insert statements, largest first, each for this many entries: a batch takes the
    /// largest that fits what is left, so any size needs few runs and only these six
    /// statements are ever prepared (32 rows × 9 placeholders is well under SQLite's 999).
    private static let inserts: [(rows: Int, sql: String)] = [32, 16, 8, 4, 2, 1].map { rows in
        // No spaces: the connection finds a statement by its SQL, hashing the whole text when it
        // is not among the last few used (the writer's eight statements a batch never are).
        let row = "(" + Array(repeating: "?", count: columnCount).joined(separator: ",") + ")"
        return (rows, """
            INSERT INTO journal_entries (id, started_at, method, path, status, request_headers, response_headers,
                response_body, details)
            VALUES \(Array(repeating: row, count: rows).joined(separator: ","))
            """)
    }

    /// The entries `filter` selects, newest first, with their parts.
    public static func entries(matching filter: JournalFilter, in connection: Connection) throws -> [JournalEntry] {
        var (sql, bindings) = whereClause(filter)
        sql = """
            SELECT e.id, e.started_at, e.method, e.path, e.status, e.details,
                coalesce(request.bytes, x'') AS request_headers, coalesce(answer.bytes, x'') AS response_headers,
                coalesce(body.bytes, x'') AS response_body
            FROM journal_entries e
                LEFT JOIN journal_parts request ON request.id = e.request_headers
                LEFT JOIN journal_parts answer ON answer.id = e.response_headers
                LEFT JOIN journal_parts body ON body.id = e.response_body\(sql)
            ORDER BY e.id DESC
            """
        if let limit = filter.limit {
            sql += " LIMIT ?"
            bindings.append(SQLValue(limit))
        }
        return try connection.query(sql, bindings).map(entry(from:))
    }

    /// How many entries `filter` selects (its limit ignored).
    public static func count(matching filter: JournalFilter, in connection: Connection) throws -> Int {
        let (sql, bindings) = whereClause(filter)
        return try connection.queryFirst("SELECT COUNT(*) AS n FROM journal_entries\(sql)", bindings)?.int("n") ?? 0
    }

    /// Deletes every entry; returns how many there were.
    @discardableResult
    public static func clear(in connection: Connection) throws -> Int {
        try connection.execute("DELETE FROM journal_entries")
        let deleted = connection.changes
        try connection.execute("DELETE FROM journal_parts")
        return deleted
    }

    private static func whereClause(_ filter: JournalFilter) -> (String, [SQLValue]) {
        var conditions: [String] = []
        var bindings: [SQLValue] = []
        if let method = filter.method {
            conditions.append("method = ?")
            bindings.append(.text(method))
        }
        if let prefix = filter.pathPrefix {
            conditions.append("substr(path, 1, length(?)) = ?")
            bindings += [.text(prefix), .text(prefix)]
        }
        if let status = filter.status {
            conditions.append("status = ?")
            bindings.append(SQLValue(status))
        }
        if let since = filter.since {
            conditions.append("started_at >= ?")
            bindings.append(.real(since.timeIntervalSince1970))
        }
        return (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "), bindings)
    }

    private static func entry(from row: Row) throws -> JournalEntry {
        var entry = JournalEntry(
            id: try row.int64("id"), startedAt: Date(timeIntervalSince1970: try row.double("started_at")), client: "",
            method: try row.string("method"), target: "", path: try row.string("path"),
            headers: decodeHeaders(String(decoding: try row.blob("request_headers"), as: UTF8.self)),
            body: [], bodySize: 0, status: try row.optionalInt("status"), durationMilliseconds: 0,
            responseHeaders: decodeHeaders(String(decoding: try row.blob("response_headers"), as: UTF8.self)),
            responseBody: try row.blob("response_body"))
        let details = try row.blob("details")
        try entry.change { try JournalDetails.decode(details, into: &$0) }
        return entry
    }

    /// Header fields from the `name: value` lines they are stored as (`HTTPHeaders.appendFieldLines`):
    /// HTTP field values never hold a line break.
    static func decodeHeaders(_ text: String) -> [(name: String, value: String)] {
        text.split(separator: "\n").map { line in
            guard let colon = line.firstIndex(of: ":") else { return (name: String(line), value: "") }
            return (name: String(line[..<colon]), value: String(line[line.index(after: colon)...].dropFirst()))
        }
    }
}
