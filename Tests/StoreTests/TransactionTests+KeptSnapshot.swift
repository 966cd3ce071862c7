import Foundation
import Testing
import TestSupport
@testable import Store

/// Readers keep their read transaction between reads while the writer commits nothing
/// (`ReaderPool.Reader`): whatever reader a read gets, it sees every write that returned before
/// it, and no reader's snapshot keeps the WAL from being checkpointed and started over.
extension TransactionTests {
    /// The names in `items` read on two readers at once (the inner read cannot have the reader
    /// the outer one holds), each in the transaction its reader kept from before.
    func namesOnTwoReaders() throws -> (outer: [String], inner: [String]) {
        try database.read { outer in
            let inner = try database.read { try $0.query("SELECT name FROM items ORDER BY id").map { try $0.string("name") } }
            return (try outer.query("SELECT name FROM items ORDER BY id").map { try $0.string("name") }, inner)
        }
    }

    @Test func aWriteIsSeenByEveryReaderThatReadBeforeIt() throws {
        try database.write { try $0.execute("INSERT INTO items (name) VALUES ('first')") }
        #expect(try namesOnTwoReaders() == (["first"], ["first"]))
        try database.write { try $0.execute("INSERT INTO items (name) VALUES ('second')") }
        #expect(try namesOnTwoReaders() == (["first", "second"], ["first", "second"]))
        try database.write { try $0.execute("DELETE FROM items WHERE name = 'first'") }
        #expect(try database.readSingleStatement { try $0.query("SELECT name FROM items").map { try $0.string("name") } } == ["second"])
    }

    @Test func readersIdleThroughManyWritesSeeTheLast() throws {
        #expect(try namesOnTwoReaders() == ([], []))
        for index in 0..<50 {
            try database.write { try $0.execute("INSERT INTO items (name) VALUES (?)", [.text("n\(index)")]) }
        }
        let (outer, inner) = try namesOnTwoReaders()
        #expect(outer.count == 50 && outer.last == "n49")
        #expect(inner == outer)
    }

    /// The reader that read on another thread while the write was open went back to the pool
    /// holding a snapshot without the write, after the writer had ended the idle readers'
    /// transactions; the next read gets that reader and must still see the write.
    @Test func aReaderCheckedInDuringAWriteSeesTheWriteNextTime() async throws {
        try database.write { try $0.execute("INSERT INTO items (name) VALUES ('before')") }
        let database = self.database
        let during = try await DedicatedThread.run { () throws -> [String]? in
            try database.write { db in
                try db.execute("UPDATE items SET name = 'after'")
                let observed = ObservedNames()
                let readDone = DispatchSemaphore(value: 0)
                Thread {
                    observed.names = try? database.read { try $0.query("SELECT name FROM items").map { try $0.string("name") } }
                    readDone.signal()
                }.start()
                _ = readDone.wait(timeout: .now() + 5)
                return observed.names
            }
        }
        #expect(during == ["before"], "the read during the write saw the last commit")
        #expect(try database.readSingleStatement { try $0.query("SELECT name FROM items").map { try $0.string("name") } } == ["after"])
        #expect(try namesOnTwoReaders() == (["after"], ["after"]))
    }

    /// The file's commit count is shared by every `Database` of the process open on it: a
    /// second one (a test's look at a server's file) sees the first one's writes, and the
    /// first one sees the second one's.
    @Test func anotherDatabaseOnTheSameFileSeesTheWritesAndIsSeen() throws {
        let other = try Database(path: directory.path("./tx.sqlite"), migrations: [])
        let otherNames = { try other.read { try $0.query("SELECT name FROM items ORDER BY id").map { try $0.string("name") } } }
        #expect(try otherNames() == [])
        #expect(try namesOnTwoReaders() == ([], []))
        try database.write { try $0.execute("INSERT INTO items (name) VALUES ('here')") }
        #expect(try otherNames() == ["here"])
        try other.write { try $0.execute("INSERT INTO items (name) VALUES ('there')") }
        #expect(try namesOnTwoReaders() == (["here", "there"], ["here", "there"]))
    }

    @Test func aReadThatEndsItsOwnTransactionLeavesTheReaderUsable() throws {
        try database.read { try $0.execute("COMMIT") }
        try database.write { try $0.execute("INSERT INTO items (name) VALUES ('seen')") }
        #expect(try namesOnTwoReaders() == (["seen"], ["seen"]))
        #expect(try database.read { $0.isInTransaction })
    }

    /// A write with no checkpoint due leaves the idle readers their snapshots: ending them at every
    /// turn took the pool's lock, which every read takes, through a `COMMIT` on each idle reader.
    /// The idle reader's snapshot, from before the write, keeps a checkpoint from copying the
    /// write's frames back (a checkpoint's own turn ends it, `theWALStartsOver…`); its next read
    /// sees the write.
    @Test func aWriteLeavesTheIdleReadersTheirSnapshots() throws {
        try database.write { try $0.execute("INSERT INTO items (name) VALUES ('before')") }
        #expect(try count() == 1)
        try database.write { try $0.execute("INSERT INTO items (name) VALUES ('after')") }
        let other = try Connection(path: database.path, readOnly: false, busyTimeoutMilliseconds: 1000)
        let checkpoint = try #require(try other.queryFirst("PRAGMA wal_checkpoint(PASSIVE)"))
        let (walFrames, copiedBack) = (try checkpoint.int(at: 1), try checkpoint.int(at: 2))
        #expect(copiedBack < walFrames, "the write ended the idle reader's snapshot (\(copiedBack) of \(walFrames) frames copied back)")
        #expect(try count() == 2)
    }

    /// 400 writes of 16 pages each with reads on two readers between them: 6,400 pages through
    /// the WAL, which SQLite checkpoints at 1,000 and starts over once no reader's snapshot is
    /// older than the checkpoint. A reader keeping its snapshot across a checkpoint would hold it back.
    @Test func theWALStartsOverUnderInterleavedReadsAndWrites() throws {
        try database.write { try $0.execute("CREATE TABLE blobs (id INTEGER PRIMARY KEY, payload BLOB NOT NULL)") }
        for index in 0..<400 {
            try database.write { db in
                try db.execute("INSERT OR REPLACE INTO blobs (id, payload) VALUES (?, randomblob(60000))",
                               [.integer(Int64(index % 8))])
            }
            let (outer, inner) = try database.read { outer in
                let inner = try database.read { try $0.queryFirst("SELECT count(*) FROM blobs")?.int(at: 0) }
                return (try outer.queryFirst("SELECT count(*) FROM blobs")?.int(at: 0), inner)
            }
            #expect(outer == min(index + 1, 8) && inner == outer)
        }
        let walBytes = try #require(try FileManager.default.attributesOfItem(atPath: database.path + "-wal")[.size] as? Int)
        #expect(walBytes < 8 << 20, "the WAL grew to \(walBytes) bytes")
    }
}

/// Names read by one thread and handed to another after a semaphore orders them.
final class ObservedNames: @unchecked Sendable {
    // `lock` guards `stored`.
    private let lock = NSLock()
    private var stored: [String]?

    var names: [String]? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
