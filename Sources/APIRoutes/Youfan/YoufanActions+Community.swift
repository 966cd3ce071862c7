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
        let page = YoufanPage(index: index, size: YoufanPaging.commentPageSize)
        // Comments users wrote (`Comment/addCommentInfo`) come first, newest first, then the stored ones.
        let written = try store.objects.objects(YoufanCollection.comment.rawValue,
                                                target: YoufanComments.target(type: type, tid: tid), page: page)
        let rows = try written.objects.map { try YoufanComments.render($0, store: store) }
        let stored = try store.comments.comments(type: type, tid: tid, page: YoufanPage(
            offset: max(0, page.offset - written.total), limit: page.limit - rows.count))
        return array(YoufanList.concatenating([YoufanList(json: JSON.array(rows).encoded(), count: rows.count), stored]))
    }

    /// `Collocation/getCollocationListByUserType` — `userType`, `page` (0-based), `num` (page
    /// size, default 10); `userId` is the viewer and does not filter. The PHP signature is
    /// `getCollocationListByUserType($token=null, $userId=null, $userType=1, $page=0)`
    /// (MB `Unico/SMainView/CommunityCollectionView.m`): HC sends no `userType` and gets 1.
    @Sendable static func collocationList(_ store: YoufanStore, _ query: YoufanQuery) throws -> JSON {
        let userType = String(query.integer("userType", fallback: 1))
        let index = query.pageIndex("page")
        let size = query.pageSize(["num"], fallback: YoufanPaging.collocationPageSize)
        let list = try store.collocations.collocations(userType: userType, page: YoufanPage(index: index, size: size))
        guard let viewer = try YoufanViewerMarks.context(store, query) else { return array(list) }
        return try YoufanViewerMarks.cards(list, viewer)
    }

    /// `Collocation/getCollocationDetailsV2` — `cid` is the collocation's id here (or `mbfun_id`;
    /// GF `activity/Collocation_ClickItem_Activity.java`). The feed card plus what the detail
    /// screen binds (GF `bean/CollocationItemBean.java`): `like_user_list`, `designer`, an integer
    /// `isFind`, `product_list` (the worn products, each with its list item as `product`),
    /// and `tab_str`, `comment_score`, `brand_str`, `user_json` (a string of JSON).
    @Sendable static func collocationDetails(_ store: YoufanStore, _ query: YoufanQuery) throws -> JSON {
        let id = try query.optional(["cid", "mbfun_id"]) ?? query.required("cid")
        guard let stored = try store.collocations.collocation(id: id) else {
            throw YoufanFailure.notFound("搭配不存在: cid=\(id)")
        }
        let viewer = try YoufanViewerMarks.context(store, query)
        let card = try viewer.map { try YoufanCollocationCards.card(stored, $0) } ?? JSON.parse(stored)
        guard case let .object(members) = card else {
            throw YoufanFailure.notFound("搭配不存在: cid=\(id)")
        }
        let designer = JSON.object([
            ("nick_name", card["nick_name"] ?? ""),
            ("isConcerned", .bool(try viewer.map { try YoufanViewerMarks.follows(card["user_id"]?.stringValue ?? "", $0) } ?? false)), ("head_img", card["head_img"] ?? ""),
            ("user_id", card["user_id"] ?? ""), ("concernedCount", "0"), ("userSignature", ""),
            ("head_v_type", card["head_v_type"] ?? "0"),
        ])
        let worn = try (card["product_list"]?.arrayValue ?? []).compactMap { try wornProduct($0, card: card, store: store) }
        let kept = ["product_list", "tab_str", "user_json"]
        return .object(members.filter { !kept.contains($0.key) } + [
            ("product_list", .array(worn)),
            ("like_user_list", .array([])), ("designer", designer), ("isFind", 0), ("tab_str", card["tab_str"] ?? ""),
            ("comment_score", "0"), ("brand_str", ""), ("user_json", card["user_json"] ?? #"{"type":1,"info":""}"#),
        ])
    }

    /// A worn product of an outfit as GF's `CollocationItemBean.product_list` binds it: codes and
    /// prices as strings, `stock_num` an integer, the product's list item under `product`; nil
    /// for a product no list holds.
    private static func wornProduct(_ listed: JSON, card: JSON, store: YoufanStore) throws -> JSON? {
        guard let code = listed["product_sys_code"]?.stringValue, let stored = try store.products.item(code: code) else {
            return nil
        }
        let product = try JSON.parse(stored)
        return .object([
            ("id", .string(code)), ("product_code", .string(code)), ("product_img", product["product_url"] ?? ""),
            ("price", product["price"] ?? ""), ("market_price", product["market_price"] ?? ""),
            ("stock_num", .int(Int64(product["stock_num"]?.intValue ?? 0))), ("brand_code", product["brand_code"] ?? ""),
            ("brand_value", product["brandName"] ?? ""), ("cate_id", product["cate_id"] ?? ""), ("cate_value", ""),
            ("color_code", ""), ("color_value", ""), ("is_delete", "0"), ("is_repair", "0"),
            ("create_time", card["create_time"] ?? ""), ("user_id", card["user_id"] ?? ""), ("product", product),
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
            ("total", .string(String(listing.total))),   // a string, as captured (SP bean/LingGanZiXun.java)
        ])
    }
}
