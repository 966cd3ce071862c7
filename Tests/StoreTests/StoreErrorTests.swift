import Testing
@testable import Store
import TestSupport

@Suite struct StoreErrorTests {
    let directory: TemporaryDirectory
    let database: Database

    init() throws {
        directory = try TemporaryDirectory()
        database = try Database(path: directory.path("errors.sqlite"), migrations: [
            Migration("test.001", sql: "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT UNIQUE NOT NULL)"),
        ])
    }

    @Test func constraintErrorCarriesCodesMessageAndSQL() throws {
        let sql = "INSERT INTO items (name) VALUES (?)"
        try database.write { db in try db.execute(sql, ["dup"]) }
        let error = try #require(throws: StoreError.self) {
            try database.write { db in try db.execute(sql, ["dup"]) }
        }
        #expect(error.code == .constraint)
        #expect(error.extendedCode == .constraintUnique)
        #expect(error.isConstraintViolation)
        #expect(error.message.contains("UNIQUE constraint failed: items.name"))
        #expect(error.sql == sql)
        #expect(error.description.contains(sql))
    }

    @Test func syntaxErrorCarriesSQL() throws {
        let error = try #require(throws: StoreError.self) {
            try database.read { db in try db.query("SELEC name FROM items") }
        }
        #expect(error.code == .error)
        #expect(error.sql == "SELEC name FROM items")
        #expect(error.message.contains("syntax error"))
    }

    @Test func wrongBindingCountIsRefused() throws {
        let error = try #require(throws: StoreError.self) {
            try database.read { db in try db.query("SELECT * FROM items WHERE id = ?", []) }
        }
        #expect(error.code == .misuse)
        #expect(error.message.contains("expected 1 bindings, got 0"))
    }

    @Test func severalStatementsInOneExecuteAreRefused() throws {
        let error = try #require(throws: StoreError.self) {
            try database.write { db in try db.execute("DELETE FROM items; DROP TABLE items") }
        }
        #expect(error.code == .misuse)
        #expect(try database.read { db in try db.query("SELECT name FROM sqlite_master WHERE name = 'items'") }.count == 1)
    }

    @Test func readersCannotWrite() throws {
        let error = try #require(throws: StoreError.self) {
            try database.read { db in try db.execute("INSERT INTO items (name) VALUES ('x')") }
        }
        #expect(error.code == .readonly)
    }
}
