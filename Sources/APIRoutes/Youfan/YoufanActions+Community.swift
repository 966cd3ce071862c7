import Store
import Wire

/// Comments, collocations (outfit posts) and specials (inspiration articles with tabs).
extension YoufanActions {
    /// The comment `type` of product comments; `tid` is then a product code.
    static let productCommentType = "2"

    /// `Comment/getCommentList` — `type` (2: product), `tid`, `page` (0-based, 10 a page).
    @Sendable static func commentList(_ store: YoufanStore, _ query: YoufanQuery) throws -> JSON {
        let type = try query.required("type")
        let tid = try query.required("tid")
        let index = query.pageIndex("page")
        if type == productCommentType, try !store.products.exists(code: tid) {
            throw unknownProduct(tid)
        }
        return array(try store.comments.comments(
            type: type, tid: tid, page: YoufanPage(index: index, size: YoufanPaging.commentPageSize)))
    }

    /// `Collocation/getCollocationListByUserType` — `userType`, `page` (0-based), `num` (page
    /// size, default 10); `userId` is the viewer and does not filter. The PHP signature is
    /// `getCollocationListByUserType($token=null, $userId=null, $userType=1, $page=0)`
    /// (MB `Unico/SMainView/CommunityCollectionView.m`): HC sends no `userType` and gets 1.
    @Sendable static func collocationList(_ store: YoufanStore, _ query: YoufanQuery) throws -> JSON {
        let userType = String(query.integer("userType", fallback: 1))
        let index = query.pageIndex("page")
        let size = query.pageSize(["num"], fallback: YoufanPaging.collocationPageSize)
        return array(try store.collocations.collocations(userType: userType, page: YoufanPage(index: index, size: size)))
    }

    /// `Collocation/getCollocationDetailsV2` — `cid` is the collocation's id here (or `mbfun_id`;
    /// GF `activity/Collocation_ClickItem_Activity.java`). The feed card plus what the detail
    /// screen binds (GF `bean/CollocationItemBean.java`): `like_user_list`, `designer`, an integer
    /// `isFind`, and `tab_str`, `comment_score`, `brand_str`, `user_json` (a string of JSON).
    @Sendable static func collocationDetails(_ store: YoufanStore, _ query: YoufanQuery) throws -> JSON {
        let id = try query.optional(["cid", "mbfun_id"]) ?? query.required("cid")
        guard let stored = try store.collocations.collocation(id: id) else {
            throw YoufanFailure.notFound("搭配不存在: cid=\(id)")
        }
        let card = try JSON.parse(stored)
        guard case let .object(members) = card else {
            throw YoufanFailure.notFound("搭配不存在: cid=\(id)")
        }
        let designer = JSON.object([
            ("nick_name", card["nick_name"] ?? ""), ("isConcerned", false), ("head_img", card["head_img"] ?? ""),
            ("user_id", card["user_id"] ?? ""), ("concernedCount", "0"), ("userSignature", ""),
            ("head_v_type", card["head_v_type"] ?? "0"),
        ])
        return .object(members + [
            ("like_user_list", .array([])), ("designer", designer), ("isFind", 0), ("tab_str", ""),
            ("comment_score", "0"), ("brand_str", ""), ("user_json", #"{"type":1,"info":""}"#),
        ])
    }

    /// `Special/getSpecialListForInsp` — `pageIndex` (1-based: HC starts at 1, TK's `LG_1` at 0,
    /// both mean the first page), `PageSize`/`pageSize` (default 10), and an optional tab `aid`
    /// (absent, empty or `0`: every tab; a tab without specials: an empty list). `total` counts
    /// the whole list.
    @Sendable static func specialList(_ store: YoufanStore, _ query: YoufanQuery) throws -> JSON {
        let index = query.pageIndex("pageIndex", base: 1)
        let size = query.pageSize(["PageSize", "pageSize"], fallback: YoufanPaging.specialPageSize)
        let aid = query.integer("aid", fallback: 0)
        let tab = aid == 0 ? nil : String(aid)
        let listing = try store.specials.listing(tabID: tab, page: YoufanPage(index: index, size: size))
        return .object([
            ("attr", array(listing.tabs)),
            ("list", array(listing.specials)),
            ("layoutType", listing.layoutType.map(JSON.raw) ?? .string("1")),
            ("total", .int(listing.total)),
        ])
    }
}
