import Testing
@testable import Store
import TestSupport

/// The recommended pages read from the copy held in memory (`YoufanRecommendedPages`, youfan.017)
/// against the statement they replace, on real SQLite files: every page byte for byte, and the
/// copy current after every kind of write.
@Suite struct YoufanRecommendedPagesTests {
    /// The page as the statement before youfan.017 read it, straight from the table.
    static func pageBySQL(_ database: Database, cid: Int?, page: YoufanPage) throws -> YoufanList {
        try database.read { connection in
            if let cid {
                try YoufanSQL.list("""
                    SELECT item FROM youfan_recommended_items WHERE cid = ? ORDER BY position, code LIMIT ? OFFSET ?
                    """, [SQLValue(cid), SQLValue(page.limit), SQLValue(page.offset)], in: connection)
            } else {
                try YoufanSQL.list("""
                    SELECT item FROM youfan_recommended_items ORDER BY cid, position, code LIMIT ? OFFSET ?
                    """, [SQLValue(page.limit), SQLValue(page.offset)], in: connection)
            }
        }
    }

    /// Every window of every channel (and of none) the copy gives equals the statement's.
    static func expectEveryPageMatchesTheStatement(_ database: Database, _ products: YoufanProductRepository,
                                                   sourceLocation: SourceLocation = #_sourceLocation) throws {
        let windows = [(0, 0), (0, 1), (0, 2), (1, 1), (2, 2), (0, 50), (3, 1), (4, 10), (9, 10), (0, -1), (2, -1), (-3, 2)]
            .map { YoufanPage(offset: $0.0, limit: $0.1) }
            + [YoufanPage(index: 0, size: 10), YoufanPage(index: 1, size: 10), YoufanPage(index: Int.max, size: 10)]
        for cid in [nil, 0, 1, 2, 3, 4] as [Int?] {
            for page in windows {
                let expected = try pageBySQL(database, cid: cid, page: page)
                #expect(try products.recommended(cid: cid, page: page) == expected,
                        "cid \(cid.map(String.init) ?? "nil"), \(page)", sourceLocation: sourceLocation)
            }
        }
    }

    static func insertProducts(_ connection: Connection) throws {
        try connection.execute("""
            INSERT INTO youfan_products (code, item) VALUES ('P1', '{"code":"P1"}'), ('P2', '{"code":"P2","n":"中"}'),
                ('P3', NULL), ('P4', '{"code":"P4"}'), ('P5', ''), ('P6', '{"code":"P6"}')
            """)
        try connection.execute("""
            INSERT INTO youfan_recommendations (cid, code, position) VALUES
                (2, 'P1', 0), (1, 'P2', 1), (1, 'P3', 0), (1, 'P1', 2), (4, 'P4', 0), (1, 'P5', 7), (2, 'P6', -1),
                ('x', 'P2', 0), (1.5, 'P6', 0)
            """)
    }

    @Test func anOldDatabaseMigratesAndEveryPageIsTheStatementsByteForByte() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("old.sqlite")
        do {
            let old = try Database(path: path, migrations: YoufanMigrationTests.migrations(before: "youfan.017-recommended-items-version"))
            try old.write(Self.insertProducts)
        }
        let upgraded = try Database(path: path, migrations: YoufanSchema.migrations)
        let products = YoufanProductRepository(database: upgraded)
        try Self.expectEveryPageMatchesTheStatement(upgraded, products)
        let everything = try products.recommended(cid: nil, page: YoufanPage(index: 0, size: 50))
        // A text or real cid sorts after the integers and belongs to no channel; an empty item is null.
        #expect(String(decoding: everything.json, as: UTF8.self) == """
            [{"code":"P2","n":"中"},{"code":"P1"},null,{"code":"P6"},{"code":"P6"},{"code":"P1"},{"code":"P4"},{"code":"P2","n":"中"}]
            """)
    }

    @Test func theCopyFollowsWritesOfThisDatabaseOfAnotherAndNotARolledBackOne() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("pages.sqlite")
        let database = try Database(path: path, migrations: YoufanSchema.migrations)
        try database.write(Self.insertProducts)
        let products = YoufanProductRepository(database: database)
        try Self.expectEveryPageMatchesTheStatement(database, products)

        try database.write { connection in
            try YoufanProductRepository.saveRecommended(Array(#"{"code":"P7"}"#.utf8), code: "P7", cid: 1, position: 1, in: connection)
        }
        try Self.expectEveryPageMatchesTheStatement(database, products)
        #expect(try products.recommended(cid: 1, page: YoufanPage(index: 0, size: 2)).json == Array(#"[{"code":"P2","n":"中"},{"code":"P7"}]"#.utf8))

        // Another `Database` on the file: its writer's turns are this file's too.
        let other = try Database(path: path, migrations: YoufanSchema.migrations)
        try other.write { connection in
            try connection.execute(#"UPDATE youfan_products SET item = '{"code":"P1","v":2}' WHERE code = 'P1'"#)
        }
        try Self.expectEveryPageMatchesTheStatement(database, products)
        #expect(try products.recommended(cid: 2, page: YoufanPage(index: 0, size: 10)).json
                == Array(#"[{"code":"P6"},{"code":"P1","v":2}]"#.utf8))

        // A write that fails changes nothing, in the file or in the copy.
        #expect(throws: StoreError.self) {
            try database.write { connection in
                try connection.execute("DELETE FROM youfan_recommendations WHERE cid = 2")
                try connection.execute("INSERT INTO youfan_recommendations (cid, code, position) VALUES (1, 'nowhere', 0)")
            }
        }
        #expect(try products.recommended(cid: 2, page: YoufanPage(index: 0, size: 10)).count == 2)
        try Self.expectEveryPageMatchesTheStatement(database, products)
    }

    @Test func aDatabaseInMemoryReadsItsTokenForEveryPage() throws {
        let database = try Database(path: ":memory:", migrations: YoufanSchema.migrations)
        try database.write(Self.insertProducts)
        let products = YoufanProductRepository(database: database)
        try Self.expectEveryPageMatchesTheStatement(database, products)
        try database.write { connection in
            try connection.execute("DELETE FROM youfan_recommendations WHERE cid = 1")
        }
        #expect(try products.recommended(cid: 1, page: YoufanPage(index: 0, size: 10)) == YoufanList.empty)
        try Self.expectEveryPageMatchesTheStatement(database, products)
    }
}
