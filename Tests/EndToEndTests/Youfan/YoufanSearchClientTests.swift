import Testing
import Wire

/// The SOA product search and size chart as GF, TK and SP send them, over real sockets: GF's
/// literal `TopNew` and `Hotsell` URLs (`utils/UrlUtils.java`), paging from 1, brand codes in any
/// case, a category, a price order; every field the beans bind with the type Gson needs
/// (SP `bean/PinPaiDetail.java`, GF `bean/ClassifyBean.java`, `bean/SizeBean.java`).
@Suite struct YoufanSearchClientTests {
    static let shared = YoufanTestServer.forSuite()
    let server: YoufanTestServer

    init() async throws { server = try await Self.shared.value }

    static let searchShape: KeyValuePairs<String, YoufanWireType> = [
        "isSuccess": .integer, "message": .string, "total": .integer, "results": .array,
        "results.*.clsInfo": .object, "results.*.clsInfo.id": .digits, "results.*.clsInfo.code": .digits,
        "results.*.clsInfo.name": .string, "results.*.clsInfo.price": .integer, "results.*.clsInfo.sale_price": .integer,
        "results.*.clsInfo.uP_COUNT": .integer, "results.*.clsInfo.branD_ID": .integer,
        "results.*.clsInfo.stockCount": .integer, "results.*.clsInfo.status": .integer,
        "results.*.clsInfo.favoriteCount": .integer, "results.*.clsInfo.collocationCount": .integer,
        "results.*.clsInfo.colL_COUNT": .integer, "results.*.clsInfo.isFavorite": .boolean,
        "results.*.clsInfo.mainImage": .url, "results.*.clsInfo.brandUrl": .url, "results.*.prodClsTag": .array,
    ]

    func codes(_ answer: JSON) -> [String] {
        answer.values(at: "results.*.clsInfo.code").compactMap(\.stringValue)
    }

    @Test func gfBrandListingsWalkEveryPageWhateverTheBrandCodesCase() async throws {
        let topNew = "m=Product&a=ProductClsCommonSearchFilter&pageIndex=%@&CategoryId="
            + "&sortInfo=%7B%22desc%22%3A-1%2C%22sortField%22%3A3%7D&keyWord=&brandCode=b1002&pageSize=20"
        let first = try await server.literal(topNew.replacingOccurrences(of: "%@", with: "1"))
        expectWireTypes(first, Self.searchShape, client: "GF TopNew")
        let total = try #require(first["total"]?.intValue)
        #expect(total > 0 && codes(first).count == min(total, 20))
        var all: [String] = []
        for index in 1... {
            let page = try await server.literal(topNew.replacingOccurrences(of: "%@", with: String(index)))
            #expect(page["total"]?.intValue == total && page["isSuccess"] == 1)
            if codes(page).isEmpty { break }
            all += codes(page)
        }
        #expect(all.count == total && Set(all).count == total)
        #expect(first.values(at: "results.*.clsInfo.brandCode").allSatisfy { $0 == "B1002" })

        let hotsell = try await server.literal("m=Product&a=ProductClsCommonSearchFilter&pageIndex=0&CategoryId=&sortInfo=1&keyWord=&brandCode=B1002&pageSize=20")
        #expect(hotsell["total"]?.intValue == total && Set(codes(hotsell)).isSubset(of: Set(all)))
    }

    @Test func categoryAndPriceOrderAsTKSends() async throws {
        // A men's T恤 category id (209) taken from getCategoryList, sorted by price, low first.
        let byPrice = try await server.literal("m=Product&a=ProductClsCommonSearchFilter&CategoryId=209&pageIndex=1&pageSize=20"
                                    + "&sortInfo=%7B%22desc%22%3A0%2C%22sortField%22%3A1%7D&inStock=1&useNewSearchEngine=1&cid=1")
        expectWireTypes(byPrice, Self.searchShape, client: "TK category")
        let prices = byPrice.values(at: "results.*.clsInfo.sale_price").compactMap(\.intValue)
        #expect(!prices.isEmpty && prices == prices.sorted())
        var everything: [String] = []
        for index in 1... {   // CategoryId=1 is every category (TK/SP BRANDDETAIL_PRE)
            let page = try await server.literal("m=Product&a=ProductClsCommonSearchFilter&CategoryId=1&pageIndex=\(index)&pageSize=20")
            #expect(page["total"]?.intValue == 1227)
            if codes(page).isEmpty { break }
            everything += codes(page)
        }
        #expect(everything.count == 1227 && Set(everything).count == 1227)
        let nothing = try await server.literal("m=Product&a=ProductClsCommonSearchFilter&brandCode=nobrand&pageIndex=1")
        #expect(nothing["isSuccess"] == 1 && nothing["total"] == 0 && nothing["results"] == [])
    }

    @Test func gfHotItemCategoriesLeadToASearch() async throws {
        // GF activity/HotItemActivity.java: the category's subs, then a search by the first sub's temp_id.
        let categories = try await server.literal("m=Product&a=getProductCategoryList&cid=20")
        expectWireTypes(categories, ["status": .integer, "data.*.id": .digits, "data.*.temp_id": .digits,
                                     "data.*.name": .string, "data.*.url": .url, "data.*.subs.*.temp_id": .digits,
                                     "data.*.subs.*.name": .string, "data.*.subs.*.url": .url, "data.*.subs.*.parent_id": .digits],
                        client: "GF HotInsideBean")
        let first = try #require(categories.values(at: "data.0.subs.0.temp_id").first?.stringValue)
        let search = try await server.literal("m=Product&a=ProductClsCommonSearchFilter&pageIndex=1&CategoryId=\(first)&sortInfo=1&keyWord=&pageSize=20")
        #expect((search["total"]?.intValue ?? 0) > 0)
        #expect(try await server.literal("m=Product&a=getProductCategoryList&cid=424242")["status"] == -100)
    }

    @Test func gfSizeChart() async throws {
        let chart = try await server.literal("m=Product&a=ProductSizeTableFilter&proD_CLS_ID=160300001")
        expectWireTypes(chart, ["isSuccess": .integer, "total": .integer, "results.*.product_sys_code": .digits,
                                "results.*.size_table.*": .arrayOfStrings, "results.*.sizE_JSON.*": .arrayOfStrings],
                        client: "GF SizeBean")
        let unknown = try await server.literal("m=Product&a=ProductSizeTableFilter&proD_CLS_ID=999")
        #expect(unknown["isSuccess"] == 0 && unknown["results"] == [])
    }
}
