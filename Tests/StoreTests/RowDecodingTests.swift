import Testing
@testable import Store

/// A missing column, a NULL where a value is required and a value that does not convert are
/// errors naming the column and the SQL, never a silent 0 or "".
@Suite struct RowDecodingTests {
    let directory: TemporaryDirectory
    let database: Database

    init() throws {
        directory = try TemporaryDirectory()
        database = try Database(path: directory.path("rows.sqlite"), migrations: [
            Migration("test.001", sql: "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT, size INTEGER)"),
        ])
        try database.write { try $0.execute("INSERT INTO items (id, name, size) VALUES (1, 'coat', NULL)") }
    }

    private func row(_ sql: String) throws -> Row {
        try #require(try database.read { try $0.queryFirst(sql) })
    }

    @Test func missingColumnNamesTheColumnAndTheSQL() throws {
        let sql = "SELECT id, name FROM items"
        let row = try row(sql)
        let reads: [() throws -> Void] = [{ _ = try row.int("size") }, { _ = try row.optionalInt("size") }, { _ = try row["size"] }]
        for read in reads {
            let error = try #require(throws: StoreError.self) { try read() }
            #expect(error.message.contains("size"))
            #expect(error.message.contains("id, name"))
            #expect(error.sql == sql)
        }
        let pastTheEnd = try #require(throws: StoreError.self) { try row.string(at: 2) }
        #expect(pastTheEnd.message.contains("#2"))
        #expect(pastTheEnd.sql == sql)
    }

    @Test func nullIsAnErrorForARequiredReadAndNilForAnOptionalOne() throws {
        let row = try row("SELECT id, name, size FROM items")
        let error = try #require(throws: StoreError.self) { try row.int("size") }
        #expect(error.message.contains("size") && error.message.contains("NULL"))
        #expect(try row.optionalInt("size") == nil)
        #expect(try row.optionalString(at: 2) == nil)
        #expect(try row.int64("id") == 1)
        #expect(try row.optionalString("name") == "coat")
    }

    @Test func unconvertibleValueIsAnErrorEvenForAnOptionalRead() throws {
        let sql = "SELECT name, x'00ff' AS raw FROM items"
        let row = try row(sql)
        let text = try #require(throws: StoreError.self) { try row.int("name") }
        #expect(text.message.contains("name") && text.message.contains("text"))
        #expect(text.sql == sql)
        #expect(throws: StoreError.self) { try row.optionalDouble("name") }
        #expect(throws: StoreError.self) { try row.int64("raw") }
        #expect(try row.blob("raw") == [0, 255])
    }

    @Test func statementColumnReadsCheckTheIndex() throws {
        try database.read { connection in
            let statement = try connection.statement("SELECT name, size FROM items")
            try statement.bind([])
            defer { statement.reset() }
            #expect(try statement.step())
            #expect(try statement.optionalText(at: 0) == "coat")
            #expect(try statement.optionalText(at: 1) == nil)
            #expect(try statement.isNull(at: 1))
            let null = try #require(throws: StoreError.self) { try statement.bytes(at: 1) }
            #expect(null.message.contains("size"))
            let missing = try #require(throws: StoreError.self) { try statement.withUnsafeBytes(at: 2) { $0.count } }
            #expect(missing.sql == "SELECT name, size FROM items")
        }
    }
}
