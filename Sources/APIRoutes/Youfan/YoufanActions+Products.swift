import Foundation
import HTTPServer
import Store
import Wire

/// Brands and products: brand pages, recommended lists, details, consult Q&A, colours.
extension YoufanActions {
    /// `BrandMb/getAppBrandList` — `cid`, `pageIndex` (0-based), `pageSize` (default 30).
    @Sendable static func brandList(_ store: YoufanStore, _ query: YoufanQuery) throws -> JSON {
        let cid = try query.channel()
        let index = query.pageIndex("pageIndex")
        let size = query.pageSize(["pageSize", "PageSize"], fallback: YoufanPaging.brandPageSize)
        return array(try store.brands.brands(cid: cid, page: YoufanPage(index: index, size: size)))
    }

    /// `BrandMb/getAppBrandListWithSort` — `cid` (default 1); the whole list grouped by initial,
    /// whatever `pageIndex`/`pageSize` TK adds (WIRE.md §2.5).
    @Sendable static func brandsByInitial(_ store: YoufanStore, _ query: YoufanQuery) throws -> JSON {
        .raw(try store.brands.byInitial(cid: query.integer("cid", fallback: 1)))
    }

    /// `BrandMb/getAppBrandDetail` — `brandCode` (any case; TK and SP pass a jump's `name`); `cid`,
    /// `inStock`, `pageSize` do not matter (WIRE.md §2.6). An unknown brand is a parameter error.
    @Sendable static func brandStory(_ store: YoufanStore, _ query: YoufanQuery) throws -> JSON {
        let code = try query.required("brandCode")
        guard let story = try store.brands.story(code: code) else { throw YoufanFailure.notFound("品牌不存在: brandCode=\(code)") }
        return .raw(story)
    }

    /// `Product/getRecommedProductList` — `page` (0-based), `num` (default 20; GF sends 10) and `cid`
    /// (absent: every channel);
    /// `data` is `{"productList": […]}` (HC `Controllers/Base/HomePageViewModel.m`, GF `bean/IndexGirdviewBean.java`).
    /// The busiest list of the apps: written straight into the answer, the stored items copied once,
    /// into a body allocated once for the page's size.
    @Sendable static func recommendedProducts(_ store: YoufanStore, _ query: YoufanQuery) throws -> HTTPResponse {
        let index = query.pageIndex("page")
        let size = query.pageSize(["num"], fallback: YoufanPaging.productPageSize)
        // GF sends no cid (fragment/IndexFragment.java): every channel's recommendations.
        let cid = query.optional("cid").map(PHPInteger.intval)
        let dataCapacity = recommendedSectionOpening.count + size * storedItemBytes + 2
        return try YoufanEnvelope.php(reservingDataCapacity: dataCapacity) { data in
            // HC reads value[data][productList]; MB shows data.name as the section title.
            data.append(contentsOf: recommendedSectionOpening)
            _ = try store.products.appendRecommended(cid: cid, page: YoufanPage(index: index, size: size), to: &data)
            data.append(UInt8(ascii: "}"))
        }
    }

    /// The members of the recommendation section before its products, as GF's captured sample
    /// has them (`bean/IndexGirdviewBean.java`; all strings), up to `"productList":`.
    private static let recommendedSectionOpening = Array(#"""
        {"site":"0","id":"56","index":"1","name":"精品推荐","type":"2","is_delete":"0",\#
        "create_time":"2016-01-14 15:32:41","start_time":"2016-01-14 00:00:00","end_time":"2017-01-01 23:59:59",\#
        "productList":
        """#.utf8)

    /// About what a stored product list item takes (the seeds' average is 540 bytes): the room a
    /// page of them is given at once.
    private static let storedItemBytes = 640

    /// `Product/getRecommendList` — the like-module list of TK and SP (WIRE.md §2.8): `cid`
    /// (default 1), `pageIndex` (0-based), `pageSize` (default 20); `lKey` and `product_sys_code`
    /// do not change the pool. `data` is `{code, count, list}`, `code` and `count` integers
    /// (SP `bean/shouye/CaiNiLike.java` binds them as `int`; TK reads `data.list`).
    @Sendable static func recommendList(_ store: YoufanStore, _ query: YoufanQuery) throws -> JSON {
        let cid = query.integer("cid", fallback: 1)
        let page = YoufanPage(index: query.pageIndex("pageIndex"),
                              size: query.pageSize(["pageSize", "PageSize"], fallback: YoufanPaging.productPageSize))
        return .object([("code", 0), ("count", .int(try store.products.recommendedCount(cid: cid))),
                        ("list", array(try store.products.recommended(cid: cid, page: page)))])
    }

    /// `Product/getProductDetails` — `code`; an unknown code is a business failure.
    @Sendable static func productDetails(_ store: YoufanStore, _ query: YoufanQuery) throws -> JSON {
        let code = try query.required("code")
        guard let details = try productDetails(code: code, store) else { throw unknownProduct(code) }
        guard let viewer = try YoufanViewerMarks.context(store, query) else { return details }
        let favourite = try YoufanViewerMarks.isFavourite(code, viewer)
        return YoufanViewerMarks.setting("isFavorite", to: .int(favourite ? 1 : 0), in: details)
    }

    /// A product's stored details, their `commentCount` counting the comments users wrote here
    /// too (`Comment/getCommentList` lists both; the detail screen shows the count beside them).
    static func productDetails(code: String, _ store: YoufanStore) throws -> JSON? {
        guard let stored = try store.products.details(code: code) else { return nil }
        let written = try store.objects.count(YoufanCollection.comment.rawValue,
                                              target: YoufanComments.target(type: productCommentType, tid: code))
        guard written > 0 else { return .raw(stored) }
        let details = try JSON.parse(stored)
        let seeded = details["commentCount"]?.intValue ?? 0
        return YoufanViewerMarks.setting("commentCount", to: .int(seeded + written), in: details)
    }

    /// `Product/getProductConsultList` — `code`; all questions and answers, not paginated, as
    /// `data.sys` (HC `Controllers/Base/ProductDetailViewModel.m` reads `value[data][sys]`).
    @Sendable static func productConsults(_ store: YoufanStore, _ query: YoufanQuery) throws -> JSON {
        let code = try query.required("code")
        guard try store.products.exists(code: code) else { throw unknownProduct(code) }
        return .object([("sys", array(try store.products.consults(code: code)))])
    }

    /// `Product/ProductFilter` (SOA envelope) — `prodClsIdList`: one product code, or several
    /// separated by commas; the stock rows of each (one per colour and size, rows of a colour
    /// together: HC groups consecutive rows by `coloR_ID`), in the order asked (WIRE.md §2.11).
    @Sendable static func productFilter(_ store: YoufanStore, _ query: YoufanQuery) throws -> YoufanSOAResults {
        let codes = productCodes(try query.required("prodClsIdList"))
        guard !codes.isEmpty else { throw YoufanFailure.missing("prodClsIdList") }
        var rows: [YoufanList] = []
        for code in codes {
            guard try store.products.exists(code: code) else { throw unknownProduct(code) }
            rows.append(try store.products.stockRows(code: code))
        }
        return YoufanSOAResults(.concatenating(rows))
    }

    /// The codes in a `prodClsIdList` value, blanks dropped.
    static func productCodes(_ list: String) -> [String] {
        list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    static func unknownProduct(_ code: String) -> YoufanFailure {
        .notFound("商品不存在: code=\(code)")
    }
}
