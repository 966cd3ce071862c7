import Wire

/// Which collocations a list of the official app shows (WIRE.md §3.2: the many `[CC]` lists).
public enum YoufanCollocationSelection: Sendable, Equatable {
    /// Every collocation, newest first.
    case all
    /// Those posted by one user.
    case author(String)
    /// Those posted by any of the given users (the stylists a user follows).
    case authors([String])
    /// Those wearing a product (a code in the card's `product_list`).
    case wearing(String)
    /// Those tagged with a brand (a `brandCode` in the card's `tag_list`), case-insensitively.
    case brand(String)
    /// The given ids, in the given order (a user's likes).
    case ids([String])
    /// Those filed under a feed tab: one of the names in the card's comma-separated `tab_str`
    /// (the tabs a post is published with).
    case tab(String)
    /// Those whose text (`content_info`) or author's nickname (`nick_name`) contains a keyword,
    /// case-insensitively (the SOA search screen).
    case keyword(String)
    /// Those carrying a tag (an `attributes.id` in the card's `tag_list`, JSON text as captured).
    case tagged(String)
}

extension YoufanCollocationRepository {
    /// One page of the selected collocations (JSON items as stored) and how many there are.
    public func collocations(_ selection: YoufanCollocationSelection, page: YoufanPage) throws -> (items: [[UInt8]], total: Int) {
        if case let .ids(ids) = selection {
            let items = try ids.compactMap { try collocation(id: $0) }
            return (items, items.count)
        }
        let (filter, bindings): (String, [SQLValue]) = switch selection {
        case .all, .ids: ("1", [])
        case let .author(user): ("json_extract(item, '$.user_id') = ?", [.text(user)])
        case let .authors(users):
            ("json_extract(item, '$.user_id') IN (SELECT value FROM json_each(?))",
             [.text(JSON.array(users.map(JSON.string)).encodedString())])
        case let .wearing(code):
            ("EXISTS (SELECT 1 FROM json_each(item, '$.product_list') WHERE json_extract(value, '$.product_sys_code') = ?)",
             [.text(code)])
        case let .brand(code):
            ("instr(lower(json_extract(item, '$.tag_list')), lower(?)) > 0", [.text("\"brandCode\":\"\(code)\"")])
        case let .tab(name):
            ("instr(',' || ifnull(json_extract(item, '$.tab_str'), '') || ',', ?) > 0", [.text(",\(name),")])
        case let .keyword(keyword):
            ("""
             instr(lower(ifnull(json_extract(item, '$.content_info'), '') || char(10)
                   || ifnull(json_extract(item, '$.nick_name'), '')), lower(?)) > 0
             """, [.text(keyword)])
        case let .tagged(tagID):
            ("""
             EXISTS (SELECT 1 FROM json_each(CASE WHEN json_valid(json_extract(item, '$.tag_list'))
                     THEN json_extract(item, '$.tag_list') ELSE '[]' END) AS tag
                     WHERE CAST(json_extract(tag.value, '$.attributes.id') AS TEXT) = ?)
             """, [.text(tagID)])
        }
        return try database.read { connection in
            let rows = try connection.query("""
                SELECT item FROM youfan_collocations WHERE \(filter) ORDER BY recency DESC, info_id DESC LIMIT ? OFFSET ?
                """, bindings + [SQLValue(page.limit), SQLValue(page.offset)])
            let total = try connection.queryFirst("SELECT count(*) FROM youfan_collocations WHERE \(filter)", bindings)?.int(at: 0) ?? 0
            return (try rows.map { Array(try $0.string(at: 0).utf8) }, total)
        }
    }
}
