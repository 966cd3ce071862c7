import CSQLite
import Testing
import TestSupport
@testable import Store

@Suite struct ResultCodeTests {
    @Test func constantsAreSQLiteCodes() {
        #expect(StoreError.ResultCode.busy.rawValue == SQLITE_BUSY)
        #expect(StoreError.ResultCode.constraintUnique.rawValue == 2067)  // SQLITE_CONSTRAINT_UNIQUE
        #expect(StoreError.ResultCode.constraintUnique.primary == .constraint)
        #expect(StoreError.ResultCode.ioerr.primary == .ioerr)
    }

    @Test func primaryPatternMatchesItsExtendedCodes() {
        func kind(_ code: StoreError.ResultCode) -> String {
            switch code {
            case .constraintUnique: "unique"
            case .constraint: "other constraint"
            case .busy, .locked: "retry"
            default: "other"
            }
        }
        #expect(kind(.constraintUnique) == "unique")
        #expect(kind(.constraintNotNull) == "other constraint")
        #expect(kind(.constraint) == "other constraint")
        #expect(kind(StoreError.ResultCode(rawValue: SQLITE_BUSY | (2 << 8))) == "retry")
        #expect(kind(.readonly) == "other")
    }

    @Test func extendedPatternMatchesOnlyItself() {
        #expect(!(StoreError.ResultCode.constraintUnique ~= .constraint))
        #expect(!(StoreError.ResultCode.constraintUnique ~= .constraintNotNull))
        #expect(StoreError.ResultCode.constraint != .constraintUnique, "== stays exact")
    }

    @Test func errorKeepsBothCodesFromAnExtendedOne() {
        let error = StoreError(code: .constraintForeignKey, message: "FOREIGN KEY constraint failed", sql: "DELETE …")
        #expect(error.code == .constraint)
        #expect(error.extendedCode == .constraintForeignKey)
        #expect(error.isConstraintViolation)
        #expect(error.description == "SQLite error 19 (extended 787): FOREIGN KEY constraint failed — SQL: DELETE …")
    }

    @Test func foreignKeyViolationOnARealFileIsTyped() throws {
        let directory = try TemporaryDirectory()
        let database = try Database(path: directory.path("codes.sqlite"), migrations: [
            Migration("test.001", sql: """
                CREATE TABLE parents (id INTEGER PRIMARY KEY);
                CREATE TABLE children (id INTEGER PRIMARY KEY, parent INTEGER NOT NULL REFERENCES parents(id));
                """),
        ])
        defer { withExtendedLifetime(directory) {} }
        let error = try #require(throws: StoreError.self) {
            try database.write { try $0.execute("INSERT INTO children (parent) VALUES (42)") }
        }
        #expect(error.extendedCode == .constraintForeignKey)
        let notNull = try #require(throws: StoreError.self) {
            try database.write { try $0.execute("INSERT INTO children (parent) VALUES (NULL)") }
        }
        #expect(notNull.extendedCode == .constraintNotNull)
    }
}
