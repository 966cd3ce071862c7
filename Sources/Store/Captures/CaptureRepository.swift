import CaptureFormats
import Foundation
import Synchronization
import Wire

/// Stores captured records and finds the one that answers a request.
///
/// Identity is the record's content hash, so importing the same capture again changes nothing.
/// Import order is the row id. Matching uses `CaptureMatchKey` with the caller's volatile
/// parameters (per API); when they or the key rule change, stored keys are recomputed (at init,
/// or when `changeVolatileParameters` changes them at runtime).
public final class CaptureRepository: Sendable {
    public static let migrations: [Migration] = [
        Migration("captures.001-records", sql: """
            CREATE TABLE captures (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                content_hash TEXT NOT NULL UNIQUE,
                method TEXT NOT NULL,
                url TEXT NOT NULL,
                path TEXT NOT NULL,
                parameters TEXT NOT NULL,
                match_key TEXT NOT NULL,
                request_headers TEXT NOT NULL,
                request_content_type TEXT,
                request_body BLOB NOT NULL,
                status INTEGER NOT NULL,
                response_headers TEXT NOT NULL,
                content_type TEXT,
                response_body BLOB NOT NULL,
                wait_ms REAL,
                source TEXT NOT NULL,
                imported_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
            );
            CREATE INDEX captures_by_key ON captures (match_key, id);
            CREATE INDEX captures_by_path ON captures (path, id);
            CREATE TABLE capture_settings (name TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);
            """),
        // Near misses scan every capture of a path; a covering index keeps that scan off the
        // table rows and their response bodies.
        Migration("captures.002-near-miss-index", sql: """
            DROP INDEX captures_by_path;
            CREATE INDEX captures_by_path_covering ON captures (path, id, method, parameters);
            """),
    ]

    public let database: Database
    /// The parameters that never count when matching, per API (Youfan's device and version fields).
    public var volatileParameters: VolatileParameters { volatile.withLock { $0 } }
    private let volatile: Mutex<VolatileParameters>
    let cursors = SequenceCursors()

    public init(database: Database, volatileParameters: VolatileParameters) throws {
        self.database = database
        self.volatile = Mutex(volatileParameters)
        try rekeyIfVolatileParametersChanged()
    }

    /// Matches with `parameters` from now on, recomputing every stored match key in one
    /// transaction when they differ from those the keys were computed with.
    public func changeVolatileParameters(to parameters: VolatileParameters) throws {
        volatile.withLock { $0 = parameters }
        try rekeyIfVolatileParametersChanged()
    }

    /// Stores a record inside the caller's write transaction, unless its content is already stored.
    @discardableResult
    public func store(_ record: CaptureRecord, in connection: Connection) throws -> CaptureStoreOutcome {
        let hash = record.contentHash
        if let existing = try connection.queryFirst("SELECT id FROM captures WHERE content_hash = ?", [.text(hash)]) {
            return .unchanged(try existing.int64(at: 0))
        }
        let request = record.request
        let key = CaptureMatchKey(request, volatileParameters: volatileParameters)
        try connection.execute("""
            INSERT INTO captures (content_hash, method, url, path, parameters, match_key, request_headers,
                request_content_type, request_body, status, response_headers, content_type, response_body, wait_ms, source)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [
                .text(hash), .text(record.method), .text(record.url), .text(request.path),
                .text(key.canonicalParameters), .text(key.text), .text(Self.headerText(record.requestHeaders)),
                SQLValue(record.requestContentType), .blob(record.requestBody), .integer(Int64(record.status)),
                .text(Self.headerText(record.responseHeaders)), SQLValue(record.responseContentType),
                .blob(record.responseBody), SQLValue(record.waitMilliseconds), .text(record.source),
            ])
        return .inserted(connection.lastInsertRowID)
    }

    /// How many records are stored.
    public func count() throws -> Int {
        try database.read { db in try db.queryFirst("SELECT count(*) FROM captures")?.int(at: 0) ?? 0 }
    }

    /// Recomputes every stored match key when the volatile configuration (or the key rule) differs
    /// from the one they were computed with, so changing either never leaves stale keys behind.
    private func rekeyIfVolatileParametersChanged() throws {
        let volatileParameters = volatileParameters
        let wanted = volatileParameters.fingerprint
        let stored = try database.read { db in
            try db.queryFirst("SELECT value FROM capture_settings WHERE name = 'volatile'")?.string(at: 0)
        }
        guard stored != wanted else { return }
        try database.write { db in
            let rows = try db.query("SELECT id, method, url, request_body, request_content_type FROM captures")
            for row in rows {
                let target = CaptureURL(try row.string(at: 2))
                let request = CaptureRequest(method: try row.string(at: 1), path: target.path, query: target.query,
                                             body: try row.blob(at: 3), contentType: try row.optionalString(at: 4))
                let key = CaptureMatchKey(request, volatileParameters: volatileParameters)
                try db.execute("UPDATE captures SET parameters = ?, match_key = ? WHERE id = ?",
                               [.text(key.canonicalParameters), .text(key.text), try row[0]])
            }
            try db.execute("INSERT OR REPLACE INTO capture_settings (name, value) VALUES ('volatile', ?)", [.text(wanted)])
        }
    }
}
