import Testing
import Wire

/// Every request of SP (`spjcanfly/YouFan`, OkHttp and Gson), sent as SP sends it: the literal
/// URLs of `utils/Constants.java` and the prefix + id + suffix URLs of
/// `activity/shop/PinPaiActivity.java`, `ShopCarActivity.java`,
/// `pager/detailpager/BrandDetailPager.java`, `PinLeiDetailPager.java` and `TabDetailPager.java`.
/// Gson binds the whole answer into a bean and one present field of the wrong kind loses the
/// screen, so every field of SP's beans is checked with the type Gson accepts (WIRE.md §1.3).
@Suite struct YoufanSPRequestCoverageTests {
    static let shared = YoufanTestServer.forSuite()
    let server: YoufanTestServer

    init() async throws { server = try await Self.shared.value }

    /// SP `bean/shouye/ShouYe.java`, `ShouYeModuleData.java`, `DataJump.java`.
    static let homeShape: KeyValuePairs<String, YoufanWireType> = [
        "status": .integer, "info": .string, "data": .object, "data.id": .digits, "data.module": .array,
        "data.updateNum.productNum": .integer, "data.updateNum.specialNum": .integer,
        "data.module.*.id": .digits, "data.module.*.sort": .digits, "data.module.*.jump": .object,
        "data.module.*.data": .array, "data.module.*.data.*.img": .url, "data.module.*.data.*.jump": .object,
        "data.module.*.data.*.jump.id": .digits, "data.module.*.data.*.jump.name": .string,
        "data.module.*.data.*.jump.type": .digits, "data.module.*.data.*.jump.is_h5": .digits,
        "data.module.*.data.*.jump.tid": .string, "data.module.*.data.*.jump.ext": .string,
        "data.module.*.data.*.jump.jump_type": .digits,
    ]

    /// SP `bean/PinPaiDetail.java`.
    static let searchShape: KeyValuePairs<String, YoufanWireType> = [
        "isSuccess": .integer, "message": .string, "total": .integer, "results": .array,
        "results.*.clsInfo.id": .digits, "results.*.clsInfo.code": .digits, "results.*.clsInfo.name": .string,
        "results.*.clsInfo.price": .integer, "results.*.clsInfo.uP_COUNT": .integer, "results.*.clsInfo.branD_ID": .integer,
        "results.*.clsInfo.stockCount": .integer, "results.*.clsInfo.sale_price": .integer, "results.*.clsInfo.status": .integer,
        "results.*.clsInfo.favoriteCount": .integer, "results.*.clsInfo.collocationCount": .integer,
        "results.*.clsInfo.colL_COUNT": .integer, "results.*.clsInfo.isFavorite": .boolean, "results.*.clsInfo.mainImage": .url,
        "results.*.prodClsTag": .array,
    ]

    /// SP `bean/SingleShopDetail.java`.
    static let detailsShape: KeyValuePairs<String, YoufanWireType> = [
        "status": .integer, "data.clsInfo.code": .digits, "data.clsInfo.marketPrice": .price, "data.clsInfo.sale_price": .price,
        "data.clsInfo.stockCount": .integer, "data.clsInfo.status": .integer, "data.clsInfo.isNoSale": .integer,
        "data.clsInfo.isWish": .integer, "data.isFavorite": .integer, "data.commentCount": .integer,
        "data.isCanUseVoucher": .boolean, "data.integral.userLevel": .integer, "data.integral.double": .integer,
        "data.proPicUrl.*.isMainImage": .integer, "data.proPicUrl.*.filE_PATH": .url, "data.clsPicUrl.*.isMainImage": .integer,
        "data.sizeTable": .array, "data.activity": .array, "data.addPicUrl": .array, "data.brandDispatchGoods": .object,
    ]

    @Test(arguments: [SPURLs.homeMen, SPURLs.homeWomen, SPURLs.homeLife])
    func homeBrandsAndProducts(_ url: String) async throws {
        let home = try await server.okHttp(url)
        expectWireTypes(home, Self.homeShape, client: "SP ShouYe")
        let items = (home["data"]?["module"]?.arrayValue ?? []).flatMap { module in
            (module["data"]?.arrayValue ?? []).map { (module["module_key"]?.stringValue ?? "", $0) }
        }
        // viewholder/PinLeiViewHolder.java passes a brand item's jump.name to PinPaiActivity.
        let brands = items.filter { $0.0 == "hotBrandModule" }.compactMap { $0.1["jump"]?["name"]?.stringValue }
        #expect(brands.count == 6)
        for name in brands {
            let story = try await server.okHttp(SPURLs.brandStoryPre + name + SPURLs.branddetailTail)
            expectWireTypes(story, ["status": .integer, "data.id": .digits, "data.logo_img": .url, "data.youfan_img": .url,
                                    "data.brand_code": .string, "data.ename": .string, "data.look_num": .integer,
                                    "data.is_love": .integer, "data.tab": .array], client: "SP PinPaiStory \(name)")
            for prefix in [SPURLs.branddetailPre, SPURLs.branddetailPricePre] {
                let listing = try await server.okHttp(prefix + name + SPURLs.branddetailTail)
                expectWireTypes(listing, Self.searchShape, client: "SP PinPaiDetail \(name)")
                #expect((listing["total"]?.intValue ?? 0) > 20)
            }
        }
        // viewholder/XinRenViewHolder.java opens ShopCarActivity with jump.tid of a product item.
        let products = items.compactMap { $0.1["jump"]?["type"] == "1" ? $0.1["jump"]?["tid"]?.stringValue : nil }
        #expect(!products.isEmpty)
        for tid in products.prefix(3) + ["831236"] {
            let details = try await server.okHttp(SPURLs.goodsHeader + tid + SPURLs.goodsTail)
            expectWireTypes(details, Self.detailsShape, client: "SP SingleShopDetail \(tid)")
        }
    }

    @Test func likeModule() async throws {
        // viewholder/CaiNiLikeViewHolder.java → bean/shouye/CaiNiLike.java.
        let like = try await server.okHttp(SPURLs.homecashManMore)
        expectWireTypes(like, ["status": .integer, "data.code": .integer, "data.count": .integer, "data.list": .array,
                               "data.list.*.product_sys_code": .digits, "data.list.*.price": .price,
                               "data.list.*.market_price": .price, "data.list.*.status": .integer,
                               "data.list.*.stock_num": .integer, "data.list.*.spec_price_list": .arrayOfStrings,
                               "data.list.*.prodClsTag": .array], client: "SP CaiNiLike")
        #expect(like["data"]?["list"]?.arrayValue?.count == 20)
    }

    @Test(arguments: [(SPURLs.kindPinlei, SPURLs.kindPinpai), (SPURLs.kindSortsWoman, SPURLs.kindBrandWoman),
                      (SPURLs.kindPinleiLife, SPURLs.kindPinpaiLife)])
    func sortPages(_ categoriesURL: String, _ brandsURL: String) async throws {
        // pager/detailpager/SortPinLeiDetailPager.java → bean/fenlei/PinLeiNan.java.
        let categories = try await server.okHttp(categoriesURL)
        expectWireTypes(categories, ["status": .integer, "data": .array, "data.*.id": .digits, "data.*.parent_id": .digits,
                                     "data.*.cate_name": .string, "data.*.level": .digits, "data.*.img": .url,
                                     "data.*.subs": .array, "data.*.subs.*.id": .digits, "data.*.subs.*.cate_name": .string,
                                     "data.*.subs.*.img": .url], client: "SP PinLeiNan")
        // PinLeiDetailPager: the tapped sub's id, newest, cheapest, best-selling first.
        let sub = try #require(categories.values(at: "data.0.subs.0.id").first?.stringValue)
        for (prefix, tail) in [(SPURLs.pinleiNewPre, SPURLs.pinleiNewTail), (SPURLs.pinleiPricePre, SPURLs.pinleiPriceTail),
                               (SPURLs.pinleiHotSalePre, SPURLs.pinleiHotSaleTail)] {
            let listing = try await server.okHttp(prefix + sub + tail)
            expectWireTypes(listing, Self.searchShape, client: "SP PinPaiDetail category \(sub)")
        }
        // pager/detailpager/SortPinPaiDetailPager.java → bean/fenlei/FenLeiPinPai.java.
        let brands = try await server.okHttp(brandsURL)
        expectWireTypes(brands, ["status": .integer, "data": .array, "data.*.id": .digits, "data.*.brand_code": .string,
                                 "data.*.name": .string, "data.*.img": .url, "data.*.web_url": .url, "data.*.logo_img": .url,
                                 "data.*.product_brand_img": .url], client: "SP FenLeiPinPai")
    }

    @Test func inspiration() async throws {
        // pager/InspirationPager.java (LINGGAN_ZIXUN, page 2 of every tab), TabDetailPager's eight tab
        // URLs (LG_4 with a stray space, LG_6 with `& aid`) and LG_more + page for the next pages.
        let more = (2...3).map { SPURLs.lgMore + String($0) }
        for url in [SPURLs.lingganZixun, SPURLs.lg1, SPURLs.lg2, SPURLs.lg3, SPURLs.lg4, SPURLs.lg6, SPURLs.lg9, SPURLs.lg10,
                    SPURLs.lg12] + more {
            let page = try await server.okHttp(url)
            expectWireTypes(page, ["status": .integer, "data.attr": .array, "data.attr.*.name": .string, "data.list": .array,
                                   "data.list.*.id": .digits, "data.list.*.title": .string, "data.list.*.img": .url,
                                   "data.list.*.url": .url, "data.list.*.product_list": .array,
                                   "data.list.*.keywords_list": .array, "data.layoutType": .integer, "data.total": .digits],
                            client: "SP LingGanZiXun")
            #expect(!(page["data"]?["list"]?.arrayValue?.isEmpty ?? true), "\(url)")
            // attr[].id is "" or an integer (Gson String accepts both, TK/SP map the names).
            #expect(page.values(at: "data.attr.*.id").allSatisfy { $0 == "" || $0.isInteger })
        }
    }
}
