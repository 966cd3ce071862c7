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

    @Test func unsyncedWritesInARowStayUnsyncedAndAnyOtherWriteBetweenThemIsSynced() throws {
        let levels = try (0..<2).map { _ in try database.writeUnsynced { try writerSyncLevel($0) } }
        #expect(levels == [1, 1])
        #expect(try database.write { try writerSyncLevel($0) } == 2)
        #expect(try database.writeUnsynced { try writerSyncLevel($0) } == 1)
        #expect(try database.write { db in
            try db.execute("INSERT INTO items (name) VALUES (?)", ["synced"])
            return try writerSyncLevel(db)
        } == 2)
        #expect(try count() == 1)
    }
}
