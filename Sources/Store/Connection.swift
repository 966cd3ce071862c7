import CSQLite

/// One open SQLite connection with its statement cache.
///
/// Not `Sendable`: a connection is owned by a `Database`, which hands it to one thread at a time
/// inside `read`/`write` closures. Opened in WAL mode with `busy_timeout`, `foreign_keys=ON`
/// and `synchronous=FULL` (see `Connection.Pragmas`).
public final class Connection {
    /// The path the connection was opened on (`:memory:` for an in-memory database).
    public let path: String
    let handle: OpaquePointer
    /// The prepared statements (see `StatementCache`).
    private let statements: UnsafeMutablePointer<StatementCache>

    init(path: String, readOnly: Bool, busyTimeoutMilliseconds: Int32) throws {
        _ = Self.memoryStatisticsOff
        var opened: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let result = sqlite3_open_v2(path, &opened, flags, nil)
        guard result == SQLITE_OK, let opened else {
            let error = StoreError(connection: opened, sql: nil).explained("cannot open \(path)")
            sqlite3_close_v2(opened)
            throw error
        }
        self.path = path
        self.handle = opened
        self.statements = .allocate(capacity: 1)
        statements.initialize(to: StatementCache())
        sqlite3_extended_result_codes(opened, 1)
        sqlite3_busy_timeout(opened, busyTimeoutMilliseconds)
        try configure(readOnly: readOnly)
    }

    /// SQLite's memory statistics (`sqlite3_memory_used`), which nothing here reads, took a
    /// process-wide mutex around every allocation SQLite made (a dozen for each journaled
    /// request): turned off once, before the first connection initialises SQLite.
    private static let memoryStatisticsOff: Void = {
        _ = csqlite_disable_memory_statistics()
    }()

    deinit {
        statements.deinitialize(count: 1)
        statements.deallocate()
        sqlite3_close_v2(handle)
    }

    /// WAL lets readers run while the writer writes. `synchronous=FULL` fsyncs the WAL at every
    /// commit: an acknowledged write survives not only a killed process (NORMAL would do for that)
    /// but also an OS crash or power loss; our writes are rare (imports, user actions) and one
    /// import is one transaction, so the cost is one fsync per acknowledged change.
    private func configure(readOnly: Bool) throws {
        if path != ":memory:" && !path.isEmpty {
            let mode = try queryFirst("PRAGMA journal_mode=WAL")?.string(at: 0)
            guard mode?.lowercased() == "wal" else {
                throw StoreError(code: .error, message: "cannot enable WAL on \(path) (mode \(mode ?? "?"))")
            }
        }
        try execute("PRAGMA synchronous=FULL")
        try execute("PRAGMA foreign_keys=ON")
        if readOnly {
            try execute("PRAGMA query_only=ON")
            try execute(Self.readerCacheSize)
        }
    }

    /// A reader's page cache, 512 KiB instead of SQLite's 2 MB. SQLite empties a reader's cache
    /// whenever another connection committed since its last read (the journal commits a batch
    /// every few dozen requests), so a reader only ever reuses the pages of the reads between two
    /// commits, a few dozen pages on the request path; what a bigger cache kept was what one
    /// long scan (a start-up import check, a session restore) had read, held until the next commit.
    private static let readerCacheSize = "PRAGMA cache_size=-512"

    /// Hands the pages this connection caches back to the allocator (`sqlite3_db_release_memory`);
    /// the next reads read them again from the file. For after work that read the whole database
    /// through one connection, which then held a full cache nothing else would reuse.
    func releaseCachedPages() {
        _ = sqlite3_db_release_memory(handle)
    }

    /// A prepared statement for this SQL, from the connection's cache (prepared on first use).
    public func statement(_ sql: String) throws -> Statement {
        if let recent = statements.pointee.recent(sql) { return recent }
        return try statements.pointee.statement(sql) { try Statement(connection: handle, sql: $0) }
    }

    /// Runs one statement with its bindings, ignoring any rows.
    public func execute(_ sql: String, _ bindings: [SQLValue] = []) throws {
        try statement(sql).run(bindings)
    }

    /// Runs one statement and returns every row.
    public func query(_ sql: String, _ bindings: [SQLValue] = []) throws -> [Row] {
        try statement(sql).rows(bindings)
    }

    /// Runs one statement and returns its first row, if any.
    public func queryFirst(_ sql: String, _ bindings: [SQLValue] = []) throws -> Row? {
        try statement(sql).firstRow(bindings)
    }

    /// Runs several `;`-separated statements without bindings (schema scripts, migrations).
    public func executeScript(_ sql: String) throws {
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else {
            throw StoreError(connection: handle, sql: sql)
        }
    }

    /// The rowid of the most recent successful INSERT on this connection.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Rows changed by the most recent INSERT, UPDATE or DELETE on this connection.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// The full path of the database file, as SQLite spells it whatever path opened it; empty
    /// for an in-memory database.
    var filePath: String { String(cString: sqlite3_db_filename(handle, "main")) }

    /// Whether a transaction is open on this connection.
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }
}
