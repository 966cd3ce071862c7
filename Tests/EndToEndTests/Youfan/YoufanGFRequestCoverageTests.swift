import Testing
import Wire

/// Every request of GF (`TracyYing1993/GoFashion`, OkHttp, Gson and `org.json`), sent as GF
/// sends it: the literal URLs of `utils/UrlUtils.java` with GF's placeholders replaced as its
/// activities replace them (`%d`, `%p`, `%u`, `%c`), raw `{` `}` in `TopNew`'s `sortInfo`, a
/// leading space before two of them, `cid=null`, and the ids GF takes from earlier answers
/// (`Integer.parseInt` of product codes, a brand's `brand_code`, a hot category's `temp_id`).
@Suite struct YoufanGFRequestCoverageTests {
    static let shared = YoufanTestServer.forSuite()
    let server: YoufanTestServer

    init() async throws { server = try await Self.shared.value }

    static let base = "http://api.funwear.com/mbfun_server/index.php?"

    @Test func homeProductsAndTheOldDetailPage() async throws {
        // fragment/IndexFragment.java: INDEX_PATH, then INDEX_PAGER_PATH from page 1, ten a page.
        let home = try await server.okHttp(Self.base + "m=Home&a=getAppLayoutInfo&id=1&cid=null")
        expectWireTypes(home, ["status": .integer, "data": .array, "data.*.type": .digits, "data.*.name": .string,
                               "data.*.config": .array, "data.0.config.*.index": .digits, "data.0.config.*.img": .url,
                               "data.0.config.*.img_width": .digits, "data.0.config.*.img_height": .digits],
                        client: "GF FashionIndexBean")
        #expect(home.values(at: "data.0.type").first == "9")
        var codes: [String] = []
        for page in 1...2 {
            let answer = try await server.okHttp(Self.base + "m=Product&a=getRecommedProductList&page=\(page)&num=10")
            expectWireTypes(answer, ["status": .integer, "data": .object, "data.site": .string, "data.id": .digits,
                                     "data.name": .string, "data.productList": .array,
                                     "data.productList.*.product_sys_code": .digits, "data.productList.*.status": .integer,
                                     "data.productList.*.stock_num": .integer, "data.productList.*.spec_price_list": .arrayOfStrings,
                                     "data.productList.*.prodClsTag": .array, "data.productList.*.product_url": .url],
                            client: "GF IndexGirdviewBean")
            codes += answer.values(at: "data.productList.*.product_sys_code").compactMap(\.stringValue)
        }
        #expect(codes.count == 20 && codes.allSatisfy { Int32($0) != nil })
        for code in codes.prefix(3) + ["885906"] { try await detailPage(code) }
    }

    /// GridViewDetailActivity (INDEX_DETAIL_PATH), SizeActivity and CommendActivity of one product.
    private func detailPage(_ code: String) async throws {
        let header = try await server.okHttp(" http://api.funwear.com/mbfun_server/index.php?m=Product&a=ProductClsFilter&IDS=\(code)")
        expectWireTypes(header, ["isSuccess": .integer, "total": .integer, "results": .array, "results.*.clsInfo.code": .digits,
                                 "results.*.clsInfo.status": .integer, "results.*.clsInfo.stockCount": .integer,
                                 "results.*.clsInfo.favoriteCount": .integer, "results.*.clsInfo.sale_price": .price,
                                 "results.*.clsInfo.price": .price, "results.*.clsInfo.mainImage": .url,
                                 "results.*.isFavorite": .boolean, "results.*.commonCountTotal.commentCount": .integer,
                                 "results.*.commonCountTotal.avgComment": .integer, "results.*.commonCountTotal.percent": .string,
                                 "results.*.commonCountTotal.avgCommentNew": .string, "results.*.colorList.*.code": .string,
                                 "results.*.colorList.*.picurl": .url, "results.*.specList.*.name": .string,
                                 "results.*.proPicUrl.*.isMainImage": .integer, "results.*.activity": .array,
                                 "results.*.stockList.*.speC_ID": .string, "results.*.stockList.*.lisT_QTY": .integer],
                        client: "GF GridViewDetailBean \(code)")
        let size = try await server.okHttp(" http://api.funwear.com/mbfun_server/index.php?m=Product&a=ProductSizeTableFilter&proD_CLS_ID=\(code)")
        expectWireTypes(size, ["isSuccess": .integer, "results.*.product_sys_code": .digits, "results.*.size_table": .array,
                               "results.*.sizE_JSON": .array], client: "GF SizeBean \(code)")
        for page in 0...1 {
            let comments = try await server.okHttp(Self.base + "m=Comment&a=getCommentList&tid=\(code)&type=2&page=\(page)")
            expectWireTypes(comments, ["status": .integer, "data": .array], client: "GF CommendBean \(code)")
            if !(comments["data"]?.arrayValue?.isEmpty ?? true) {
                expectWireTypes(comments, ["data.*.id": .digits, "data.*.to_user": .object, "data.*.to_user.nick_name": .string,
                                           "data.*.head_img": .url, "data.*.score": .digits], client: "GF CommendBean \(code)")
            }
        }
    }

    /// fragment/ClassifyFragment.java: the seven tabs (and `cid=null`), FLInsideFragment's brands
    /// and hot categories, then ClassifyDetailActivity and HotItemActivity.
    @Test(arguments: ["null", "4", "3", "9", "8", "5", "1", "6"])
    func classifyTab(_ tab: String) async throws {
        let layout = try await server.okHttp(Self.base + "m=Home&a=getAppLayoutInfo&id=2&cid=\(tab)")
        expectWireTypes(layout, ["status": .integer, "data": .array, "data.1.config": .array, "data.1.config.*.id": .digits,
                                 "data.1.config.*.brand_code": .string, "data.1.config.*.temp_id": .digits,
                                 "data.1.config.*.ename": .string, "data.1.config.*.logo_img": .url, "data.3.config": .array,
                                 "data.3.config.*.url": .url, "data.3.config.*.id": .digits, "data.3.config.*.index": .digits,
                                 "data.3.config.*.name": .string, "data.3.config.*.temp_id": .digits], client: "GF FLInsideFragment")
        let brand = try #require(layout.values(at: "data.1.config.0.brand_code").first?.stringValue)
        // TopNew: raw braces, desc -1, the newest first, paged by pageIndex; Hotsell from pageIndex 0.
        let topNew = "m=Product&a=ProductClsCommonSearchFilter&pageIndex=%P&CategoryId=&sortInfo={%22desc%22%3A-1%2C%22sortField%22%3A3}&keyWord=&brandCode=\(brand)&pageSize=20"
        let first = try await server.okHttp(Self.base + topNew.replacingOccurrences(of: "%P", with: "1"))
        let second = try await server.okHttp(Self.base + topNew.replacingOccurrences(of: "%P", with: "2"))
        for page in [first, second] {
            expectWireTypes(page, ["isSuccess": .integer, "total": .integer, "results.*.clsInfo.price": .integer,
                                   "results.*.clsInfo.sale_price": .integer, "results.*.clsInfo.isFavorite": .boolean,
                                   "results.*.clsInfo.mainImage": .url], client: "GF ClassifyBean \(brand)")
        }
        #expect(!(second["results"]?.arrayValue?.isEmpty ?? true), "\(brand) reaches a second page")
        let dates = (first.values(at: "results.*.clsInfo.marketTime") + second.values(at: "results.*.clsInfo.marketTime"))
            .compactMap(\.stringValue)
        #expect(dates == dates.sorted(by: >), "desc -1 is the newest first")
        let hotsell = try await server.okHttp(Self.base
            + "m=Product&a=ProductClsCommonSearchFilter&pageIndex=0&CategoryId=&sortInfo=1&keyWord=&brandCode=\(brand)&pageSize=20")
        #expect(hotsell["total"] == first["total"])

        let tempID = try #require(layout.values(at: "data.3.config.0.temp_id").first?.stringValue)
        let subs = try await server.okHttp(Self.base + "m=Product&a=getProductCategoryList&cid=\(tempID)")
        expectWireTypes(subs, ["status": .integer, "data": .array, "data.0.subs": .array, "data.*.subs.*.temp_id": .digits,
                               "data.*.subs.*.name": .string, "data.*.subs.*.url": .url], client: "GF HotInsideBean")
        let category = try #require(subs.values(at: "data.0.subs.0.temp_id").first?.stringValue)
        for sortInfo in ["", "1"] {   // TopNew2, Hotsell2
            let listing = try await server.okHttp(Self.base
                + "m=Product&a=ProductClsCommonSearchFilter&pageIndex=1&CategoryId=\(category)&sortInfo=\(sortInfo)&keyWord=&pageSize=20")
            #expect(listing["isSuccess"] == 1 && (listing["total"]?.intValue ?? 0) > 0, "category \(category)")
        }
    }

    @Test func community() async throws {
        // fragment/DapeiFragment.java + Fragment_Collocation.java: userType 2 and 1, page %p replaced by 0.
        for userType in ["2", "1"] {
            let feed = try await server.okHttp(Self.base + "m=Collocation&a=getCollocationListByUserType&userId=&userType=\(userType)&page=0")
            expectWireTypes(feed, ["status": .integer, "data": .array, "data.*.id": .digits, "data.*.img": .url,
                                   "data.*.nick_name": .string, "data.*.head_img": .url, "data.*.tag_list": .string,
                                   "data.*.is_love": .integer, "data.*.img_width": .digits, "data.*.img_height": .digits,
                                   "data.*.like_count": .digits, "data.*.comment_count": .digits], client: "GF CollocationBean")
            // activity/Collocation_ClickItem_Activity.java: cid=%c replaced by the tapped id.
            let id = try #require(feed.values(at: "data.0.id").first?.stringValue)
            let detail = try await server.okHttp(Self.base + "m=Collocation&a=getCollocationDetailsV2&token=&cid=\(id)")
            expectWireTypes(detail, ["status": .integer, "data": .object, "data.id": .digits, "data.tag_list": .string,
                                     "data.is_love": .integer, "data.isFind": .integer, "data.designer": .object,
                                     "data.like_user_list": .array, "data.product_list": .array,
                                     "data.product_list.*.stock_num": .integer, "data.product_list.*.product": .object,
                                     "data.user_json": .string], client: "GF CollocationItemBean")
        }
        // fragment/ReMenFragment.java: HOT, no page.
        let hot = try await server.okHttp(Self.base + "m=Home&a=getHotLayoutInfo")
        expectWireTypes(hot, ["status": .integer, "data": .array, "data.*.type": .digits, "data.0.config": .array],
                        client: "GF FashionCommunityBean")
        for section in hot["data"]?.arrayValue ?? [] {
            let config = section["config"]?.arrayValue ?? []
            switch section["type"]?.stringValue {
            case "15":
                expectWireTypes(section, ["config.*.look_num": .integer, "config.*.id": .digits, "config.*.img": .url],
                                client: "GF topics")
                #expect(config.allSatisfy { ($0["collocation_list"]?.arrayValue?.count ?? 0) >= 4 })
            case "14":
                #expect(config.count <= 3 && config.allSatisfy { ($0["collocation_list"]?.arrayValue?.count ?? 0) >= 3 })
            case "99999":
                expectWireTypes(section, ["config.0.img_width": .digits, "config.0.img_height": .digits], client: "GF spacer")
            default: break
            }
        }
        // activity/Click_More_Activity.java: 更多话题, page 0.
        let topics = try await server.okHttp(Self.base + "m=Topic&a=getTopicList&page=0")
        expectWireTypes(topics, ["status": .integer, "data": .array, "data.*.id": .digits, "data.*.name": .string,
                                 "data.*.info": .string, "data.*.img": .url, "data.*.collocation_count": .digits,
                                 "data.*.collocation_list.*.id": .digits, "data.*.collocation_list.*.img": .url],
                        client: "GF ClickMoreBean")
    }
}
