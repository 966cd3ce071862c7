import CSQLite
import Testing
import TestSupport
@testable import Store

/// The page caches' memory: readers bounded, the writer's full cache handed back after a whole copy.
@Suite struct PageCacheTests {
    let directory: TemporaryDirectory
    let database: Database
    /// Rows of 2 KB: 4 MB of pages, twice what the writer's default cache holds.
    static let rowCount = 2_000

    init() throws {
        directory = try TemporaryDirectory()
        database = try Database(path: directory.path("cache.sqlite"), migrations: [
            Migration("test.001", sql: "CREATE TABLE items (id INTEGER PRIMARY KEY, payload BLOB NOT NULL)"),
        ])
        try database.write { db in
            for id in 1...Self.rowCount {
                try db.execute("INSERT INTO items (id, payload) VALUES (?, zeroblob(2048))", [.integer(Int64(id))])
            }
        }
    }

    /// The bytes of pages the writer's cache holds now (`SQLITE_DBSTATUS_CACHE_USED`).
    func writerCacheBytes() throws -> Int32 {
        database.writerQueue.sync {
            var current: Int32 = 0
            var highest: Int32 = 0
            sqlite3_db_status(database.writer.connection.handle, SQLITE_DBSTATUS_CACHE_USED, &current, &highest, 0)
            return current
        }
    }

    @Test func readersCacheAtMost512KiBAndTheWriterKeepsSQLitesDefault() throws {
        let readerSize = try database.readSingleStatement { try $0.queryFirst("PRAGMA cache_size")?.int(at: 0) }
        #expect(readerSize == -512)
        let writerSize = try database.write { try $0.queryFirst("PRAGMA cache_size")?.int(at: 0) }
        #expect(writerSize == -2000)
    }

    @Test func aReaderScanningTheWholeTableStillReadsEveryRow() throws {
        let total = try database.read { try $0.queryFirst("SELECT count(*), sum(length(payload)) FROM items") }
        #expect(try total?.int(at: 0) == Self.rowCount)
        #expect(try total?.int(at: 1) == Self.rowCount * 2048)
    }

    @Test func releasingTheWriterCacheAfterACopyHandsItsPagesBackAndKeepsTheData() throws {
        try database.copy(to: directory.path("copy.sqlite"))
        let afterCopy = try writerCacheBytes()
        #expect(afterCopy > 1_000_000, "the writer's cache is full of the table's pages")

        try database.releaseWriterCache()
        let afterRelease = try writerCacheBytes()
        #expect(afterRelease < 100_000, "\(afterRelease) bytes still cached")

        try database.write { db in
            try db.execute("UPDATE items SET payload = zeroblob(16) WHERE id = ?", [.integer(1)])
        }
        let total = try database.read { try $0.queryFirst("SELECT count(*), sum(length(payload)) FROM items") }
        #expect(try total?.int(at: 0) == Self.rowCount)
        #expect(try total?.int(at: 1) == (Self.rowCount - 1) * 2048 + 16)
        let copy = try Database(path: directory.path("copy.sqlite"), migrations: [])
        #expect(try copy.read { try $0.queryFirst("SELECT count(*) FROM items")?.int(at: 0) } == Self.rowCount)
    }

    @Test func releasingTheWriterCacheInsideAWriteIsRefused() throws {
        let error = try #require(throws: StoreError.self) {
            try database.write { _ in try database.releaseWriterCache() }
        }
        #expect(error.code == .misuse)
        #expect(try database.read { try $0.queryFirst("SELECT count(*) FROM items")?.int(at: 0) } == Self.rowCount)
    }
}
