import Dispatch
import Synchronization
import Testing
@testable import Store
import TestSupport

/// Many reads needing the copy at once (a list route's first requests under load, or its
/// requests after a write): one of them makes the copy, the others read the table meanwhile, and
/// every page is still the statement's.
extension YoufanRecommendedPagesTests {
    /// Channels 1 to 4 with `perChannel` products each, and the pages the tests read.
    static func manyProducts(_ database: Database, perChannel: Int) throws {
        try database.write { connection in
            try connection.execute("""
                WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < \(4 * perChannel - 1))
                INSERT INTO youfan_products (code, item) SELECT 'M' || i, '{"code":"M' || i || '","pad":"' || hex(randomblob(40)) || '"}' FROM n
                """)
            try connection.execute("""
                INSERT INTO youfan_recommendations (cid, code, position)
                    SELECT 1 + CAST(substr(code, 2) AS INTEGER) % 4, code, CAST(substr(code, 2) AS INTEGER) FROM youfan_products
                """)
        }
    }

    static let windows: [(cid: Int?, page: YoufanPage)] = [nil, 1, 2, 3, 4, 5].flatMap { cid in
        [YoufanPage(index: 0, size: 10), YoufanPage(index: 3, size: 20), YoufanPage(offset: 0, limit: -1)].map { (cid, $0) }
    }

    /// Reads every window on `threads` dispatch threads at once; returns how many pages differed
    /// from the statement's.
    static func pagesDifferingFromTheStatement(_ database: Database, _ pages: YoufanRecommendedPages,
                                               threads: Int) throws -> Int {
        let expected = try windows.map { try pageBySQL(database, cid: $0.cid, page: $0.page) }
        let differing = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in windows.indices.map({ ($0 + thread) % windows.count }) {
                var json: [UInt8] = []
                let count = try? pages.append(cid: windows[index].cid, page: windows[index].page, to: &json)
                if count.map({ YoufanList(json: json, count: $0) }) != expected[index] { differing.add(1, ordering: .relaxed) }
            }
        }
        return differing.load(ordering: .relaxed)
    }

    @Test func manyFirstReadersMakeOneCopyAndReadEveryPageRight() throws {
        let directory = try TemporaryDirectory()
        let database = try Database(path: directory.path("many.sqlite"), migrations: YoufanSchema.migrations)
        try Self.manyProducts(database, perChannel: 1_000)
        let pages = YoufanRecommendedPages(database: database)

        #expect(try Self.pagesDifferingFromTheStatement(database, pages, threads: 16) == 0)
        #expect(pages.copy.builds == 1)

        try database.write { connection in
            try connection.execute(#"UPDATE youfan_products SET item = '{"code":"M5","v":2}' WHERE code = 'M5'"#)
            try connection.execute("DELETE FROM youfan_recommendations WHERE cid = 3 AND position < 100")
        }
        #expect(try Self.pagesDifferingFromTheStatement(database, pages, threads: 16) == 0)
        #expect(pages.copy.builds == 2)
    }

    @Test func aWriteElsewhereInTheFileMakesNoNewCopy() throws {
        let directory = try TemporaryDirectory()
        let database = try Database(path: directory.path("elsewhere.sqlite"), migrations: YoufanSchema.migrations)
        try database.write(Self.insertProducts)
        let pages = YoufanRecommendedPages(database: database)
        #expect(try Self.pagesDifferingFromTheStatement(database, pages, threads: 1) == 0)
        #expect(try Self.pagesDifferingFromTheStatement(database, pages, threads: 1) == 0)
        #expect(pages.copy.builds == 1)

        // A product no channel recommends: the writers' turn moves, the token does not.
        try database.write { try $0.execute(#"INSERT INTO youfan_products (code, item) VALUES ('P9', '{"code":"P9"}')"#) }
        #expect(try Self.pagesDifferingFromTheStatement(database, pages, threads: 4) == 0)
        #expect(pages.copy.builds == 1)
    }
}
