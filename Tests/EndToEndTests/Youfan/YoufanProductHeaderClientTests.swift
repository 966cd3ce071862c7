import Testing
import Wire

/// `Product/ProductClsFilter` as GF (`utils/UrlUtils.java` `INDEX_DETAIL_PATH`, one code in `IDS`,
/// taken from the recommended list it shows) and MB (`ids`, an array its transport posts as JSON
/// text) send it, over real sockets; every field GF's Gson bean binds
/// (`bean/GridViewDetailBean.java`) with the JSON type it needs.
@Suite struct YoufanProductHeaderClientTests {
    static let shared = YoufanTestServer.forSuite()
    let server: YoufanTestServer

    init() async throws { server = try await Self.shared.value }

    static let headerShape: KeyValuePairs<String, YoufanWireType> = [
        "isSuccess": .integer, "message": .string, "total": .integer, "results": .array,
        "results.*.clsInfo.id": .digits, "results.*.clsInfo.code": .digits, "results.*.clsInfo.marketTime": .string,
        "results.*.clsInfo.status": .integer, "results.*.clsInfo.stockCount": .integer,
        "results.*.clsInfo.statusname": .string, "results.*.clsInfo.sale_price": .price,
        "results.*.clsInfo.description": .string, "results.*.clsInfo.favoriteCount": .integer,
        "results.*.clsInfo.name": .string, "results.*.clsInfo.price": .price, "results.*.clsInfo.brand": .string,
        "results.*.clsInfo.brandUrl": .url, "results.*.clsInfo.branD_ID": .string, "results.*.clsInfo.mainImage": .url,
        "results.*.clsInfo.showName": .string, "results.*.isFavorite": .boolean,
        "results.*.commonCountTotal.sourceID": .integer, "results.*.commonCountTotal.commentCount": .integer,
        "results.*.commonCountTotal.countScore": .integer, "results.*.commonCountTotal.browserCount": .integer,
        "results.*.commonCountTotal.sharedCount": .integer, "results.*.commonCountTotal.favoritCount": .integer,
        "results.*.commonCountTotal.percent": .string, "results.*.commonCountTotal.avgComment": .integer,
        "results.*.commonCountTotal.avgCommentNew": .string, "results.*.commonCountTotal.saleQty": .integer,
        "results.*.commonCountTotal.procodeCount": .integer, "results.*.commonCountTotal.collocationCount": .integer,
        "results.*.colorList.*.code": .digits, "results.*.colorList.*.name": .string, "results.*.colorList.*.picurl": .url,
        "results.*.specList.*.code": .digits, "results.*.specList.*.name": .string,
        "results.*.proPicUrl.*.filE_PATH": .url, "results.*.proPicUrl.*.isMainImage": .integer,
        "results.*.clsPicUrl": .array, "results.*.activity": .array,
    ]

    @Test func gfOpensTheHeaderOfAProductItsRecommendedListShows() async throws {
        let list = try await server.literal("m=Product&a=getRecommedProductList&token=&page=0&num=10")
        let code = try #require(list.values(at: "data.productList.0.product_sys_code").first?.stringValue)
        let header = try await server.literal("m=Product&a=ProductClsFilter&token=&IDS=\(code)")
        expectWireTypes(header, Self.headerShape, client: "GF IDS=\(code)")
        #expect(header["isSuccess"] == 1 && header["total"] == 1)
        #expect(header.values(at: "results.0.clsInfo.code").first?.stringValue == code)
    }

    @Test func mbPostsSeveralCodesAsJSONTextAndGetsOneHeaderEachInOrder() async throws {
        let list = try await server.literal("m=Product&a=getRecommedProductList&page=0&num=10")
        let codes = Array(list.values(at: "data.productList.*.product_sys_code").compactMap(\.stringValue).prefix(3))
        try #require(codes.count == 3)
        let app = YoufanAppClient(baseURL: server.baseURL, platform: .iOS)
        let ids = "[" + codes.map { "\"\($0)\"" }.joined(separator: ",") + "]"
        let answer = try await app.call("Product", "ProductClsFilter", [("ids", ids)], post: true)
        expectWireTypes(answer.json, Self.headerShape, client: "MB ids=\(ids)")
        #expect(answer.results.compactMap { $0["clsInfo"]?["code"]?.stringValue } == codes)
        #expect(answer.json["total"] == 3)
    }

    @Test func anUnknownCodeIsAFailureInTheSOAEnvelope() async throws {
        let answer = try await server.literal("m=Product&a=ProductClsFilter&token=&IDS=999999999")
        #expect(answer["isSuccess"] == 0 && answer["results"]?.arrayValue?.isEmpty == true)
        #expect(answer["message"]?.stringValue?.isEmpty == false)
    }
}
