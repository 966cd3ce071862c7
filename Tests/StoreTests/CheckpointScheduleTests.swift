import Foundation
import Synchronization
import Testing
@testable import Store
import TestSupport

/// The writer checkpoints the WAL itself (`CheckpointSchedule`), at the start of its turn once
/// idle readers have ended their transactions, so the WAL is copied back whole and starts over at
/// the turn's first write even when another thread reads during every write. SQLite's own
/// checkpoint, inside each commit, met the snapshots of the reads that ran during the
/// transaction: the WAL was never copied back whole and only grew.
@Suite struct CheckpointScheduleTests {
    let directory: TemporaryDirectory
    let database: Database

    init() throws {
        directory = try TemporaryDirectory()
        database = try Database(path: directory.path("wal.sqlite"), migrations: [
            Migration("test.001", sql: "CREATE TABLE blobs (id INTEGER PRIMARY KEY, payload BLOB NOT NULL)"),
        ])
    }

    /// 300 writes of about 30 frames each (~9,000 frames, ~37 MB of WAL if it never started
    /// over), each with a read on another thread while it is open: that reader goes back to the
    /// pool holding a snapshot without the write, as the event loop's readers do under load.
    /// SQLite's checkpoint inside the commit met that snapshot every time and the WAL never
    /// started over; checkpointed at the start of the next turn, it starts over once 1,000
    /// frames wait, every time.
    @Test func theWALStartsOverThoughEveryWriteHasAReadDuringIt() async throws {
        let database = self.database
        let walPath = database.path + "-wal"
        let (largestWAL, lastCount) = try await DedicatedThread.run { () throws -> (Int, Int?) in
            let reader = ReaderOnRequest(database)
            defer { reader.stop() }
            var largest = 0
            for index in 0..<300 {
                try database.writeUnsynced { db in
                    try db.execute("INSERT OR REPLACE INTO blobs (id, payload) VALUES (?, randomblob(60000))",
                                   [.integer(Int64(index % 8))])
                    reader.readAndWait()
                }
                largest = max(largest, try Self.size(of: walPath))
            }
            return (largest, try database.read { try $0.queryFirst("SELECT count(*) FROM blobs")?.int(at: 0) })
        }
        #expect(lastCount == 8)
        let frames = (largestWAL - 32) / (4096 + 24)
        #expect(frames < 2 * Int(CheckpointSchedule.frameInterval), "the WAL grew to \(frames) frames")
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

/// A thread that reads the database once each time it is asked, and says when it has, so that
/// a test's write can have a read run and its reader checked back in while the write is open.
private final class ReaderOnRequest: Sendable {
    private let database: Database
    private let stopped = Atomic<Bool>(false)
    private let asked = DispatchSemaphore(value: 0)
    private let answered = DispatchSemaphore(value: 0)

    init(_ database: Database) {
        self.database = database
        Thread { [self] in
            while true {
                asked.wait()
                if stopped.load(ordering: .relaxed) { return }
                _ = try? database.read { try $0.queryFirst("SELECT count(*) FROM blobs")?.int(at: 0) }
                answered.signal()
            }
        }.start()
    }

    /// Has the thread read once, and waits (on the caller's dedicated thread) until it has.
    func readAndWait() {
        asked.signal()
        answered.wait()
    }

    /// Ends the thread.
    func stop() {
        stopped.store(true, ordering: .relaxed)
        asked.signal()
    }
}
