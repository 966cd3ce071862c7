import Testing
import Wire

/// Every request of TK (`tpkeeper/youfan`, OkHttp and fastjson), sent as TK sends it: the literal
/// URLs of `utils/UrlContants.java`, and the prefix + id + suffix URLs its activities build
/// (`activity/BrandDetailActivity.java`, `CatagoryDetailActivity.java`, `GoodsDetailActivity.java`,
/// `fragment/PurchaseFragment.java`, `view/GoodsSelectPopupWindow.java`), with the ids TK takes
/// from earlier answers. Every field TK's beans bind is checked with a type fastjson converts
/// (objects never `[]`, lists never objects, `int` fields whole numbers).
@Suite struct YoufanTKRequestCoverageTests {
    static let shared = YoufanTestServer.forSuite()
    let server: YoufanTestServer

    init() async throws { server = try await Self.shared.value }

    /// TK `domain/home/HomeData.java`, `Module.java`, `Data.java`, `Jump.java`.
    static let homeShape: KeyValuePairs<String, YoufanWireType> = [
        "status": .integer, "data": .object, "data.module": .array, "data.module.*.id": .digits,
        "data.module.*.module_key": .string, "data.module.*.is_more": .string, "data.module.*.jump": .object,
        "data.module.*.data": .array, "data.module.*.data.*.img": .url, "data.module.*.data.*.jump": .object,
        "data.module.*.data.*.jump.id": .digits, "data.module.*.data.*.jump.name": .string,
        "data.module.*.data.*.jump.type": .digits, "data.module.*.data.*.jump.tid": .string,
        "data.module.*.data.*.jump.url": .url, "data.module.*.data.*.jump.ext": .string,
    ]

    /// TK `domain/search/branddetail/ClsInfo.java` (fastjson `int` fields).
    static let searchShape: KeyValuePairs<String, YoufanWireType> = [
        "isSuccess": .integer, "total": .integer, "results": .array, "results.*.clsInfo": .object,
        "results.*.clsInfo.code": .digits, "results.*.clsInfo.name": .string, "results.*.clsInfo.price": .integer,
        "results.*.clsInfo.sale_price": .integer, "results.*.clsInfo.mainImage": .url, "results.*.clsInfo.stockCount": .integer,
        "results.*.clsInfo.branD_ID": .integer, "results.*.clsInfo.isFavorite": .boolean, "results.*.prodClsTag": .array,
    ]

    /// `BrandMb/getAppBrandListWithSort` as TK (`domain/search/brandrequence/GroupData.java`,
    /// `BrandInfo.java`) and RH (`DataBean.java`, Gson) bind it: every member a string.
    static let groupedBrandsShape: KeyValuePairs<String, YoufanWireType> = [
        "status": .integer, "info": .string, "data": .array, "data.*.sortString": .string, "data.*.brandInfo": .array,
        "data.*.brandInfo.*.id": .digits, "data.*.brandInfo.*.brand_code": .string, "data.*.brandInfo.*.branD_NAME": .string,
        "data.*.brandInfo.*.cname": .string, "data.*.brandInfo.*.ename": .string, "data.*.brandInfo.*.first_letter": .string,
        "data.*.brandInfo.*.logO_URL": .url,
    ]

    /// TK `domain/goodsdetail/GoodsDetailSelect.java`, read by `view/GoodsSelectPopupWindow.java`.
    static let stockShape: KeyValuePairs<String, YoufanWireType> = [
        "isSuccess": .integer, "total": .integer, "results": .array, "results.*.proD_CLS_NUM": .digits,
        "results.*.lM_PROD_CLS_ID": .digits, "results.*.coloR_FILE_PATH": .url, "results.*.coloR_NAME": .string,
        "results.*.speC_NAME": .string, "results.*.lisT_QTY": .integer, "results.*.price": .integer,
        "results.*.salE_PRICE": .integer, "results.*.salE_QTY": .integer, "results.*.status": .integer,
    ]

    @Test(arguments: [TKURLs.homeMen, TKURLs.homeWomen, TKURLs.homeLife])
    func homeHotBrandsOpenTheirStoryAndListings(_ url: String) async throws {
        let home = try await server.okHttp(url)
        expectWireTypes(home, Self.homeShape, client: "TK home")
        let modules = home["data"]?["module"]?.arrayValue ?? []
        // adapter/home/HotBrandModule.java passes jump.name on as the brand code.
        let brands = modules.filter { $0["module_key"] == "hotBrandModule" }.flatMap { $0.values(at: "data.*.jump.name") }
            .compactMap(\.stringValue)
        #expect(brands.count == 6)
        for code in brands {
            let story = try await server.okHttp(TKURLs.brandStoryPre + code + TKURLs.brandStoryTail)
            expectWireTypes(story, ["status": .integer, "data": .object, "data.logo_img": .url, "data.youfan_img": .url,
                                    "data.ename": .string, "data.brand_code": .string, "data.tab": .array],
                            client: "TK BrandStory \(code)")
            for prefix in [TKURLs.branddetailPre, TKURLs.branddetailPricePre] {
                let listing = try await server.okHttp(prefix + code + TKURLs.branddetailTail)
                expectWireTypes(listing, Self.searchShape, client: "TK brand listing \(code)")
                #expect((listing["total"]?.intValue ?? 0) > 20, "\(code) has a second page")
                #expect(listing["results"]?.arrayValue?.count == 20)
            }
        }
        // adapter/home/NewModuleHolder.java and the product items open GoodsDetailActivity with jump.tid.
        let products = modules.flatMap { $0["data"]?.arrayValue ?? [] }.compactMap { item -> String? in
            item["jump"]?["type"] == "1" ? item["jump"]?["tid"]?.stringValue : nil
        }
        #expect(!products.isEmpty)
        for code in products.prefix(3) { try await productScreens(code) }
    }

    @Test func theProductsTKNamesAndItsLikeModule() async throws {
        // adapter/home/LikeModuleHolder.java → domain/home/LikeModuleProduct.java (price, market_price as double).
        let like = try await server.okHttp(TKURLs.homecashManMore)
        expectWireTypes(like, ["status": .integer, "data": .object, "data.list": .array, "data.list.*.product_sys_code": .digits,
                               "data.list.*.product_name": .string, "data.list.*.price": .price,
                               "data.list.*.market_price": .price, "data.list.*.product_url": .url,
                               "data.list.*.prodClsTag.*.tagType": .integer], client: "TK like module")
        #expect(like["data"]?["list"]?.arrayValue?.count == 20)
        let listed = like.values(at: "data.list.*.product_sys_code").compactMap(\.stringValue)
        for code in ["848311", "847964"] + listed.prefix(2) { try await productScreens(code) }
    }

    /// GoodsDetailActivity, then the colour and size picker from its popup and from PurchaseFragment
    /// (whose URL repeats osVersion, osMode, appName, token, osCode and cid: the last one counts).
    private func productScreens(_ code: String) async throws {
        let details = try await server.okHttp(TKURLs.goodsDetailPre + code + TKURLs.goodsDetailTail)
        expectWireTypes(details, ["status": .integer, "data.clsInfo": .object, "data.clsInfo.name": .string,
                                  "data.clsInfo.showName": .string, "data.clsInfo.marketPrice": .price,
                                  "data.clsInfo.sale_price": .price, "data.proPicUrl": .array,
                                  "data.proPicUrl.*.filE_PATH": .url, "data.proPicUrl.*.isMainImage": .integer],
                        client: "TK GoodsDetail \(code)")
        for tail in [TKURLs.goodsDetailSelectTail, TKURLs.goodsDetailTail] {
            let stock = try await server.okHttp(TKURLs.goodsDetailSelectPre + code + tail)
            expectWireTypes(stock, Self.stockShape, client: "TK GoodsDetailSelect \(code)")
            #expect(stock.values(at: "results.*.proD_CLS_NUM").allSatisfy { $0.stringValue == code })
        }
    }

    @Test(arguments: [(TKURLs.kindPinleiMan, TKURLs.kindPinpaiMan), (TKURLs.kindPinleiWoman, TKURLs.kindPinpaiWoman),
                      (TKURLs.kindPinleiLife, TKURLs.kindPinpaiLife)])
    func categoryAndBrandWalls(_ categoriesURL: String, _ brandsURL: String) async throws {
        // fragment/searchchild/CategoryFragment.java → domain/search/Parent.java, Sub.java.
        let categories = try await server.okHttp(categoriesURL)
        expectWireTypes(categories, ["status": .integer, "data": .array, "data.*.id": .digits, "data.*.cate_name": .string,
                                     "data.*.img": .url, "data.*.subs": .array, "data.*.subs.*.id": .digits,
                                     "data.*.subs.*.cate_name": .string, "data.*.subs.*.img": .url], client: "TK categories")
        // CatagoryDetailActivity: a sub's id as CategoryId, newest, best-selling, cheapest first.
        let sub = try #require(categories.values(at: "data.0.subs.0.id").first?.stringValue)
        let tails = [(TKURLs.pinleiNewPre, TKURLs.pinleiNewTail), (TKURLs.pinleiHotSalePre, TKURLs.pinleiHotSaleTail),
                     (TKURLs.pinleiPricePre, TKURLs.pinleiPriceTail)]
        for (prefix, tail) in tails {
            let listing = try await server.okHttp(prefix + sub + tail)
            expectWireTypes(listing, Self.searchShape, client: "TK category listing \(sub)")
        }
        let byPrice = try await server.okHttp(TKURLs.pinleiPricePre + sub + TKURLs.pinleiPriceTail)
        let prices = byPrice.values(at: "results.*.clsInfo.sale_price").compactMap(\.intValue)
        #expect(prices == prices.sorted(), "desc 0 is the cheapest first")

        // fragment/searchchild/BrandFragment.java → domain/search/Brand.java, 45 a page.
        let brands = try await server.okHttp(brandsURL)
        expectWireTypes(brands, ["status": .integer, "data": .array, "data.*.id": .digits, "data.*.brand_code": .string,
                                 "data.*.name": .string, "data.*.logo_img": .url], client: "TK brands")
        #expect((brands["data"]?.arrayValue?.count ?? 0) > 30)
    }

    @Test func inspirationTabsAndTheBrandIndex() async throws {
        // fragment/InspirationFragment.java: LG_1 for the tabs, then one page per attr entry (LG_1…LG_8;
        // LG_4 and LG_5 carry a stray space before aid).
        let first = try await server.okHttp(TKURLs.lg1)
        #expect(first["data"]?["attr"]?.arrayValue?.count == 8)
        for url in [TKURLs.lg1, TKURLs.lg2, TKURLs.lg3, TKURLs.lg4, TKURLs.lg5, TKURLs.lg6, TKURLs.lg7, TKURLs.lg8] {
            let page = try await server.okHttp(url)
            expectWireTypes(page, ["status": .integer, "data": .object, "data.attr": .array, "data.attr.*.name": .string,
                                   "data.list": .array, "data.list.*.id": .digits, "data.list.*.title": .string,
                                   "data.list.*.img": .url, "data.list.*.url": .url], client: "TK InspirationChild")
            #expect(!(page["data"]?["list"]?.arrayValue?.isEmpty ?? true), "\(url)")
        }
        // view/MyBrandPopupWindow.java (appName with a trailing ’) → domain/search/brandrequence/GroupData.java.
        let grouped = try await server.okHttp(TKURLs.sortBrandBlackLife)
        expectWireTypes(grouped, Self.groupedBrandsShape, client: "TK GroupData")
    }
}
