/// The tables behind the Youfan (有范儿) API. Every captured item is kept as its JSON text
/// (`item`, `body`, `details` columns) so answers splice it back byte for byte, with the
/// captured field types; the other columns only key, filter and order the items.
public enum YoufanSchema {
    /// The Youfan migrations, in order; pass them to `Database` with the other areas' lists.
    public static let migrations: [Migration] = [
        Migration("youfan.001-channel-pages", sql: """
            CREATE TABLE youfan_home_layouts (
                page TEXT NOT NULL, cid INTEGER NOT NULL, body TEXT NOT NULL,
                PRIMARY KEY (page, cid)) WITHOUT ROWID;
            CREATE TABLE youfan_hot_layouts (cid INTEGER PRIMARY KEY NOT NULL, body TEXT NOT NULL);
            CREATE TABLE youfan_category_trees (cid INTEGER PRIMARY KEY NOT NULL, body TEXT NOT NULL);
            CREATE TABLE youfan_app_configs (type TEXT PRIMARY KEY NOT NULL, body TEXT NOT NULL) WITHOUT ROWID;
            """),
        Migration("youfan.002-brands", sql: """
            CREATE TABLE youfan_brands (
                cid INTEGER NOT NULL, brand_code TEXT NOT NULL, position INTEGER NOT NULL,
                item TEXT NOT NULL, PRIMARY KEY (cid, brand_code)) WITHOUT ROWID;
            CREATE INDEX youfan_brands_by_position ON youfan_brands (cid, position, brand_code);
            """),
        Migration("youfan.003-products", sql: """
            CREATE TABLE youfan_products (
                code TEXT PRIMARY KEY NOT NULL, item TEXT, details TEXT) WITHOUT ROWID;
            CREATE TABLE youfan_recommendations (
                cid INTEGER NOT NULL, code TEXT NOT NULL REFERENCES youfan_products (code),
                position INTEGER NOT NULL, PRIMARY KEY (cid, code)) WITHOUT ROWID;
            CREATE INDEX youfan_recommendations_by_position ON youfan_recommendations (cid, position, code);
            CREATE TABLE youfan_product_consults (
                code TEXT NOT NULL REFERENCES youfan_products (code), position INTEGER NOT NULL,
                item TEXT NOT NULL, PRIMARY KEY (code, position)) WITHOUT ROWID;
            CREATE TABLE youfan_product_colours (
                code TEXT NOT NULL REFERENCES youfan_products (code), colour_id TEXT NOT NULL,
                position INTEGER NOT NULL, item TEXT NOT NULL, PRIMARY KEY (code, colour_id)) WITHOUT ROWID;
            """),
        Migration("youfan.004-comments", sql: """
            CREATE TABLE youfan_comments (
                type TEXT NOT NULL, tid TEXT NOT NULL, comment_id TEXT NOT NULL,
                position INTEGER NOT NULL, item TEXT NOT NULL,
                PRIMARY KEY (type, tid, comment_id)) WITHOUT ROWID;
            CREATE INDEX youfan_comments_by_position ON youfan_comments (type, tid, position, comment_id);
            """),
        Migration("youfan.005-collocations", sql: """
            CREATE TABLE youfan_collocations (
                info_id TEXT PRIMARY KEY NOT NULL, user_type TEXT NOT NULL, recency INTEGER NOT NULL,
                item TEXT NOT NULL) WITHOUT ROWID;
            CREATE INDEX youfan_collocations_newest ON youfan_collocations (user_type, recency DESC, info_id DESC);
            """),
        Migration("youfan.006-specials", sql: """
            CREATE TABLE youfan_special_tabs (
                tab_id TEXT PRIMARY KEY NOT NULL, position INTEGER NOT NULL, item TEXT NOT NULL) WITHOUT ROWID;
            CREATE TABLE youfan_specials (
                info_id TEXT PRIMARY KEY NOT NULL, tab_id TEXT NOT NULL, recency INTEGER NOT NULL,
                item TEXT NOT NULL) WITHOUT ROWID;
            CREATE INDEX youfan_specials_newest ON youfan_specials (recency DESC, info_id DESC);
            CREATE INDEX youfan_specials_by_tab ON youfan_specials (tab_id, recency DESC, info_id DESC);
            CREATE TABLE youfan_settings (name TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) WITHOUT ROWID;
            """),
        // Pages of brands and comments are read in position order: keep the rows clustered in
        // that order, items inline, so a page is one range scan instead of an index walk plus
        // one primary-key lookup per item.
        Migration("youfan.007-clustered-pages", sql: """
            CREATE TABLE youfan_brands_by_page (
                cid INTEGER NOT NULL, position INTEGER NOT NULL, brand_code TEXT NOT NULL, item TEXT NOT NULL,
                PRIMARY KEY (cid, position, brand_code), UNIQUE (cid, brand_code)) WITHOUT ROWID;
            INSERT INTO youfan_brands_by_page SELECT cid, position, brand_code, item FROM youfan_brands;
            DROP TABLE youfan_brands;
            ALTER TABLE youfan_brands_by_page RENAME TO youfan_brands;
            CREATE TABLE youfan_comments_by_page (
                type TEXT NOT NULL, tid TEXT NOT NULL, position INTEGER NOT NULL, comment_id TEXT NOT NULL,
                item TEXT NOT NULL,
                PRIMARY KEY (type, tid, position, comment_id), UNIQUE (type, tid, comment_id)) WITHOUT ROWID;
            INSERT INTO youfan_comments_by_page SELECT type, tid, position, comment_id, item FROM youfan_comments;
            DROP TABLE youfan_comments;
            ALTER TABLE youfan_comments_by_page RENAME TO youfan_comments;
            """),
        YoufanOldShapes.refusal,
        // ProductFilter answers one row per colour and size, as the clients read it (WIRE.md
        // §2.11: HC groups consecutive rows by coloR_ID, TK reads speC_NAME and lM_PROD_CLS_ID
        // on each row). Colours stored with a nested sizeList become one row per size, keyed
        // colour/size, with the row keys the clients read filled from what the colour carried.
        Migration("youfan.009-stock-rows", sql: """
            CREATE TABLE youfan_product_stock (
                code TEXT NOT NULL REFERENCES youfan_products (code), position INTEGER NOT NULL,
                row_key TEXT NOT NULL, item TEXT NOT NULL,
                PRIMARY KEY (code, position, row_key), UNIQUE (code, row_key)) WITHOUT ROWID;
            INSERT INTO youfan_product_stock (code, position, row_key, item)
                SELECT c.code, c.position * 1000 + s.key,
                       c.colour_id || '/' || ifnull(json_extract(s.value, '$.speC_ID'), s.key),
                       json_set(json_remove(c.item, '$.sizeList'),
                                '$.id', ifnull(json_extract(s.value, '$.speC_ID'), ''),
                                '$.lM_PROD_CLS_ID', ifnull(json_extract(s.value, '$.speC_ID'), ''),
                                '$.speC_ID', ifnull(json_extract(s.value, '$.speC_ID'), ''),
                                '$.speC_NAME', ifnull(json_extract(s.value, '$.speC_NAME'), ''),
                                '$.lisT_QTY', ifnull(json_extract(s.value, '$.lisT_QTY'), 0))
                FROM youfan_product_colours AS c, json_each(c.item, '$.sizeList') AS s;
            INSERT INTO youfan_product_stock (code, position, row_key, item)
                SELECT code, position * 1000, colour_id, item FROM youfan_product_colours
                WHERE json_type(item, '$.sizeList') IS NOT 'array';
            DROP TABLE youfan_product_colours;
            """),
        Migration("youfan.010-captured-pages", sql: """
            CREATE TABLE youfan_captured_pages (
                action TEXT NOT NULL, key TEXT NOT NULL, body TEXT NOT NULL, PRIMARY KEY (action, key)) WITHOUT ROWID;
            CREATE TABLE youfan_product_headers (
                code TEXT PRIMARY KEY NOT NULL REFERENCES youfan_products (code), body TEXT NOT NULL) WITHOUT ROWID;
            """),
        YoufanUserStateSchema.migration,
        YoufanAccessTokenRepository.migration,
        // Products were kept WITHOUT ROWID, their ~2 KB rows (item and details) inline in the
        // key's B-tree, so every lookup by code walked pages of other products' documents: a
        // recommended page of 10 cost ~300k instructions in B-tree searches. As a rowid table
        // the code's index is small and one lookup reads one row (SQLite advises WITHOUT ROWID
        // only for rows under about 1/20 of a page).
        Migration.rebuildingTables("youfan.013-products-by-rowid", sql: """
            CREATE TABLE youfan_products_by_rowid (code TEXT PRIMARY KEY NOT NULL, item TEXT, details TEXT);
            INSERT INTO youfan_products_by_rowid (code, item, details) SELECT code, item, details FROM youfan_products;
            DROP TABLE youfan_products;
            ALTER TABLE youfan_products_by_rowid RENAME TO youfan_products;
            """),
        YoufanRecommendedItems.migration,
        // Collocations (~1.25 KB) and specials (~0.9 KB) were WITHOUT ROWID too, for the reason
        // products were (013): each row of a page was a search of a B-tree of whole documents,
        // most of them spilling onto overflow pages, and a special list's count(*) read every
        // document. As rowid tables a page is an index walk plus one small lookup a row, and the
        // count reads the smallest index (a feed page: 146k → 72k instructions in the sqlite3
        // shell; a special page with its count 271k → 90k).
        Migration("youfan.015-feeds-by-rowid", sql: """
            CREATE TABLE youfan_collocations_by_rowid (
                info_id TEXT PRIMARY KEY NOT NULL, user_type TEXT NOT NULL, recency INTEGER NOT NULL, item TEXT NOT NULL);
            INSERT INTO youfan_collocations_by_rowid (info_id, user_type, recency, item)
                SELECT info_id, user_type, recency, item FROM youfan_collocations;
            DROP TABLE youfan_collocations;
            ALTER TABLE youfan_collocations_by_rowid RENAME TO youfan_collocations;
            CREATE INDEX youfan_collocations_newest ON youfan_collocations (user_type, recency DESC, info_id DESC);
            CREATE TABLE youfan_specials_by_rowid (
                info_id TEXT PRIMARY KEY NOT NULL, tab_id TEXT NOT NULL, recency INTEGER NOT NULL, item TEXT NOT NULL);
            INSERT INTO youfan_specials_by_rowid (info_id, tab_id, recency, item)
                SELECT info_id, tab_id, recency, item FROM youfan_specials;
            DROP TABLE youfan_specials;
            ALTER TABLE youfan_specials_by_rowid RENAME TO youfan_specials;
            CREATE INDEX youfan_specials_newest ON youfan_specials (recency DESC, info_id DESC);
            CREATE INDEX youfan_specials_by_tab ON youfan_specials (tab_id, recency DESC, info_id DESC);
            """),
        YoufanTopicFragments.migration,
        YoufanRecommendedItems.versionMigration,
        YoufanTopicFragments.specialURLMigration,
    ]
}
