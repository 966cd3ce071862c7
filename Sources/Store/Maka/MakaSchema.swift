/// The Maka tables. Ids are the API's integer ids; times are `yyyy-MM-dd HH:mm:ss` text in
/// Beijing time, exactly as the API shows them.
///
/// Published events are listed from `maka_public_feed`, whose rowid `seq` is a dense sequence
/// 1…N over every published event (oldest first) and whose `tag_seq` is a dense sequence per
/// tag. A page of `/app/publicEvents` is then a range of `seq` (or of `tag_seq` within a tag,
/// read from the covering index `maka_public_feed_tag_items`), and the total is the highest
/// sequence number: no `count(*)` and no `OFFSET` scan, at any depth.
public enum MakaSchema {
    /// The Maka migrations, in order; pass them to `Database` with every other area's.
    public static let migrations: [Migration] = [
        Migration("maka.001-users", sql: """
            CREATE TABLE maka_users (
                uid INTEGER PRIMARY KEY,
                email TEXT UNIQUE,              -- lowercased; NULL for authors known only from lists
                password_hash TEXT,             -- a crypt(3) string; NULL: cannot log in
                nickname TEXT NOT NULL,
                avatar TEXT NOT NULL DEFAULT '',
                gender INTEGER NOT NULL DEFAULT 0,
                city TEXT NOT NULL DEFAULT '',
                signature TEXT NOT NULL DEFAULT '',
                create_time TEXT NOT NULL
            );
            CREATE TABLE maka_tokens (
                token TEXT PRIMARY KEY,
                uid INTEGER NOT NULL REFERENCES maka_users(uid),
                create_time TEXT NOT NULL
            ) WITHOUT ROWID;
            CREATE INDEX maka_tokens_uid ON maka_tokens(uid);
            """),
        Migration("maka.002-catalog", sql: """
            CREATE TABLE maka_special_categories (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL,
                icon TEXT NOT NULL DEFAULT '',
                sort INTEGER NOT NULL DEFAULT 0
            );
            CREATE TABLE maka_templates (
                id INTEGER PRIMARY KEY,
                category_id INTEGER NOT NULL,
                title TEXT NOT NULL,
                thumb TEXT NOT NULL DEFAULT '',
                page_count INTEGER NOT NULL DEFAULT 0,
                use_count INTEGER NOT NULL DEFAULT 0,
                author TEXT NOT NULL DEFAULT '',
                create_time TEXT NOT NULL DEFAULT '',
                pages TEXT                      -- JSON array; NULL while only a list page was captured
            );
            CREATE INDEX maka_templates_category ON maka_templates(category_id, id);
            CREATE TABLE maka_picture_categories (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL,
                cover TEXT NOT NULL DEFAULT '',
                sort INTEGER NOT NULL DEFAULT 0
            );
            CREATE TABLE maka_pictures (
                id INTEGER PRIMARY KEY,
                category_id INTEGER NOT NULL,
                title TEXT NOT NULL DEFAULT '',
                url TEXT NOT NULL,
                thumb TEXT NOT NULL DEFAULT '',
                width INTEGER NOT NULL DEFAULT 0,
                height INTEGER NOT NULL DEFAULT 0
            );
            CREATE INDEX maka_pictures_category ON maka_pictures(category_id, id);
            CREATE TABLE maka_tag_categories (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL,
                icon TEXT NOT NULL DEFAULT '',
                sort INTEGER NOT NULL DEFAULT 0
            );
            """),
        Migration("maka.003-events", sql: """
            CREATE TABLE maka_events (
                id INTEGER PRIMARY KEY,
                uid INTEGER NOT NULL REFERENCES maka_users(uid),
                title TEXT NOT NULL,
                first_img_url TEXT NOT NULL DEFAULT '',
                template_id INTEGER,
                tag_id INTEGER,
                status INTEGER NOT NULL DEFAULT 0,   -- 0 draft, 1 published
                pages TEXT NOT NULL DEFAULT '[]',    -- JSON array of page objects
                page_count INTEGER NOT NULL DEFAULT 0,
                create_time TEXT NOT NULL,
                update_time TEXT NOT NULL,
                publish_time TEXT
            );
            CREATE INDEX maka_events_owner ON maka_events(uid, id);
            CREATE TABLE maka_public_feed (
                seq INTEGER PRIMARY KEY,             -- dense 1…N over published events, oldest first
                event_id INTEGER NOT NULL UNIQUE REFERENCES maka_events(id),
                tag_id INTEGER,
                tag_seq INTEGER,                     -- dense 1…N within tag_id
                item TEXT NOT NULL                   -- the pre-encoded list item
            );
            CREATE INDEX maka_public_feed_tag ON maka_public_feed(tag_id, tag_seq);
            """),
        Migration("maka.004-user-profile", sql: """
            ALTER TABLE maka_users ADD COLUMN username TEXT NOT NULL DEFAULT '';
            ALTER TABLE maka_users ADD COLUMN company TEXT NOT NULL DEFAULT '';
            ALTER TABLE maka_users ADD COLUMN truename TEXT NOT NULL DEFAULT '';
            ALTER TABLE maka_users ADD COLUMN mobile TEXT NOT NULL DEFAULT '';
            ALTER TABLE maka_users ADD COLUMN province TEXT NOT NULL DEFAULT '';
            ALTER TABLE maka_users ADD COLUMN industry TEXT NOT NULL DEFAULT '';
            ALTER TABLE maka_users ADD COLUMN account_balance INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE maka_users ADD COLUMN level INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE maka_users ADD COLUMN template_number INTEGER NOT NULL DEFAULT 0;
            """),
        Migration("maka.005-store-templates", apply: recreateTemplatesWithClientIDs),
        Migration("maka.006-event-codes", apply: addEventCodes),
        Migration("maka.007-picture-ids", apply: convertPictureIDs),
        Migration("maka.008-wire-keys", apply: dropKeysNoClientReads),
        Migration("maka.009-event-content", sql: """
            ALTER TABLE maka_events ADD COLUMN content TEXT NOT NULL DEFAULT '';
            UPDATE maka_events SET content = title;
            """),
        Migration("maka.010-purchases", sql: """
            CREATE TABLE maka_purchases (
                uid INTEGER NOT NULL REFERENCES maka_users(uid),
                template_id TEXT NOT NULL REFERENCES maka_templates(id),
                PRIMARY KEY (uid, template_id)
            ) WITHOUT ROWID;
            """),
        userJSON,
        // A tag's page is read from the index alone: the item beside its key, not one look-up
        // in the table per item.
        Migration("maka.012-feed-tag-items", sql: """
            CREATE INDEX maka_public_feed_tag_items ON maka_public_feed(tag_id, tag_seq, item);
            DROP INDEX maka_public_feed_tag;
            """),
        capturedPasswordHashes,
        feedItemFirst,
        templatesByRowid,
        MakaPublicFeed.versionMigration,
    ]

    /// Templates get the clients' `T_XXXXXXXX` ids (WIRE.md §1.8) and the store's price, discount
    /// and sale count. Integer template ids cannot be converted into ids the clients accept, so a
    /// database that already holds templates is refused with `MakaSchemaOutdated`; an empty
    /// table (a new database) is simply recreated.
    static func recreateTemplatesWithClientIDs(_ connection: Connection) throws {
        if try connection.queryFirst("SELECT 1 FROM maka_templates LIMIT 1") != nil {
            throw MakaSchemaOutdated(what: "Maka templates with integer ids")
        }
        try connection.executeScript("""
            DROP TABLE maka_templates;
            CREATE TABLE maka_templates (
                id TEXT PRIMARY KEY,            -- T_ + 8 characters [0-9A-Z]
                category_id INTEGER NOT NULL,
                title TEXT NOT NULL,
                thumb TEXT NOT NULL DEFAULT '',
                page_count INTEGER NOT NULL DEFAULT 0,
                use_count INTEGER NOT NULL DEFAULT 0,
                author TEXT NOT NULL DEFAULT '',
                create_time TEXT NOT NULL DEFAULT '',
                pages TEXT,                     -- JSON array; NULL while only a list page was captured
                price TEXT NOT NULL DEFAULT '0.00',
                discount TEXT NOT NULL DEFAULT '0',
                sale_number INTEGER NOT NULL DEFAULT 0
            ) WITHOUT ROWID;
            CREATE INDEX maka_templates_category ON maka_templates(category_id, id);
            """)
    }
}

extension MakaSchema {
    /// Events get the clients' 8-character ids (WIRE.md §1.8) as `code`; existing events get the
    /// base-36 form of their integer id, and the public feed is re-encoded to show them.
    static func addEventCodes(_ connection: Connection) throws {
        try connection.execute("ALTER TABLE maka_events ADD COLUMN code TEXT")
        for row in try connection.query("SELECT id FROM maka_events") {
            let id = try row.int64(at: 0)
            try connection.execute("UPDATE maka_events SET code = ? WHERE id = ?",
                                   [.text(MakaClientID.fromLegacy(id, length: MakaClientID.eventLength)), .integer(id)])
        }
        try connection.execute("CREATE UNIQUE INDEX maka_events_code ON maka_events(code)")
        try MakaPublicFeed.rebuild(in: connection)
    }
}

extension MakaSchema {
    /// Pictures get the clients' 20-character ids (WIRE.md §1.8); existing integer ids become
    /// their base-36 form, so no picture is lost.
    static func convertPictureIDs(_ connection: Connection) throws {
        try connection.executeScript("""
            CREATE TABLE maka_pictures_new (
                id TEXT PRIMARY KEY,            -- 20 characters [0-9A-Z]
                category_id INTEGER NOT NULL,
                title TEXT NOT NULL DEFAULT '',
                url TEXT NOT NULL,
                thumb TEXT NOT NULL DEFAULT '',
                width INTEGER NOT NULL DEFAULT 0,
                height INTEGER NOT NULL DEFAULT 0
            ) WITHOUT ROWID;
            """)
        for row in try connection.query("SELECT id FROM maka_pictures") {
            let id = try row.int64(at: 0)
            try connection.execute("""
                INSERT INTO maka_pictures_new (id, category_id, title, url, thumb, width, height)
                SELECT ?, category_id, title, url, thumb, width, height FROM maka_pictures WHERE id = ?
                """, [.text(MakaClientID.fromLegacy(id, length: MakaClientID.pictureLength)), .integer(id)])
        }
        try connection.executeScript("""
            DROP TABLE maka_pictures;
            ALTER TABLE maka_pictures_new RENAME TO maka_pictures;
            CREATE INDEX maka_pictures_category ON maka_pictures(category_id, id);
            """)
    }
}

/// A database made by an older version holds Maka data the current schema cannot convert: the
/// server refuses to start and says how to begin again.
public struct MakaSchemaOutdated: Error, Sendable, CustomStringConvertible {
    /// What the database holds that cannot be converted.
    public let what: String

    public var description: String {
        "this database holds \(what), made by an older version of the mock that the clients cannot use; "
            + "start once with --reset to recreate it from the seeds (your own captures in it are lost)"
    }
}
