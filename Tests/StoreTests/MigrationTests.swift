import Testing
@testable import Store
import TestSupport

@Suite struct MigrationTests {
    let directory: TemporaryDirectory
    init() throws { directory = try TemporaryDirectory() }

    private static let base = [
        Migration("test.001-items", sql: "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT)"),
        Migration("test.002-seed") { db in try db.execute("INSERT INTO items (name) VALUES (?)", ["seeded"]) },
    ]

    @Test func migrationsAreRecordedInOrderAndNotRunAgain() throws {
        let path = directory.path("m.sqlite")
        _ = try Database(path: path, migrations: Self.base)
        // Re-running either step would fail (table exists) or duplicate the seeded row.
        let reopened = try Database(path: path, migrations: Self.base + [
            Migration("test.003-column", sql: "ALTER TABLE items ADD COLUMN price REAL"),
        ])
        let names = try reopened.read { db in
            try db.query("SELECT name FROM store_migrations ORDER BY rowid").map { try $0.string("name") }
        }
        #expect(names == ["test.001-items", "test.002-seed", "test.003-column"])
        let rows = try reopened.read { db in try db.query("SELECT name, price FROM items") }
        #expect(rows.count == 1)
        #expect(try rows.first?.string("name") == "seeded")
    }

    @Test func failingMigrationIsRolledBackUnrecordedAndNamed() throws {
        let path = directory.path("bad.sqlite")
        let error = try #require(throws: StoreError.self) {
            _ = try Database(path: path, migrations: Self.base + [
                Migration("test.003-broken", sql: "CREATE TABLE extra (x); INSERT INTO nowhere VALUES (1)"),
            ])
        }
        #expect(error.message.contains("test.003-broken"))
        let reopened = try Database(path: path, migrations: Self.base)
        let tables = try reopened.read { db in
            try db.query("SELECT name FROM sqlite_master WHERE name = ?", ["extra"])
        }
        #expect(tables.isEmpty)
        let names = try reopened.read { db in try db.query("SELECT name FROM store_migrations").count }
        #expect(names == 2)
    }

    @Test func duplicateMigrationNamesAreRefused() throws {
        #expect(throws: StoreError.self) {
            _ = try Database(path: directory.path("dup.sqlite"), migrations: [
                Migration("same", sql: "CREATE TABLE a (x)"), Migration("same", sql: "CREATE TABLE b (x)"),
            ])
        }
    }

    @Test func connectionsUseWALAndForeignKeys() throws {
        let database = try Database(path: directory.path("p.sqlite"), migrations: [])
        let mode = try database.read { db in try db.queryFirst("PRAGMA journal_mode")?.string(at: 0) }
        let keys = try database.write { db in try db.queryFirst("PRAGMA foreign_keys")?.int(at: 0) }
        let sync = try database.write { db in try db.queryFirst("PRAGMA synchronous")?.int(at: 0) }
        #expect(mode == "wal")
        #expect(keys == 1)
        #expect(sync == 2)
    }

    /// The parent `owners` and its child `pets`, whose foreign key names `owners`.
    private static let family = [
        Migration("test.001-family", sql: """
            CREATE TABLE owners (name TEXT PRIMARY KEY NOT NULL) WITHOUT ROWID;
            CREATE TABLE pets (name TEXT NOT NULL, owner TEXT NOT NULL REFERENCES owners (name));
            INSERT INTO owners VALUES ('ann'), ('bo');
            INSERT INTO pets VALUES ('rex', 'ann');
            """),
    ]

    @Test func aRebuiltParentKeepsItsChildrenAndForeignKeysStayOn() throws {
        let database = try Database(path: directory.path("rebuilt.sqlite"), migrations: Self.family + [
            Migration.rebuildingTables("test.002-owners-by-rowid", sql: """
                CREATE TABLE owners_new (name TEXT PRIMARY KEY NOT NULL);
                INSERT INTO owners_new SELECT name FROM owners;
                DROP TABLE owners;
                ALTER TABLE owners_new RENAME TO owners;
                """),
        ])
        let owners = try database.read { try $0.query("SELECT name FROM owners ORDER BY name").map { try $0.string(at: 0) } }
        #expect(owners == ["ann", "bo"])
        #expect(try database.write { try $0.queryFirst("PRAGMA foreign_keys")?.int(at: 0) } == 1)
        #expect(throws: StoreError.self) {
            try database.write { try $0.execute("INSERT INTO pets VALUES ('tom', 'nobody')") }
        }
    }

    @Test func aRebuildThatOrphansARowIsRolledBackAndSaysWhichTable() throws {
        let path = directory.path("orphaned.sqlite")
        let error = try #require(throws: StoreError.self) {
            _ = try Database(path: path, migrations: Self.family + [
                Migration.rebuildingTables("test.002-lose-ann", sql: """
                    CREATE TABLE owners_new (name TEXT PRIMARY KEY NOT NULL);
                    INSERT INTO owners_new SELECT name FROM owners WHERE name <> 'ann';
                    DROP TABLE owners;
                    ALTER TABLE owners_new RENAME TO owners;
                    """),
            ])
        }
        #expect(error.message.contains("test.002-lose-ann") && error.message.contains("pets"))
        let reopened = try Database(path: path, migrations: Self.family)
        #expect(try reopened.read { try $0.queryFirst("SELECT count(*) FROM owners")?.int(at: 0) } == 2)
        #expect(try reopened.write { try $0.queryFirst("PRAGMA foreign_keys")?.int(at: 0) } == 1)
    }
}
