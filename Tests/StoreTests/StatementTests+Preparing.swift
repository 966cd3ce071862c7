import Testing
@testable import Store

/// One statement per `Statement`: whatever follows it in the text must be blank. SQL of up to
/// 15 bytes lives inside the `String` itself, so its C string is a temporary copy; the text after
/// the statement is judged while that copy exists (it was once read after, and short SQL such as
/// `VACUUM INTO ?` failed with "one statement expected").
extension StatementTests {
    @Test(arguments: ["SELECT 1", "SELECT ?", "SELECT 1;", "SELECT 1 ;\n", "VACUUM INTO ?"])
    func shortStatementsPrepare(sql: String) throws {
        #expect(sql.utf8.count <= 15)
        try database.write { db in
            let statement = try db.statement(sql)
            #expect(statement.sql == sql)
        }
    }

    @Test(arguments: ["SELECT 1; SELECT 2", "SELECT 1;x", "SELECT count(*) FROM items; DELETE FROM items"])
    func textAfterTheStatementIsRefused(sql: String) throws {
        let error = try #require(throws: StoreError.self) {
            try database.read { db in _ = try db.statement(sql) }
        }
        #expect(error.code == .misuse)
        #expect(error.message.contains("one statement expected"))
    }

    @Test func copyRunsVacuumIntoThroughAStatement() throws {
        try database.write { db in try db.execute("INSERT INTO items (id, name) VALUES (?, ?)", [1, "coat"]) }
        let copyPath = directory.path("copy.sqlite")
        try database.copy(to: copyPath)
        let copy = try Database(path: copyPath, migrations: [])
        #expect(try copy.read { db in try db.queryFirst("SELECT name FROM items WHERE id = 1")?.string("name") } == "coat")
    }
}
