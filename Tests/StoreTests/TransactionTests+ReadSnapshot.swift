import Testing
@testable import Store

/// `Database.read` runs in one read transaction: every statement of one read sees the same
/// snapshot, so a page and its total always agree.
extension TransactionTests {
    @Test func aReadDoesNotSeeACommitMadeBetweenItsStatements() throws {
        try database.write { try $0.execute("INSERT INTO items (name) VALUES ('first')") }
        let (total, page) = try database.read { reader in
            let total = try reader.queryFirst("SELECT count(*) FROM items")?.int(at: 0)
            // The writer commits on its own connection while this read is between statements.
            try database.write { try $0.execute("INSERT INTO items (name) VALUES ('second')") }
            let page = try reader.query("SELECT name FROM items ORDER BY id").map { try $0.string("name") }
            return (total, page)
        }
        #expect(total == 1)
        #expect(page == ["first"])
        #expect(try count() == 2, "the next read sees the commit")
    }

    @Test func aFailedReadEndsItsTransaction() throws {
        #expect(throws: HandlerFailure()) {
            try database.read { reader in
                _ = try reader.queryFirst("SELECT count(*) FROM items")
                throw HandlerFailure()
            }
        }
        try database.write { try $0.execute("INSERT INTO items (name) VALUES ('after')") }
        // Reads run one after another reuse the reader just checked in: it must not still
        // hold the failed read's snapshot.
        #expect(try count() == 1)
        #expect(try database.read { $0.isInTransaction }, "a read runs inside a transaction")
    }
}
