import Testing
@testable import Store
import TestSupport

/// `maka.005-store-templates` gives templates the clients' `T_…` ids. Integer ids cannot be
/// converted, so a database that holds old templates is refused with a message naming `--reset`.
@Suite struct MakaTemplateIDMigrationTests {
    private static let before = Array(MakaSchema.migrations.prefix { $0.name != "maka.005-store-templates" })

    @Test func aDatabaseWithOldTemplatesIsRefusedWithResetInTheMessage() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("old.sqlite")
        do {
            let old = try Database(path: path, migrations: Self.before)
            try old.write { connection in
                try connection.execute("INSERT INTO maka_templates (id, category_id, title) VALUES (101, 1, '樱花')")
            }
        }
        let error = try #require(throws: MakaSchemaOutdated.self) {
            try Database(path: path, migrations: MakaSchema.migrations)
        }
        #expect(error.description.contains("--reset"))
        let reopened = try Database(path: path, migrations: Self.before)
        #expect(try reopened.read { try $0.queryFirst("SELECT title FROM maka_templates WHERE id = 101")?.string("title") } == "樱花",
                "nothing is lost by the refusal")
    }

    @Test func anOldDatabaseWithoutTemplatesIsMigrated() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("old.sqlite")
        _ = try Database(path: path, migrations: Self.before)
        let upgraded = try Database(path: path, migrations: MakaSchema.migrations)
        try upgraded.write { connection in
            try MakaImport.upsert(MakaTemplate(id: "T_6QE7W9IW", categoryId: 1, title: "樱花", price: "9.90"), in: connection)
        }
        let template = try #require(try MakaCatalogRepository(database: upgraded).template(id: "T_6QE7W9IW"))
        #expect(template.price == "9.90" && !template.isFree)
    }
}

/// `maka.007-picture-ids` converts the pictures of an older database instead of dropping them.
@Suite struct MakaPictureIDMigrationTests {
    @Test func oldIntegerPictureIdsBecomeTwentyCharacterIds() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("old.sqlite")
        do {
            let old = try Database(path: path, migrations: Array(MakaSchema.migrations.prefix { $0.name != "maka.007-picture-ids" }))
            try old.write { connection in
                try connection.execute("INSERT INTO maka_pictures (id, category_id, title, url) VALUES (5001, 1, '樱花01', 'http://img.maka.im/p/5001.jpg')")
            }
        }
        let upgraded = try Database(path: path, migrations: MakaSchema.migrations)
        let pictures = try MakaCatalogRepository(database: upgraded).pictures(categoryId: 1, offset: 0, limit: 10).pictures
        #expect(pictures.map(\.id) == ["000000000000000003UX"], "5001 in base 36")
        #expect(pictures.first?.title == "樱花01")
    }
}
