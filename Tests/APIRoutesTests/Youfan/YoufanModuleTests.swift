import APIRoutes
import HTTPServer
import Store
import Testing
import Wire
import TestSupport

/// The Youfan module called directly with requests (no sockets): dispatch, parameters, errors.
@Suite struct YoufanModuleTests {
    let seeded: YoufanSeededDatabase
    let module: YoufanModule

    init() async throws {
        seeded = try await YoufanSeededDatabase.shared.value
        module = YoufanModule(database: seeded.database)
    }

    func get(_ query: String, path: String = YoufanParameters.shopPath) -> HTTPResponse? {
        module.handle(HTTPRequest(method: .GET, target: "\(path)?\(query)", path: path, query: query))
    }

    func body(_ response: HTTPResponse?) throws -> JSON {
        try JSON.parse(try #require(response).body)
    }

    @Test func everySeedRecordIsMapped() throws {
        #expect(seeded.mappedRecords == (try YoufanSeededDatabase.seedRecords().count))
    }

    @Test func homeLayoutComesBackAsCaptured() throws {
        let response = try #require(get("m=Home&a=getAppLayoutV2&page=home&cid=2"))
        #expect(response.status == .ok)
        #expect(response.headers["content-type"] == "application/json; charset=utf-8")
        let json = try body(response)
        #expect(json["status"] == 1 && json["info"] == "")
        #expect(json["data"]?["page"] == "home")
        #expect(json["data"]?["module"]?.arrayValue?.count == 10)
    }

    @Test func unknownOrMissingModuleOrActionIsLeftToCaptureReplay() {
        #expect(get("m=Search&a=getHotWords") == nil)
        #expect(get("a=getAppLayoutV2") == nil)
        #expect(get("m=Home&a=") == nil)
        #expect(get("m=Config&a=getAppConfig&type=1") == nil)
        #expect(get("m=Home&a=getAppLayoutV2&page=home&cid=1", path: "/mbfun_server/other.php") == nil)
    }

    @Test func moduleAndActionNamesMatchWhateverTheCaseOfTheirLetters() throws {
        // ThinkPHP 3.2's URL_CASE_INSENSITIVE.
        let declared = try #require(get("m=Product&a=getRecommedProductList&page=0&num=3"))
        for query in ["m=product&a=getrecommedproductlist&page=0&num=3", "m=PRODUCT&a=GETRECOMMEDPRODUCTLIST&page=0&num=3"] {
            #expect(try #require(get(query)).body == declared.body)
        }
        #expect(get("m=Produc&a=getRecommedProductList") == nil)
        #expect(get("m=Product&a=getRecommedProductLis") == nil)
        #expect(get("m=Product&a=getRecommedProductListt") == nil)
        #expect(get("m=Productget&a=RecommedProductList") == nil)
    }

    @Test func aRecommendedPageIsItsSectionAroundTheStoredItemsByteForByte() throws {
        let items = try YoufanProductRepository(database: seeded.database).recommended(cid: nil, page: YoufanPage(index: 1, size: 10))
        #expect(items.count == 10)
        let section: JSON = .object([
            ("site", "0"), ("id", "56"), ("index", "1"), ("name", "精品推荐"), ("type", "2"), ("is_delete", "0"),
            ("create_time", "2016-01-14 15:32:41"), ("start_time", "2016-01-14 00:00:00"), ("end_time", "2017-01-01 23:59:59"),
            ("productList", .raw(items.json)),
        ])
        let response = try #require(get("m=Product&a=getRecommedProductList&page=1&num=10"))
        #expect(response.body == Envelope.youfan(data: section).body)
        #expect(response.headers["content-type"] == "application/json; charset=utf-8")
    }

    @Test func filterOfSeveralCodesListsEachProductsColoursInTheOrderAsked() throws {
        let first = try body(get("m=Product&a=ProductFilter&prodClsIdList=160300002"))["results"]?.arrayValue ?? []
        let second = try body(get("m=Product&a=ProductFilter&prodClsIdList=160300001"))["results"]?.arrayValue ?? []
        let both = try body(get("m=Product&a=ProductFilter&prodClsIdList=160300002,%20160300001"))
        #expect(!first.isEmpty && !second.isEmpty)
        #expect(both["results"]?.arrayValue == first + second)
        #expect(both["isSuccess"] == 1 && both["message"] == "" && both["total"]?.intValue == first.count + second.count)
        #expect(both["status"] == nil && both["data"] == nil)
    }

    @Test func productFilterFailuresAreIsSuccessZeroInTheSOAEnvelope() throws {
        for query in ["m=Product&a=ProductFilter", "m=Product&a=ProductFilter&prodClsIdList=160300001,nope"] {
            let failed = try body(get(query))
            #expect(failed["isSuccess"] == 0 && failed["total"] == 0 && failed["results"] == [], "\(query)")
            #expect(failed["message"]?.stringValue?.hasPrefix("参数错误") == true && failed["status"] == nil)
        }
    }
}
