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
        let index = try query.pageIndex("page")
        if type == productCommentType, try !store.products.exists(code: tid) {
            throw unknownProduct(tid)
        }
        return array(try store.comments.comments(
            type: type, tid: tid, page: YoufanPage(index: index, size: YoufanPaging.commentPageSize)))
    }

    /// `Collocation/getCollocationListByUserType` — `userType`, `page` (0-based), `num` (page
    /// size, default 10); `userId` is the viewer and does not filter.
    @Sendable static func collocationList(_ store: YoufanStore, _ query: YoufanQuery) throws -> JSON {
        let userType = try query.required("userType")
        let index = try query.pageIndex("page")
        let size = try query.pageSize(["num"], fallback: YoufanPaging.collocationPageSize)
        return array(try store.collocations.collocations(userType: userType, page: YoufanPage(index: index, size: size)))
    }

    /// `Special/getSpecialListForInsp` — `pageIndex` (0-based), `PageSize` (default 10), and an
    /// optional tab `aid` (absent, empty or `0`: every tab). `total` counts the whole list.
    @Sendable static func specialList(_ store: YoufanStore, _ query: YoufanQuery) throws -> JSON {
        let index = try query.pageIndex("pageIndex")
        let size = try query.pageSize(["PageSize", "pageSize"], fallback: YoufanPaging.specialPageSize)
        var tab = query.optional("aid")
        if tab == "0" { tab = nil }
        if let tab, try !store.specials.hasTab(tab) {
            throw YoufanFailure.notFound("栏目不存在: aid=\(tab)")
        }
        let listing = try store.specials.listing(tabID: tab, page: YoufanPage(index: index, size: size))
        return .object([
            ("attr", array(listing.tabs)),
            ("list", array(listing.specials)),
            ("layoutType", listing.layoutType.map(JSON.raw) ?? .string("1")),
            ("total", .int(listing.total)),
        ])
    }
}
