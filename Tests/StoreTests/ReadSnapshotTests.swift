import Testing
@testable import Store

/// `Database.read` runs in one read transaction: every statement of one read sees the same
/// snapshot, so a page and its total always agree.
@Suite struct ReadSnapshotTests {
    let directory: TemporaryDirectory
    let database: Database

    init() throws {
        directory = try TemporaryDirectory()
        database = try Database(path: directory.path("snapshot.sqlite"), migrations: [
            Migration("test.001", sql: "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL)"),
        ], readerCount: 1)
        try database.write { try $0.execute("INSERT INTO items (name) VALUES ('first')") }
    }

    private func count(_ connection: Connection) throws -> Int {
        try connection.queryFirst("SELECT count(*) FROM items")?.int(at: 0) ?? -1
    }

    @Test func aReadDoesNotSeeACommitMadeBetweenItsStatements() throws {
        let (total, page) = try database.read { reader in
            let total = try count(reader)
            // The writer commits on its own connection while this read is between statements.
            try database.write { try $0.execute("INSERT INTO items (name) VALUES ('second')") }
            let page = try reader.query("SELECT name FROM items ORDER BY id").map { try $0.string("name") }
            return (total, page)
        }
        #expect(total == 1)
        #expect(page == ["first"])
        #expect(try database.read { try count($0) } == 2, "the next read sees the commit")
    }

    @Test func aFailedReadEndsItsTransaction() throws {
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try database.read { reader in
                _ = try count(reader)
                throw Stop()
            }
        }
        try database.write { try $0.execute("INSERT INTO items (name) VALUES ('second')") }
        // The pool's only reader is reused: it must not still hold the old snapshot.
        #expect(try database.read { try count($0) } == 2)
        #expect(try database.read { $0.isInTransaction }, "a read runs inside a transaction")
    }
}
