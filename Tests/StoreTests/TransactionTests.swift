import Dispatch
import Foundation
import Testing
@testable import Store
import TestSupport

@Suite struct TransactionTests {
    struct HandlerFailure: Error, Equatable {}

    let directory: TemporaryDirectory
    let database: Database

    init() throws {
        directory = try TemporaryDirectory()
        database = try Database(path: directory.path("tx.sqlite"), migrations: [
            Migration("test.001", sql: "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT UNIQUE NOT NULL)"),
        ])
    }

    func count() throws -> Int {
        try database.read { db in try db.queryFirst("SELECT count(*) AS n FROM items")?.int("n") ?? -1 }
    }

    @Test func failedWriteRollsBackEverythingAndKeepsTheFirstError() throws {
        #expect(throws: HandlerFailure()) {
            try database.write { db in
                try db.execute("INSERT INTO items (name) VALUES (?)", ["a"])
                try db.execute("INSERT INTO items (name) VALUES (?)", ["b"])
                throw HandlerFailure()
            }
        }
        #expect(try count() == 0)
        let error = try #require(throws: StoreError.self) {
            try database.write { db in
                try db.execute("INSERT INTO items (name) VALUES (?)", ["a"])
                try db.execute("INSERT INTO items (name) VALUES (?)", ["a"])
            }
        }
        #expect(error.isConstraintViolation)
        #expect(try count() == 0)
        try database.write { db in try db.execute("INSERT INTO items (name) VALUES (?)", ["a"]) }
        #expect(try count() == 1)
    }

    @Test func nestedWriteIsRefusedAndReadInsideWriteSeesOwnChanges() throws {
        let inside = try database.write { db -> Int in
            try db.execute("INSERT INTO items (name) VALUES (?)", ["a"])
            #expect(throws: StoreError.self) { try database.write { _ in } }
            return try database.read { reader in try reader.queryFirst("SELECT count(*) FROM items")?.int(at: 0) ?? -1 }
        }
        #expect(inside == 1)
    }

    @Test func savepointUndoesOnlyItsOwnStep() throws {
        try database.write { db in
            try db.execute("INSERT INTO items (name) VALUES (?)", ["kept"])
            #expect(throws: HandlerFailure()) {
                try db.savepoint { db in
                    try db.execute("INSERT INTO items (name) VALUES (?)", ["undone"])
                    throw HandlerFailure()
                }
            }
        }
        #expect(try database.read { db in try db.query("SELECT name FROM items").map { try $0.string("name") } } == ["kept"])
    }

    @Test func readsRunConcurrentlyWithAnOpenWriteAndSeeTheLastCommit() async throws {
        try database.write { db in try db.execute("INSERT INTO items (name) VALUES (?)", ["committed"]) }
        let database = self.database
        // `write` keeps its transaction open until the body returns, so the body waits — on a
        // thread of its own, never the cooperative pool — for a reader on another thread.
        let (finished, observed) = try await DedicatedThread.run { () throws -> (Bool, Int?) in
            try database.write { db in
                try db.execute("INSERT INTO items (name) VALUES (?)", ["pending"])
                let readDone = DispatchSemaphore(value: 0)
                let observed = ObservedCount()
                Thread {
                    observed.value = (try? database.read { reader in
                        try reader.queryFirst("SELECT count(*) FROM items")?.int(at: 0)
                    }) ?? nil
                    readDone.signal()
                }.start()
                return (readDone.wait(timeout: .now() + 5) == .success, observed.value)
            }
        }
        #expect(finished, "the reader finished while the write transaction was still open")
        #expect(observed == 1)
        #expect(try count() == 2)
    }

    @Test func manyConcurrentReadersShareThePool() throws {
        try database.write { db in
            for index in 0..<100 { try db.execute("INSERT INTO items (name) VALUES (?)", [.text("n\(index)")]) }
        }
        let failures = ObservedCount()
        let database = self.database
        DispatchQueue.concurrentPerform(iterations: 64) { _ in
            let total = try? database.read { db in try db.queryFirst("SELECT count(*) FROM items")?.int(at: 0) }
            if total != 100 { failures.increment() }
        }
        #expect(failures.value == nil)
    }
}

/// A value written by one thread and read by another after a semaphore or join orders them.
final class ObservedCount: @unchecked Sendable {
    // `lock` guards `stored`.
    private let lock = NSLock()
    private var stored: Int?

    var value: Int? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }

    func increment() { lock.withLock { stored = (stored ?? 0) + 1 } }
}
