import Testing
import Wire

/// The product screens of the clones over real sockets: the recommended list (HC, GF), a
/// product's details (SP's Gson bean), its colours and sizes (`ProductFilter`, TK's fastjson bean
/// and HC's style picker) and its comments (GF's bean), each field with the JSON type its
/// parser needs (WIRE.md §1.3).
@Suite struct YoufanProductClientTests {
    static let shared = YoufanTestServer.forSuite()
    let server: YoufanTestServer

    init() async throws { server = try await Self.shared.value }

    /// HC `Models/HomePageModels/HCProduct.h`, GF `bean/IndexGirdviewBean.java`, SP `bean/shouye/CaiNiLike.java`.
    static let recommendedShape: KeyValuePairs<String, YoufanWireType> = [
        "status": .integer, "data": .object, "data.productList": .array,
        "data.productList.*.product_sys_code": .digits, "data.productList.*.product_name": .string,
        "data.productList.*.price": .price, "data.productList.*.market_price": .price,
        "data.productList.*.product_url": .url, "data.productList.*.brandUrl": .url,
        "data.productList.*.brandName": .string, "data.productList.*.status": .integer,
        "data.productList.*.stock_num": .integer, "data.productList.*.spec_price_list": .arrayOfStrings,
        "data.productList.*.prodClsTag": .array, "data.productList.*.prodClsTag.*.tagType": .integer,
    ]

    /// SP `bean/SingleShopDetail.java`, TK `domain/goodsdetail/GoodsDetail.java`.
    static let detailsShape: KeyValuePairs<String, YoufanWireType> = [
        "status": .integer, "data.isCanUseVoucher": .boolean, "data.isFavorite": .integer,
        "data.commentCount": .integer, "data.clsInfo": .object, "data.clsInfo.code": .digits,
        "data.clsInfo.stockCount": .integer, "data.clsInfo.status": .integer, "data.clsInfo.isNoSale": .integer,
        "data.clsInfo.isWish": .integer, "data.clsInfo.marketPrice": .price, "data.clsInfo.sale_price": .price,
        "data.integral.userLevel": .integer, "data.integral.double": .integer,
        "data.proPicUrl.*.isMainImage": .integer, "data.proPicUrl.*.filE_PATH": .url,
        "data.clsPicUrl.*.isMainImage": .integer, "data.clsPicUrl.*.filE_PATH": .url, "data.sizeTable": .array,
    ]

    /// TK `domain/goodsdetail/GoodsDetailSelect.java`, HC `Controllers/Buy/HCProductDetailStyleViewModel.m`.
    static let coloursShape: KeyValuePairs<String, YoufanWireType> = [
        "isSuccess": .integer, "message": .string, "total": .integer, "results": .array,
        "results.*.price": .integer, "results.*.salE_PRICE": .integer, "results.*.lisT_QTY": .integer,
        "results.*.salE_QTY": .integer, "results.*.activity_id": .integer, "results.*.status": .integer,
        "results.*.coloR_ID": .string, "results.*.coloR_NAME": .string, "results.*.speC_ID": .string,
        "results.*.speC_NAME": .string, "results.*.lM_PROD_CLS_ID": .digits,
    ]

    /// GF `bean/CommendBean.java`, HC `Models/ProductDetailPageModels/HCCommentListModel.m`.
    static let commentsShape: KeyValuePairs<String, YoufanWireType> = [
        "status": .integer, "data": .array, "data.*.id": .digits, "data.*.to_user": .object,
        "data.*.head_img": .url, "data.*.info": .string,
    ]

    @Test func gfAsksWithoutAChannelForTenAPageAndGetsEveryChannel() async throws {
        let app = YoufanAppClient(baseURL: server.baseURL, platform: .android)
        var codes: [String] = []
        for page in 0... {   // GF fragment/IndexFragment.java sends page and num=10, no cid
            let answer = try await app.call("Product", "getRecommedProductList", [("page", String(page)), ("num", "10")])
            expectWireTypes(answer.json, ["status": .integer, "data.productList": .array], client: "GF")
            if answer.list.isEmpty { break }
            codes += answer.list.compactMap { $0["product_sys_code"]?.stringValue }
        }
        #expect(codes.count == 1227 && Set(codes).count == 1227 && codes.allSatisfy { Int32($0) != nil })
    }

    @Test(arguments: YoufanAppClient.Platform.allCases)
    func productScreensHaveTheTypesTheParsersNeed(_ platform: YoufanAppClient.Platform) async throws {
        let app = YoufanAppClient(baseURL: server.baseURL, platform: platform)
        for cid in ["1", "2", "4"] {
            let first = try await app.call("Product", "getRecommedProductList", [("page", "0"), ("cid", cid)])
            expectWireTypes(first.json, Self.recommendedShape, client: "HC cid=\(cid)")
            #expect(first.list.count == 20)
            let second = try await app.call("Product", "getRecommedProductList", [("page", "1"), ("num", "10"), ("cid", cid)])
            #expect(second.list.count == 10 && second.list == Array(first.list[10..<20]))

            for product in first.list.prefix(6) {
                let code = try #require(product["product_sys_code"]?.stringValue)
                #expect(Int32(code) != nil)   // GF Integer.parseInt
                let details = try await app.call("Product", "getProductDetails", [("code", code)])
                expectWireTypes(details.json, Self.detailsShape, client: "SP \(code)")
                let colours = try await app.call("Product", "ProductFilter", [("prodClsIdList", code)])
                expectWireTypes(colours.json, Self.coloursShape, client: "TK \(code)")
                if details.data?["commentCount"]?.intValue ?? 0 > 0 {
                    let comments = try await app.call("Comment", "getCommentList", [("type", "2"), ("tid", code), ("page", "0")])
                    expectWireTypes(comments.json, Self.commentsShape, client: "GF \(code)")
                }
            }
        }
    }
}

/// `Product/getRecommendList` exactly as TK and SP send it (TK `utils/UrlContants.java`
/// `HOMECASH_MAN_MORE`): the hard-coded page 3 of the men's pool is full.
@Suite struct YoufanRecommendListClientTests {
    static let shared = YoufanTestServer.forSuite()
    let server: YoufanTestServer

    init() async throws { server = try await Self.shared.value }

    @Test func tkAndSPsHardCodedThirdPageOfTheMensPoolIsFull() async throws {
        let query = "m=Product&a=getRecommendList&osCode=android&lKey=homeMen&cid=1&pageIndex=3&osVersion=19"
            + "&deviceId=ffffffff-a66b-bc18-95f9-8e737e716946&token=&source=android&version=v4.2.2&osName=SM-G3818"
            + "&pageSize=20&appName=youfanguanfang&product_sys_code="
        let json = try await server.literal(query)
        expectWireTypes(json, ["status": .integer, "data": .object, "data.code": .integer, "data.count": .integer,
                               "data.list.*.product_sys_code": .digits, "data.list.*.price": .price,
                               "data.list.*.market_price": .price, "data.list.*.product_url": .url,
                               "data.list.*.spec_price_list": .arrayOfStrings, "data.list.*.status": .integer],
                        client: "SP CaiNiLike")
        #expect(json["data"]?["list"]?.arrayValue?.count == 20)
        #expect((json["data"]?["count"]?.intValue ?? 0) >= 80)
    }
}
