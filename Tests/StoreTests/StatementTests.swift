import Testing
@testable import Store
import TestSupport

@Suite struct StatementTests {
    let directory: TemporaryDirectory
    let database: Database

    init() throws {
        directory = try TemporaryDirectory()
        database = try Database(path: directory.path("test.sqlite"), migrations: [
            Migration("test.001-values", sql: """
                CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT UNIQUE, price REAL, data BLOB, note TEXT);
                """),
        ])
    }

    @Test func bindsAndReadsEveryValueType() throws {
        try database.write { db in
            try db.execute("INSERT INTO items (id, name, price, data, note) VALUES (?, ?, ?, ?, ?)",
                           [7, "有范儿 — 春装", 188.5, .blob([0, 1, 255]), nil])
            try db.execute("INSERT INTO items (id, name, price, data, note) VALUES (?, ?, ?, ?, ?)",
                           [8, "", 0.0, .blob([]), ""])
        }
        let rows = try database.read { db in try db.query("SELECT * FROM items ORDER BY id") }
        #expect(rows.count == 2)
        #expect(try rows[0].int("id") == 7)
        #expect(try rows[0].string("name") == "有范儿 — 春装")
        #expect(try rows[0].double("price") == 188.5)
        #expect(try rows[0].blob("data") == [0, 1, 255])
        #expect(try rows[0]["note"] == .null)
        #expect(try rows[0].optionalString("note") == nil)
        #expect(try rows[1]["name"] == .text(""))
        #expect(try rows[1]["note"] == .text(""))
        #expect(try rows[1].blob("data") == [])
    }

    @Test func readsColumnsByNameCaseInsensitivelyAndByIndex() throws {
        let row = try database.read { db in
            try db.queryFirst("SELECT 42 AS Answer, '12' AS numericText, 2.9 AS ratio")
        }
        let unwrapped = try #require(row)
        #expect(try unwrapped.int("answer") == 42)
        #expect(try unwrapped.int("Answer") == 42)
        #expect(try unwrapped.int("numericText") == 12)
        #expect(try unwrapped.int("ratio") == 2)
        #expect(try unwrapped.string(at: 0) == "42")
        #expect(unwrapped.hasColumn("missing") == false)
        #expect(unwrapped.layout.names == ["Answer", "numericText", "ratio"])
    }

    @Test func statementsAreCachedPerConnection() throws {
        try database.read { db in
            let first = try db.statement("SELECT count(*) FROM items WHERE id > ?")
            let second = try db.statement("SELECT count(*) FROM items WHERE id > ?")
            #expect(first === second)
            #expect(try first.firstRow([0])?.int(at: 0) == 0)
            #expect(try second.firstRow([0])?.int(at: 0) == 0)
        }
    }

    @Test func valuesAreNeverSplicedIntoSQL() throws {
        let hostile = "x'); DROP TABLE items; --"
        try database.write { db in try db.execute("INSERT INTO items (name) VALUES (?)", [.text(hostile)]) }
        let names = try database.read { db in try db.query("SELECT name FROM items").map { try $0.string("name") } }
        #expect(names == [hostile])
    }

    @Test func lastInsertRowIDAndChanges() throws {
        try database.write { db in
            try db.execute("INSERT INTO items (name) VALUES (?)", ["a"])
            #expect(db.lastInsertRowID == 1)
            try db.execute("INSERT INTO items (name) VALUES (?)", ["b"])
            try db.execute("UPDATE items SET price = ?", [1.0])
            #expect(db.changes == 2)
        }
    }

    @Test func inMemoryDatabaseReadsAndWrites() throws {
        let memory = try Database(path: ":memory:", migrations: [Migration("m.001", sql: "CREATE TABLE t (v TEXT)")])
        try memory.write { db in try db.execute("INSERT INTO t VALUES (?)", ["内存"]) }
        #expect(try memory.read { db in try db.queryFirst("SELECT v FROM t")?.string("v") } == "内存")
    }
}
