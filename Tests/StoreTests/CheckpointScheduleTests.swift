import Foundation
import Synchronization
import Testing
@testable import Store
import TestSupport

/// The writer checkpoints the WAL itself (`CheckpointSchedule`), at the start of its turn once
/// idle readers have ended their transactions, so the WAL is copied back whole and starts over at
/// the turn's first write even while another thread reads all the time. SQLite's own checkpoint,
/// inside each commit, met the snapshots of the reads that ran during the transaction: the WAL
/// was never copied back whole and only grew.
@Suite struct CheckpointScheduleTests {
    let directory: TemporaryDirectory
    let database: Database

    init() throws {
        directory = try TemporaryDirectory()
        database = try Database(path: directory.path("wal.sqlite"), migrations: [
            Migration("test.001", sql: "CREATE TABLE blobs (id INTEGER PRIMARY KEY, payload BLOB NOT NULL)"),
        ])
    }

    /// 1,200 writes of about 16 pages each (~19,000 frames, ~80 MB of WAL if it never started
    /// over), a millisecond apart as the journal's batches come, while a reader thread reads in a
    /// loop. A WAL that starts over after each checkpoint stays near 1,000 frames (4 MB); the
    /// bound leaves room for three restarts in a row missed because a read was running at the
    /// very moment the next write began.
    @Test func theWALStartsOverWhileAnotherThreadReadsThroughEveryWrite() async throws {
        let database = self.database
        let walPath = database.path + "-wal"
        let (largestWAL, reads, lastCount) = try await DedicatedThread.run { () throws -> (Int, Int, Int?) in
            let reader = LoopingReader(database)
            reader.start()
            var largest = 0
            for index in 0..<1200 {
                try database.writeUnsynced { db in
                    try db.execute("INSERT OR REPLACE INTO blobs (id, payload) VALUES (?, randomblob(60000))",
                                   [.integer(Int64(index % 8))])
                }
                let bytes = try? FileManager.default.attributesOfItem(atPath: walPath)[.size] as? Int
                largest = max(largest, bytes ?? 0)
                usleep(1000)
            }
            let reads = reader.stop()
            let count = try database.read { try $0.queryFirst("SELECT count(*) FROM blobs")?.int(at: 0) }
            return (largest, reads, count)
        }
        #expect(lastCount == 8)
        #expect(reads > 0, "the reader thread never read")
        #expect(largestWAL < 16 << 20, "the WAL grew to \(largestWAL) bytes")
    }

    /// Frames committed stay in the WAL until `frameInterval` of them are there; the next write
    /// first copies them into the database file.
    @Test func theFirstCheckpointComesAtAThousandFrames() throws {
        let file = database.path
        let startSize = try Self.size(of: file)
        var framesAtCheckpoint: Int?
        for _ in 0..<600 where framesAtCheckpoint == nil {
            try database.writeUnsynced { db in
                try db.execute("INSERT INTO blobs (payload) VALUES (randomblob(12000))")
            }
            if try Self.size(of: file) != startSize {
                framesAtCheckpoint = (try Self.size(of: file + "-wal") - 32) / (4096 + 24)
            }
        }
        let frames = try #require(framesAtCheckpoint, "no checkpoint after 600 writes")
        #expect((1000..<1010).contains(frames), "checkpointed with \(frames) frames in the WAL")
    }

    private static func size(of path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
    }
}

/// A thread that reads the database in a loop until stopped, as the event loop does under load.
private final class LoopingReader: Sendable {
    private let database: Database
    private let stopped = Atomic<Bool>(false)
    private let reads = Atomic<Int>(0)
    private let finished = DispatchSemaphore(value: 0)

    init(_ database: Database) {
        self.database = database
    }

    func start() {
        Thread { [self] in
            while !stopped.load(ordering: .relaxed) {
                _ = try? database.read { try $0.queryFirst("SELECT count(*) FROM blobs")?.int(at: 0) }
                reads.add(1, ordering: .relaxed)
            }
            finished.signal()
        }.start()
    }

    /// Stops the loop and waits for it (on the caller's dedicated thread), returning the reads made.
    func stop() -> Int {
        stopped.store(true, ordering: .relaxed)
        finished.wait()
        return reads.load(ordering: .relaxed)
    }
}
