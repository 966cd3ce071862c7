import Store
import Wire

extension YoufanCatalogueRows {
    /// The most collocations a by-likes search orders: the seeded catalogue and the posts made
    /// here stay far below it.
    static let likeOrderedLimit = 10_000

    /// One page of the collocations whose text or author's nickname contains `keyword` (all when
    /// empty) as the search screen reads them (MB `MBController/Search/CollocationSearchController.m`):
    /// `{collocationInfo, userPublicEntity}`. `sortField` 1 (最新) is newest first; 2 (点赞数) is
    /// most likes first (captured and given here), newest first among equals.
    static func collocationSearch(keyword: String, sortField: Int, page: YoufanPage, _ context: YoufanContext) throws -> YoufanAnswer {
        let selection: YoufanCollocationSelection = keyword.isEmpty ? .all : .keyword(keyword)
        let collocations = context.store.collocations
        guard sortField == 2 else {
            let found = try collocations.collocations(selection, page: page)
            return .list(try found.items.map { try searchRow($0, context) }, total: found.total)
        }
        let found = try collocations.collocations(selection, page: YoufanPage(index: 0, size: likeOrderedLimit))
        let rows = try found.items.map { try searchRow($0, context) }
        let ordered = rows.enumerated().sorted { left, right in
            let (a, b) = (likes(left.element), likes(right.element))
            return a != b ? a > b : left.offset < right.offset
        }
        return .list(ordered.dropFirst(min(page.offset, ordered.count)).prefix(page.limit).map(\.element), total: found.total)
    }

    /// One page of the collocations carrying the tag `tagID` (a `tag_list[].attributes.id`, the
    /// `showTagId` of the detail's tag buttons), newest first, as the search rows.
    static func taggedCollocations(_ tagID: String, page: YoufanPage, _ context: YoufanContext) throws -> YoufanAnswer {
        let found = try context.store.collocations.collocations(.tagged(tagID), page: page)
        return .list(try found.items.map { try searchRow($0, context) }, total: found.total)
    }

    private static func likes(_ row: JSON) -> Int { row["collocationInfo"]?["favoriteCount"]?.intValue ?? 0 }

    /// A search result: the SOA `collocationInfo` and its author as `userPublicEntity`, whose
    /// `headPortrait` the cell shows.
    private static func searchRow(_ stored: [UInt8], _ context: YoufanContext) throws -> JSON {
        let card = try JSON.parse(stored)
        let author = card["user_id"]?.stringValue ?? ""
        return .object([
            ("collocationInfo", try collocationInfo(stored, context)),
            ("userPublicEntity", .object([("id", .string(author)), ("nickName", card["nick_name"] ?? ""),
                                          ("userName", card["nick_name"] ?? ""), ("headPortrait", card["head_img"] ?? "")])),
        ])
    }
}
