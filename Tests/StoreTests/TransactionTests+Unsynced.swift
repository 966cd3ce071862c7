import Testing
@testable import Store

extension TransactionTests {
    /// The writer's `synchronous` level: 1 NORMAL, 2 FULL.
    func writerSyncLevel(_ db: Connection) throws -> Int? {
        try db.queryFirst("PRAGMA synchronous")?.int(at: 0)
    }

    @Test func unsyncedWriteCommitsWithoutFsyncAndTheWriterSyncsAgainAfterIt() throws {
        let levelInside = try database.writeUnsynced { db in
            try db.execute("INSERT INTO items (name) VALUES (?)", ["journal batch"])
            return try writerSyncLevel(db)
        }
        #expect(levelInside == 1)
        #expect(try count() == 1)
        #expect(try database.write { try writerSyncLevel($0) } == 2)
    }

    @Test func failedUnsyncedWriteRollsBackAndTheWriterSyncsAgainAfterIt() throws {
        #expect(throws: HandlerFailure()) {
            try database.writeUnsynced { db in
                try db.execute("INSERT INTO items (name) VALUES (?)", ["lost"])
                throw HandlerFailure()
            }
        }
        #expect(try count() == 0)
        #expect(try database.write { try writerSyncLevel($0) } == 2)
        #expect(throws: StoreError.self) {
            try database.write { _ in try database.writeUnsynced { _ in } }
        }
    }
}
