import Foundation
import Wire

/// The journal's storage: each write one row of `journal_batches` (`JournalBatch`), dropped once
/// all its entries are past a capacity; reads of the newest entries kept, newest first, filtered
/// as they are decoded; counts; clearing. Runs inside `Database` closures.
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
        // A row of nine columns per request still cost SQLite more than the rest of the writer:
        // each write of the journal is one row (`JournalBatch`), its entries in one blob.
        Migration("journal.006-batches") { try batchRows($0) },
    ]

    /// The tables the journal keeps: its batches of entries and their interned parts.
    public static let tables: Set<String> = ["journal_batches", "journal_parts"]

    /// Inserts the entries of `records` in order as one batch, then drops the batches whose entries are all
    /// past the newest `capacity` (reads skip the older entries of the batch that straddles the
    /// line), and sweeps the parts no entry refers to once a quarter of `capacity` were added.
    /// The entries are numbered on from the highest id stored (read only while `lastID` is 0:
    /// once this run wrote, nothing else adds entries, and a clear leaves `lastID` the higher)
    /// or `lastID`, whichever is higher, past `skipping` ids (entries dropped before they were
    /// written), so an id is never given twice in a run, even after a clear; returns the last id given.
    @discardableResult
    static func append(_ records: JournalRecords, capacity: Int, after lastID: Int64 = 0, skipping: Int = 0,
                       parts: inout JournalParts, masking: JournalMasking, in connection: Connection) throws -> Int64 {
        let stored = lastID > 0 ? lastID
            : try connection.statement("SELECT max(last_id) FROM journal_batches").firstRow()?.optionalInt64(at: 0) ?? 0
        let batch = try encode(records, numberedAfter: max(stored, lastID) + Int64(skipping), parts: &parts,
                               masking: masking, in: connection)
        guard !batch.isEmpty else { return max(stored, lastID) }
        try insert(batch, in: connection)
        try connection.statement("DELETE FROM journal_batches WHERE last_id <= ?")
            .run([.integer(batch.lastID - Int64(max(0, capacity)))])
        try parts.sweepIfDue(threshold: capacity / 4, in: connection)
        return batch.lastID
    }

    /// Lays out the entries of `records` in order as one batch, numbered from `id` + 1, their
    /// parts interned through `parts` and stored as `masking` makes them. The entries are read
    /// back from the records one at a time, each freed once the next is read (the last written
    /// in full kept to compare with): read back whole, a batch of Maka pages held a second copy of
    /// its megabyte of answers on the writer (peak RSS at 256 connections +8 MB).
    static func encode(_ records: JournalRecords, numberedAfter id: Int64, parts: inout JournalParts,
                       masking: JournalMasking, in connection: Connection) throws -> JournalBatchEncoder {
        var batch = JournalBatchEncoder(firstID: id + 1, entryCount: records.count)
        // The request path reads only the monotonic clock: its readings become times here.
        let wallClock = JournalStart.WallClockOffset()
        var fieldLines: [UInt8] = []
        // The target stored for the last one sent: a client asks for the same target again and
        // again, and comparing it costs less than reading it for secrets (~210 Ir a short one).
        var lastTarget: (sent: String, stored: String)?
        // The previous entry's lists and answer as sent, and its parts: a client sends the same
        // fields again and a route gives the same answer, and the same three are the same parts,
        // the ones used last, without looking them up among the remembered ones (~500 Ir).
        // Apart, not one optional tuple: reading that copied its three lists out, each retained.
        var previousRequest = HTTPHeaders()
        var previousAnswer = HTTPHeaders()
        var previousBody: [UInt8] = []
        var previousIDs: JournalBatchEncoder.PartIDs?
        // The last entry written in full: one like it but for its times and client, with the
        // same parts, is stored as a repeat of it, those three alone (~1,100 Ir an entry less
        // than writing it whole, and ~35 bytes instead of ~90).
        var previousEntry: JournalEntry?
        var entries = records.makeEntries()
        while let entry = entries.next() {
            let ids: JournalBatchEncoder.PartIDs
            if let previousIDs, entry.hasSameParts(request: previousRequest, answer: previousAnswer, body: previousBody) {
                ids = previousIDs
                if let previousEntry, entry.repeatsAllButClient(of: previousEntry) {
                    batch.appendRepeatingLast(startedAt: entry.startedAtSince1970(wallClock), client: entry.client,
                                              durationMilliseconds: entry.durationMilliseconds)
                    continue
                }
            } else {
                ids = JournalBatchEncoder.PartIDs(
                    requestHeaders: try parts.id(of: entry.requestFields, as: .request, storedAs: masking,
                                                 lines: &fieldLines, in: connection),
                    responseHeaders: try parts.id(of: entry.answerFields, as: .answer, storedAs: masking,
                                                  lines: &fieldLines, in: connection),
                    responseBody: try parts.id(ofSent: entry.responseBody, as: .answer,
                                               storing: { masking.storedAnswer(of: entry) }, in: connection))
                (previousRequest, previousAnswer, previousBody, previousIDs) = (entry.requestFields, entry.answerFields,
                                                                                entry.responseBody, ids)
            }
            let target: String
            if let lastTarget, lastTarget.sent == entry.target {
                target = lastTarget.stored
            } else {
                target = masking.storedTarget(entry.target)
                lastTarget = (entry.target, target)
            }
            batch.append(id: batch.lastID + 1, startedAt: entry.startedAtSince1970(wallClock), method: entry.method,
                         path: entry.path, status: entry.status, parts: ids,
                         detailsLength: JournalDetails.length(of: entry, target: target)) {
                JournalDetails.write(entry, target: target, to: &$0)
            }
            previousEntry = entry
        }
        return batch
    }

    /// Stores `batch` as one row, its blobs read by SQLite where they are (no copy of a batch's
    /// few kilobytes when bound, none when the row is made).
    static func insert(_ batch: borrowing JournalBatchEncoder, in connection: Connection) throws {
        let insert = try connection.statement("INSERT INTO journal_batches (last_id, first_id, parts, entries) VALUES (?, ?, ?, ?)")
        insert.reset()
        try batch.parts.withUnsafeBufferPointer { parts in
            try batch.withEntries { entries in
                defer { insert.clearBindings() }
                try insert.bind(.integer(batch.lastID), at: 1)
                try insert.bind(.integer(batch.firstID), at: 2)
                try insert.bindBorrowed(parts, asText: false, at: 3)
                try insert.bindBorrowed(entries, asText: false, at: 4)
                try insert.runWithCurrentBindings()
            }
        }
    }

    /// The entries `filter` selects among the newest `capacity` stored, newest first, with their parts.
    public static func entries(matching filter: JournalFilter, keeping capacity: Int = .max,
                               in connection: Connection) throws -> [JournalEntry] {
        let limit = filter.limit.map { $0 < 0 ? Int.max : $0 } ?? .max
        guard limit > 0 else { return [] }
        var entries: [JournalEntry] = []
        var parts = PartReader(connection: connection)
        try forEachKept(keeping: capacity, in: connection) { record, bytes in
            guard selects(filter, record) else { return true }
            entries.append(try entry(record, in: bytes, parts: &parts))
            return entries.count < limit
        }
        return entries
    }

    /// How many of the newest `capacity` entries stored `filter` selects (its limit ignored).
    public static func count(matching filter: JournalFilter, keeping capacity: Int = .max, in connection: Connection) throws -> Int {
        var count = 0
        try forEachKept(keeping: capacity, in: connection) { record, _ in
            if selects(filter, record) { count += 1 }
            return true
        }
        return count
    }

    /// Deletes every entry; returns how many of the newest `capacity` there were.
    @discardableResult
    public static func clear(keeping capacity: Int = .max, in connection: Connection) throws -> Int {
        let deleted = try count(matching: JournalFilter(), keeping: capacity, in: connection)
        try connection.execute("DELETE FROM journal_batches")
        try connection.execute("DELETE FROM journal_parts")
        return deleted
    }

    /// Hands `visit` the newest `capacity` entries stored, newest first, with the bytes of their
    /// batch, until it returns false.
    private static func forEachKept(keeping capacity: Int, in connection: Connection,
                                    _ visit: (JournalBatch.Record, [UInt8]) throws -> Bool) throws {
        guard let newest = try connection.statement("SELECT max(last_id) FROM journal_batches").firstRow()?.optionalInt64(at: 0)
        else { return }
        let oldestKept = capacity >= newest ? Int64.min : newest - Int64(capacity) + 1
        let batches = try connection.statement("""
            SELECT first_id, entries FROM journal_batches WHERE last_id >= ? ORDER BY last_id DESC
            """)
        try batches.bind([.integer(oldestKept)])
        defer { batches.reset() }
        while try batches.step() {
            let bytes = try batches.bytes(at: 1)
            for record in try JournalBatch.records(in: bytes, firstID: try batches.int64(at: 0)).reversed()
            where record.id >= oldestKept {
                guard try visit(record, bytes) else { return }
            }
        }
    }

    /// Whether `filter` selects `record`, as SQL compares: texts byte for byte, a prefix of
    /// the path's bytes, a missing status never.
    private static func selects(_ filter: JournalFilter, _ record: JournalBatch.Record) -> Bool {
        if let method = filter.method, !record.method.utf8.elementsEqual(method.utf8) { return false }
        if let prefix = filter.pathPrefix, !record.path.utf8.starts(with: prefix.utf8) { return false }
        if let status = filter.status, record.status != status { return false }
        if let since = filter.since, !(record.startedAt >= since.timeIntervalSince1970) { return false }
        return true
    }

    private static func entry(_ record: JournalBatch.Record, in bytes: [UInt8], parts: inout PartReader) throws -> JournalEntry {
        var entry = JournalEntry(
            id: record.id, startedAt: Date(timeIntervalSince1970: record.startedAt), client: "",
            method: record.method, target: "", path: record.path,
            headers: decodeHeaders(String(decoding: try parts.bytes(of: record.requestHeaders), as: UTF8.self)),
            body: [], bodySize: 0, status: record.status, durationMilliseconds: 0,
            responseHeaders: decodeHeaders(String(decoding: try parts.bytes(of: record.responseHeaders), as: UTF8.self)),
            responseBody: try parts.bytes(of: record.responseBody))
        let details = Array(bytes[record.details])
        try entry.change { fields in
            try JournalDetails.decode(details, into: &fields)
            if let repeated = record.repeated {
                fields.client = repeated.client
                fields.durationMilliseconds = repeated.durationMilliseconds
            }
        }
        return entry
    }

    /// The parts a read refers to, each read from `journal_parts` once; a part that is not there
    /// reads as no bytes.
    private struct PartReader {
        let connection: Connection
        var read: [Int64: [UInt8]] = [:]

        mutating func bytes(of id: Int64) throws -> [UInt8] {
            if id == 0 { return [] }
            if let bytes = read[id] { return bytes }
            let bytes = try connection.statement("SELECT bytes FROM journal_parts WHERE id = ?")
                .firstRow([.integer(id)])?.blob("bytes") ?? []
            read[id] = bytes
            return bytes
        }
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
