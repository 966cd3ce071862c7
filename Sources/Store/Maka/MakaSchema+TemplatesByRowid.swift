extension MakaSchema {
    /// Templates were a WITHOUT ROWID table holding their pages (~15 KB of JSON a template in the
    /// seeds) in the row, before `price`, `discount` and `sale_number`: a list page walked the
    /// key's B-tree of whole documents and, for the three columns after `pages`, each row's
    /// overflow pages (~480k instructions a page of 20). As a rowid table with `pages` last, a
    /// page walks the id's index and reads each row's list columns from its first page; the
    /// count reads the smallest index. Rebuilt as `youfan.013-products-by-rowid` was;
    /// `maka_purchases` references it, so foreign keys are checked before the step commits.
    static let templatesByRowid = Migration.rebuildingTables("maka.015-templates-by-rowid", sql: """
        CREATE TABLE maka_templates_by_rowid (
            id TEXT PRIMARY KEY NOT NULL,   -- T_ + 8 characters [0-9A-Z]
            category_id INTEGER NOT NULL,
            title TEXT NOT NULL,
            thumb TEXT NOT NULL DEFAULT '',
            page_count INTEGER NOT NULL DEFAULT 0,
            use_count INTEGER NOT NULL DEFAULT 0,
            author TEXT NOT NULL DEFAULT '',
            create_time TEXT NOT NULL DEFAULT '',
            price TEXT NOT NULL DEFAULT '0.00',
            discount TEXT NOT NULL DEFAULT '0',
            sale_number INTEGER NOT NULL DEFAULT 0,
            pages TEXT                      -- JSON array; NULL while only a list page was captured
        );
        INSERT INTO maka_templates_by_rowid (id, category_id, title, thumb, page_count, use_count, author, create_time,
                                             price, discount, sale_number, pages)
            SELECT id, category_id, title, thumb, page_count, use_count, author, create_time, price, discount, sale_number, pages
            FROM maka_templates ORDER BY id;
        DROP TABLE maka_templates;
        ALTER TABLE maka_templates_by_rowid RENAME TO maka_templates;
        CREATE INDEX maka_templates_category ON maka_templates(category_id, id);
        """)
}
