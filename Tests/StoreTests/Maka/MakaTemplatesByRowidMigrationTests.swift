import Testing
@testable import Store
import TestSupport

/// `maka.015-templates-by-rowid` rebuilds an older database's templates as a rowid table with
/// `pages` last: every list page and document reads back as before, purchases still name their
/// templates, and imports still write them.
@Suite struct MakaTemplatesByRowidMigrationTests {
    private static let migration = "maka.015-templates-by-rowid"

    @Test func anOlderCatalogueReadsBackTheSameAfterTheRebuild() throws {
        let directory = try TemporaryDirectory()
        let ids = (101...112).map { "T_00000\($0)" }
        let path = try MakaStoreFixture.olderDatabase(before: Self.migration, in: directory) { connection in
            try connection.execute("""
                INSERT INTO maka_users (uid, email, password_hash, nickname, create_time)
                VALUES (10001, 'old@maka.im', 'hash', '买家', '2015-03-02 10:00:00')
                """)
            for (number, id) in ids.enumerated() {
                let pages = number % 3 == 0 ? nil : "[" + String(repeating: #"{"index":1,"text":"长页"},"#, count: 400) + "{}]"
                try MakaImport.upsert(MakaTemplate(id: id, categoryId: Int64(1 + number % 2), title: "模板 \"\(number)\"",
                                                   thumb: "http://img.maka.im/t/\(number).jpg", pageCount: number, useCount: 2 * number,
                                                   author: "作者", createTime: "2015-03-0\(1 + number % 9) 10:00:00", pages: pages,
                                                   price: number % 2 == 0 ? "0.00" : "9.90", discount: "\(number % 10)",
                                                   saleNumber: 100 + number), in: connection)
            }
            #expect(try MakaImport.recordPurchase(uid: 10001, templateId: ids[1], in: connection) == .recorded)
        }
        let before = try Self.catalogue(of: Database(path: path, migrations: Array(MakaSchema.migrations.prefix { $0.name != Self.migration })),
                                        ids: ids)
        #expect(before.pages.count == 5 && before.templates.count == ids.count)

        let upgraded = try Database(path: path, migrations: MakaSchema.migrations)
        let after = try Self.catalogue(of: upgraded, ids: ids)
        #expect(after.pages.map(\.ids) == before.pages.map(\.ids))
        #expect(after.pages.map(\.total) == before.pages.map(\.total))
        #expect(after.templates == before.templates)
        let catalog = MakaCatalogRepository(database: upgraded)
        #expect(try catalog.hasBought(ids[1], uid: 10001))
        let columns = try upgraded.read { try $0.query("SELECT name FROM pragma_table_info('maka_templates')").map { try $0.string(at: 0) } }
        #expect(columns.last == "pages" && columns.first == "id" && columns.count == 12)
        let schema = try upgraded.read { try $0.queryFirst("SELECT sql FROM sqlite_master WHERE name = 'maka_templates'")?.string(at: 0) }
        #expect(schema?.contains("WITHOUT ROWID") == false)

        try upgraded.write { connection in
            try MakaImport.upsert(MakaTemplate(id: "T_00000001", categoryId: 2, title: "新模板"), in: connection)
        }
        #expect(try catalog.templatePage(categoryId: 2, offset: 0, limit: 1).ids == ["T_00000001"])
    }

    /// Pages of every category and of each, and each template with its pages.
    private static func catalogue(of database: Database, ids: [String])
        throws -> (pages: [(ids: [String], withoutPages: [Bool], total: Int)], templates: [MakaTemplate?]) {
        let catalog = MakaCatalogRepository(database: database)
        let reads: [(category: Int64?, offset: Int, limit: Int)] = [(nil, 0, 5), (nil, 5, 5), (nil, 10, 5), (1, 0, 20), (2, 2, 3)]
        let pages = try reads.map { try catalog.templatePage(categoryId: $0.category, offset: $0.offset, limit: $0.limit) }
        return (pages, try ids.map { try catalog.template(id: $0) })
    }
}
