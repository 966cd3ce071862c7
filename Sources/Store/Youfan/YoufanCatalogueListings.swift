/// Catalogue listings the official app pages through beyond the clones' screens (WIRE.md §3.2):
/// brands by name, the collocations' authors as stylists, and who marked a target.
public struct YoufanStylist: Sendable, Equatable {
    public let userID: String
    public let nickName: String
    public let headImage: String
    /// How many catalogue collocations the stylist posted.
    public let collocationCount: Int
}

extension YoufanBrandRepository {
    /// One page of brand codes (each brand once, in the order the channels list them) whose code,
    /// name, Chinese or English name contains `keyword` case-insensitively (nil: every brand),
    /// and how many match.
    public func codes(keyword: String?, page: YoufanPage) throws -> (codes: [String], total: Int) {
        let filter = """
            FROM (SELECT brand_code, cid, position,
                         lower(brand_code || ' ' || ifnull(json_extract(item, '$.name'), '') || ' '
                               || ifnull(json_extract(item, '$.cname'), '') || ' ' || ifnull(json_extract(item, '$.ename'), '')) AS names,
                         row_number() OVER (PARTITION BY lower(brand_code) ORDER BY cid, position) AS listing
                  FROM youfan_brands)
            WHERE listing = 1 AND (?1 IS NULL OR instr(names, lower(?1)) > 0)
            """
        let keyword: SQLValue = keyword.map(SQLValue.text) ?? .null
        return try database.read { connection in
            let rows = try connection.query("SELECT brand_code \(filter) ORDER BY cid, position LIMIT ?2 OFFSET ?3",
                                            [keyword, SQLValue(page.limit), SQLValue(page.offset)])
            let total = try connection.queryFirst("SELECT count(*) \(filter)", [keyword])?.int(at: 0) ?? 0
            return (try rows.map { try $0.string(at: 0) }, total)
        }
    }
}

extension YoufanCollocationRepository {
    /// One page of the collocations' authors whose nickname (as on their newest collocation)
    /// contains `keyword` (nil: all), those with the most collocations first, and how many match.
    public func stylists(keyword: String?, page: YoufanPage) throws -> (stylists: [YoufanStylist], total: Int) {
        let filter = """
            FROM (SELECT json_extract(item, '$.user_id') AS user_id, json_extract(item, '$.nick_name') AS nick_name,
                         ifnull(json_extract(item, '$.head_img'), '') AS head_img,
                         count(*) OVER (PARTITION BY json_extract(item, '$.user_id')) AS posts,
                         row_number() OVER (PARTITION BY json_extract(item, '$.user_id') ORDER BY recency DESC, info_id DESC) AS newest
                  FROM youfan_collocations)
            WHERE newest = 1 AND user_id IS NOT NULL AND (?1 IS NULL OR instr(lower(nick_name), lower(?1)) > 0)
            """
        let keyword: SQLValue = keyword.map(SQLValue.text) ?? .null
        return try database.read { connection in
            let rows = try connection.query("""
                SELECT user_id, ifnull(nick_name, ''), head_img, posts \(filter) ORDER BY posts DESC, user_id LIMIT ?2 OFFSET ?3
                """, [keyword, SQLValue(page.limit), SQLValue(page.offset)])
            let total = try connection.queryFirst("SELECT count(*) \(filter)", [keyword])?.int(at: 0) ?? 0
            return (try rows.map {
                YoufanStylist(userID: try $0.string(at: 0), nickName: try $0.string(at: 1), headImage: try $0.string(at: 2),
                              collocationCount: try $0.int(at: 3))
            }, total)
        }
    }
}

extension YoufanMarkRepository {
    /// One page of the users who marked `target`, the latest first, and how many there are.
    public func markers(_ kind: String, target: String, page: YoufanPage) throws -> (users: [String], total: Int) {
        try database.read { connection in
            let rows = try connection.query("""
                SELECT user_id FROM youfan_marks WHERE kind = ? AND target = ? ORDER BY created DESC, user_id LIMIT ? OFFSET ?
                """, [.text(kind), .text(target), SQLValue(page.limit), SQLValue(page.offset)])
            return (try rows.map { try $0.string(at: 0) }, try count(kind, target: target))
        }
    }
}
