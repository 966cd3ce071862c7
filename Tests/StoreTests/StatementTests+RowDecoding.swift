import Testing
@testable import Store

/// A missing column, a NULL where a value is required and a value that does not convert are
/// errors naming the column and the SQL, never a silent 0 or "".
extension StatementTests {
    private func insertCoat() throws {
        try database.write { try $0.execute("INSERT INTO items (id, name, price, note) VALUES (1, 'coat', 9.5, NULL)") }
    }

    private func coat(_ sql: String) throws -> Row {
        try insertCoat()
        return try #require(try database.read { try $0.queryFirst(sql) })
    }

    @Test func missingColumnNamesTheColumnAndTheSQL() throws {
        let sql = "SELECT id, name FROM items"
        let row = try coat(sql)
        let reads: [() throws -> Void] = [{ _ = try row.int("note") }, { _ = try row.optionalInt("note") }, { _ = try row["note"] }]
        for read in reads {
            let error = try #require(throws: StoreError.self) { try read() }
            #expect(error.message.contains("note"))
            #expect(error.message.contains("id, name"))
            #expect(error.sql == sql)
        }
        let pastTheEnd = try #require(throws: StoreError.self) { try row.string(at: 2) }
        #expect(pastTheEnd.message.contains("#2"))
        #expect(pastTheEnd.sql == sql)
    }

    @Test func nullIsAnErrorForARequiredReadAndNilForAnOptionalOne() throws {
        let row = try coat("SELECT id, name, note FROM items")
        let error = try #require(throws: StoreError.self) { try row.int("note") }
        #expect(error.message.contains("note") && error.message.contains("NULL"))
        #expect(try row.optionalInt("note") == nil)
        #expect(try row.optionalString(at: 2) == nil)
        #expect(try row.int64("id") == 1)
        #expect(try row.optionalString("name") == "coat")
    }

    @Test func unconvertibleValueIsAnErrorEvenForAnOptionalRead() throws {
        let sql = "SELECT name, x'00ff' AS raw FROM items"
        let row = try coat(sql)
        let text = try #require(throws: StoreError.self) { try row.int("name") }
        #expect(text.message.contains("name") && text.message.contains("text"))
        #expect(text.sql == sql)
        #expect(throws: StoreError.self) { try row.optionalDouble("name") }
        #expect(throws: StoreError.self) { try row.int64("raw") }
        #expect(try row.blob("raw") == [0, 255])
    }

    @Test func statementColumnReadsCheckTheIndex() throws {
        try insertCoat()
        try database.read { connection in
            let statement = try connection.statement("SELECT name, note FROM items")
            try statement.bind([])
            defer { statement.reset() }
            #expect(try statement.step())
            #expect(try statement.optionalText(at: 0) == "coat")
            #expect(try statement.optionalText(at: 1) == nil)
            #expect(try statement.isNull(at: 1))
            let null = try #require(throws: StoreError.self) { try statement.bytes(at: 1) }
            #expect(null.message.contains("note"))
            let missing = try #require(throws: StoreError.self) { try statement.withUnsafeBytes(at: 2) { $0.count } }
            #expect(missing.sql == "SELECT name, note FROM items")
        }
    }
}
