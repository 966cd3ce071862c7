/// youfan.016: each stylist collocation and special keeps, next to its whole stored document,
/// the few members a topic is made of (WIRE.md §2.21, §2.22), so the topic screens read small
/// fragments instead of parsing every stylist collocation whole (~50 KB with their product and
/// tag lists) to read ten members of each.
///
/// `thumbnail_json` of a collocation and `topic_json` of a special are JSON objects holding, in
/// this order, those of `members` the item has, each value as the item stores it (SQLite's `->`
/// gives a member's JSON text unchanged), so parsing the fragment gives the very values parsing
/// the item would, and the answers stay byte for byte what they were. An item that is not valid
/// JSON gets NULL: readers fall back to the item, whose parse fails as it did before.
///
/// Triggers keep both columns equal to the item whoever writes it (captures, the seeds, a post,
/// a session's restore); a later migration that rebuilds either table must create them again.
enum YoufanTopicFragments {
    /// The members of a collocation a topic's or a stylist's thumbnail shows.
    static let collocationMembers = ["id", "img", "img_width", "img_height", "stick_img_url", "video_url",
                                     "user_id", "nick_name", "head_img", "head_v_type"]
    /// The members of a special a topic shows, as youfan.016 kept them (youfan.018 adds the
    /// `url`: `specialBannerMembers`).
    static let specialMembers = ["id", "title", "img"]

    static let migration = Migration("youfan.016-topic-fragments", sql: """
        ALTER TABLE youfan_collocations ADD COLUMN thumbnail_json TEXT;
        \(kept("thumbnail", of: "youfan_collocations", members: collocationMembers))

        ALTER TABLE youfan_specials ADD COLUMN topic_json TEXT;
        \(kept("topic", of: "youfan_specials", members: specialMembers))
        """)

    /// The SQL that keeps `<name>_json` of `table` the fragment of `members`: the triggers
    /// `<table>_<name>_on_insert` and `_on_update` (of `item`), then every row's fragment made.
    static func kept(_ name: String, of table: String, members: [String]) -> String {
        let column = "\(name)_json"
        return """
            CREATE TRIGGER \(table)_\(name)_on_insert AFTER INSERT ON \(table) BEGIN
                UPDATE \(table) SET \(column) = \(fragment(members)) WHERE rowid = NEW.rowid;
            END;
            CREATE TRIGGER \(table)_\(name)_on_update AFTER UPDATE OF item ON \(table) BEGIN
                UPDATE \(table) SET \(column) = \(fragment(members)) WHERE rowid = NEW.rowid;
            END;
            UPDATE \(table) SET \(column) = \(fragment(members));
            """
    }

    /// The SQL expression of the fragment of the row's `item`: `{`, then `,"key":value` for
    /// each of `members` the item has (its first `"key"`, as a parse of the item finds it), the
    /// first comma dropped, then `}`; NULL when the item is not valid JSON. Built from the keys
    /// once; like any migration's SQL it must not change once databases have run it.
    static func fragment(_ members: [String]) -> String {
        let pairs = members.map { key in
            #"CASE WHEN json_type(item, '$.\#(key)') IS NULL THEN '' ELSE ',"\#(key)":' || (item -> '$.\#(key)') END"#
        }
        return "CASE WHEN json_valid(item) THEN '{' || substr(\(pairs.joined(separator: " || ")), 2) || '}' END"
    }
}
