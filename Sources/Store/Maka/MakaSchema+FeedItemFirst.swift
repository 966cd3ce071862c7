extension MakaSchema {
    /// The public feed's row with `item` first after `seq` (the rowid, stored as a NULL in the
    /// record): a page reads `seq` and `item`, and SQLite walks a record's header up to the column
    /// it reads, so the item in fifth place cost ~65 instructions a row (~1.3k a page of 20).
    /// SQLite's procedure for a change `ALTER TABLE` cannot make: a new table, the rows copied,
    /// the old table dropped, the new one renamed (its `UNIQUE` index renamed with it), and the
    /// tag pages' covering index made again. No table references the feed.
    static let feedItemFirst = Migration("maka.014-feed-item-first", sql: """
        CREATE TABLE maka_public_feed_new (
            seq INTEGER PRIMARY KEY,             -- dense 1…N over published events, oldest first
            item TEXT NOT NULL,                  -- the pre-encoded list item
            event_id INTEGER NOT NULL UNIQUE REFERENCES maka_events(id),
            tag_id INTEGER,
            tag_seq INTEGER                      -- dense 1…N within tag_id
        );
        INSERT INTO maka_public_feed_new (seq, item, event_id, tag_id, tag_seq)
        SELECT seq, item, event_id, tag_id, tag_seq FROM maka_public_feed;
        DROP TABLE maka_public_feed;
        ALTER TABLE maka_public_feed_new RENAME TO maka_public_feed;
        CREATE INDEX maka_public_feed_tag_items ON maka_public_feed(tag_id, tag_seq, item);
        """)
}
