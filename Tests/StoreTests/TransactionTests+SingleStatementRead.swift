import Testing
@testable import Store

/// `Database.readSingleStatement` runs a point read in the transaction its reader kept from the
/// read before: it sees what is committed, and inside a write sees the write.
extension TransactionTests {
    @Test func aSingleStatementReadSeesCommits() throws {
        try database.write { try $0.execute("INSERT INTO items (name) VALUES ('first')") }
        let (name, wasInTransaction) = try database.readSingleStatement { reader in
            (try reader.queryFirst("SELECT name FROM items WHERE id = 1")?.string("name"), reader.isInTransaction)
        }
        #expect(name == "first")
        #expect(wasInTransaction, "the reader's kept transaction")
        try database.write { try $0.execute("UPDATE items SET name = 'renamed' WHERE id = 1") }
        #expect(try database.readSingleStatement { try $0.queryFirst("SELECT name FROM items")?.string("name") } == "renamed",
                "the reader holds no snapshot from the read before")
    }

    @Test func aSingleStatementReadInsideAWriteSeesTheWritersChanges() throws {
        let seen = try database.write { writer in
            try writer.execute("INSERT INTO items (name) VALUES ('uncommitted')")
            return try database.readSingleStatement { try $0.queryFirst("SELECT count(*) FROM items")?.int(at: 0) }
        }
        #expect(seen == 1)
    }
}
