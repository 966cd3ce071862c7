import HTTPServer
import Testing
import Wire
@testable import APIRoutes

/// ThinkPHP 3.2 on PHP read request parameters in its own way (WIRE.md §1.4); the clients rely on
/// it. One test per quirk, each sending what a client sends.
@Suite struct YoufanThinkPHPRequestTests {
    let module: YoufanModule
    let path = YoufanParameters.shopPath

    init() async throws { module = YoufanModule(database: try await YoufanSeededDatabase.shared.value.database) }

    func get(_ query: String) throws -> JSON {
        try JSON.parse(try #require(module.handle(HTTPRequest(method: .GET, target: "\(path)?\(query)", path: path, query: query))).body)
    }

    func post(_ body: String, query: String) throws -> JSON {
        let request = HTTPRequest(method: .POST, target: "\(path)?\(query)", path: path, query: query,
                                  headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Array(body.utf8))
        return try JSON.parse(try #require(module.handle(request)).body)
    }

    @Test func theLastOfARepeatedNameWins() throws {
        // TK `fragment/PurchaseFragment.java` joins two URL fragments: `cid` (and others) twice.
        let twice = try get("m=BrandMb&a=getAppBrandList&cid=2&osCode=android&pageIndex=0&pageSize=45&cid=1&osCode=android")
        let men = try get("m=BrandMb&a=getAppBrandList&cid=1&pageIndex=0&pageSize=45")
        let women = try get("m=BrandMb&a=getAppBrandList&cid=2&pageIndex=0&pageSize=45")
        #expect(twice["status"] == 1 && twice == men && twice != women)
    }

    @Test func aPostsBodyWinsOverItsQueryString() throws {
        let posted = try post("cid=2&pageIndex=0", query: "m=BrandMb&a=getAppBrandList&cid=1&pageIndex=1")
        #expect(posted == (try get("m=BrandMb&a=getAppBrandList&cid=2&pageIndex=0")))
    }

    @Test func aGetsBodyIsNotRead() throws {
        let query = "m=BrandMb&a=getAppBrandList&cid=1&pageIndex=0"
        let request = HTTPRequest(method: .GET, target: "\(path)?\(query)", path: path, query: query,
                                  headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Array("cid=2".utf8))
        #expect(try JSON.parse(try #require(module.handle(request)).body) == (try get(query)))
    }

    @Test func namesAreNormalisedAsPHPRegistersThem() throws {
        // TK `utils/UrlContants.java` LG_6 and SP `utils/Constants.java` LG_6: `…&pageIndex=1& aid=…`.
        let spaced = try get("m=Special&a=getSpecialListForInsp&osCode=android&cid=4&pageIndex=1&%20aid=2245")
        let plain = try get("m=Special&a=getSpecialListForInsp&osCode=android&cid=4&pageIndex=1&aid=2245")
        let everyTab = try get("m=Special&a=getSpecialListForInsp&osCode=android&cid=4&pageIndex=1")
        #expect(spaced["status"] == 1 && spaced == plain && spaced != everyTab)
        #expect(PHPParameterName.normalised("  aid") == "aid")
        #expect(PHPParameterName.normalised("page Size") == "page_Size")
        #expect(PHPParameterName.normalised("a.b c") == "a_b_c")
        #expect(PHPParameterName.normalised("pageIndex") == "pageIndex")
    }

    @Test func numbersAreReadWithIntval() throws {
        // TK LG_4 and SP LG_4 send the literal `pageIndex=1 &aid=95`: the space rides along.
        let trailingSpace = try get("m=Special&a=getSpecialListForInsp&osCode=android&cid=4&pageIndex=1%20&aid=2245")
        #expect(trailingSpace == (try get("m=Special&a=getSpecialListForInsp&osCode=android&cid=4&pageIndex=1&aid=2245")))
        #expect(try get("m=Category&a=getCategoryList&cid=1.5") == (try get("m=Category&a=getCategoryList&cid=1")))
        let firstBrands = try get("m=BrandMb&a=getAppBrandList&cid=1&pageIndex=0&pageSize=30")
        for index in ["null", "-1", "", "x"] {
            #expect(try get("m=BrandMb&a=getAppBrandList&cid=1&pageIndex=\(index)&pageSize=30") == firstBrands, "\(index)")
        }
        // GF `utils/UrlUtils.java` INDEX_PATH sends `cid=null`: channel 0, which has no layout.
        let nullChannel = try get("m=Home&a=getAppLayoutV2&page=home&cid=null")
        #expect(nullChannel["status"] == -100 && nullChannel["info"] == "参数错误: 没有布局: page=home cid=0")
        let cases: [(String, Int)] = [("1 ", 1), (" 12abc", 12), ("null", 0), ("", 0), ("1.5", 1), ("-3", -3), ("+7", 7),
                                      ("99999999999999999999", Int.max), ("-99999999999999999999", Int.min)]
        for (text, value) in cases { #expect(PHPInteger.intval(text) == value, "\(text)") }
    }

    @Test func pageSizesOutOfRangeAreServedNotRejected() throws {
        let none = try get("m=BrandMb&a=getAppBrandList&cid=2&pageIndex=0")
        #expect(none["data"]?.arrayValue?.count == 30)
        #expect(try get("m=BrandMb&a=getAppBrandList&cid=2&pageIndex=0&pageSize=0") == none)
        #expect(try get("m=BrandMb&a=getAppBrandList&cid=2&pageIndex=0&pageSize=ten") == none)
        #expect(try get("m=BrandMb&a=getAppBrandList&cid=2&pageIndex=0&pageSize=500")["data"]?.arrayValue?.count == 35)
    }

    @Test func absentOptionalParametersTakeThePHPDefaults() throws {
        // HC `Models/Apis/HCGetCollocationListByUserTypeApi.m` sends no userType: PHP's default is 1.
        let noType = try get("m=Collocation&a=getCollocationListByUserType&page=0")
        let typeOne = try get("m=Collocation&a=getCollocationListByUserType&userType=1&page=0")
        #expect(noType["status"] == 1 && noType == typeOne)
        #expect(noType["data"]?.arrayValue?.isEmpty == false)
    }

    @Test func parameterNameVariantsAllWork() throws {
        // HC sends `PageSize` to the specials; others `pageSize`.
        let upper = try get("m=Special&a=getSpecialListForInsp&pageIndex=1&PageSize=4")
        #expect(upper["data"]?["list"]?.arrayValue?.count == 4)
        #expect(upper == (try get("m=Special&a=getSpecialListForInsp&pageIndex=1&pageSize=4")))
        let brands = try get("m=BrandMb&a=getAppBrandList&cid=1&pageIndex=0&PageSize=5")
        #expect(brands["data"]?.arrayValue?.count == 5)
    }

    @Test func specialsPagesCountFromOneAndZeroIsTheFirstPage() throws {
        // HC starts at pageIndex=1, TK's LG_1 at 0: both are the first page.
        let zero = try get("m=Special&a=getSpecialListForInsp&osCode=android&cid=4&pageIndex=0")
        let one = try get("m=Special&a=getSpecialListForInsp&osCode=android&cid=4&pageIndex=1")
        let two = try get("m=Special&a=getSpecialListForInsp&osCode=android&cid=4&pageIndex=2")
        #expect(zero == one && one != two && two["data"]?["list"]?.arrayValue?.isEmpty == false)
    }

    @Test func aTabWithNothingInItIsAnEmptyList() throws {
        let empty = try get("m=Special&a=getSpecialListForInsp&pageIndex=1&aid=77")
        #expect(empty["status"] == 1 && empty["data"]?["list"] == [] && empty["data"]?["total"] == "0")
    }
}
