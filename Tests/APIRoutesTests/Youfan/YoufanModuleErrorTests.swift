import APIRoutes
import HTTPServer
import Store
import Testing
import Wire
import TestSupport

/// Every way a Youfan call can be wrong, called on the module directly: the HTTP status, the
/// envelope's `info`, and that the data is still served afterwards.
@Suite struct YoufanModuleErrorTests {
    let module: YoufanModule

    init() async throws { module = YoufanModule(database: try await YoufanSeededDatabase.shared.value.database) }

    func get(_ query: String, path: String = YoufanParameters.shopPath) throws -> (HTTPStatus, JSON) {
        let response = try #require(module.handle(HTTPRequest(method: .GET, target: "\(path)?\(query)", path: path, query: query)))
        return (response.status, try JSON.parse(response.body))
    }

    static let businessErrors: [(query: String, info: String)] = [
        ("m=Home&a=getAppLayoutV2&cid=1", "缺少参数: page"),
        ("m=Home&a=getAppLayoutV2&page=home", "缺少参数: cid"),
        ("m=Home&a=getAppLayoutV2&page=home&cid=", "缺少参数: cid"),
        ("m=Home&a=getAppLayoutV2&page=home&cid=men", "参数无效: cid=men (频道编号: 1 男士, 2 女士, 4 生活)"),
        ("m=Home&a=getAppLayoutV2&page=home&cid=-1", "参数无效: cid=-1 (频道编号: 1 男士, 2 女士, 4 生活)"),
        ("m=Home&a=getAppLayoutV2&page=home&cid=3", "没有布局: page=home cid=3"),
        ("m=Home&a=getAppLayoutV2&page=mine&cid=1", "没有布局: page=mine cid=1"),
        ("m=Home&a=getAppHotLayout", "缺少参数: cid"),
        ("m=Home&a=getAppHotLayout&cid=9", "没有热门布局: cid=9"),
        ("m=Category&a=getCategoryList&cid=1.5", "参数无效: cid=1.5 (频道编号: 1 男士, 2 女士, 4 生活)"),
        ("m=BrandMb&a=getAppBrandList&pageIndex=0&pageSize=30", "缺少参数: cid"),
        ("m=BrandMb&a=getAppBrandList&cid=1&pageIndex=-1&pageSize=30", "参数无效: pageIndex=-1 (从 0 开始的页码)"),
        ("m=BrandMb&a=getAppBrandList&cid=1&pageIndex=one&pageSize=30", "参数无效: pageIndex=one (从 0 开始的页码)"),
        ("m=BrandMb&a=getAppBrandList&cid=1&pageIndex=0&pageSize=0", "参数无效: pageSize=0 (每页条数 1–100)"),
        ("m=BrandMb&a=getAppBrandList&cid=1&pageIndex=0&pageSize=101", "参数无效: pageSize=101 (每页条数 1–100)"),
        ("m=Product&a=getRecommedProductList&page=0", "缺少参数: cid"),
        ("m=Product&a=getRecommedProductList&page=x&cid=1", "参数无效: page=x (从 0 开始的页码)"),
        ("m=Product&a=getProductDetails", "缺少参数: code"),
        ("m=Product&a=getProductDetails&code=999999999", "商品不存在: code=999999999"),
        ("m=Product&a=getProductConsultList&code=", "缺少参数: code"),
        ("m=Product&a=getProductConsultList&code=nope", "商品不存在: code=nope"),
        ("m=Product&a=ProductFilter", "缺少参数: prodClsIdList"),
        ("m=Product&a=ProductFilter&prodClsIdList=,%20,", "缺少参数: prodClsIdList"),
        ("m=Product&a=ProductFilter&prodClsIdList=160300001,nope", "商品不存在: code=nope"),
        ("m=Comment&a=getCommentList&tid=160300001&page=0", "缺少参数: type"),
        ("m=Comment&a=getCommentList&type=2&page=0", "缺少参数: tid"),
        ("m=Comment&a=getCommentList&type=2&tid=nope&page=0", "商品不存在: code=nope"),
        ("m=Comment&a=getCommentList&type=2&tid=160300001&page=-3", "参数无效: page=-3 (从 0 开始的页码)"),
        ("m=Collocation&a=getCollocationListByUserType&page=0&num=10", "缺少参数: userType"),
        ("m=Collocation&a=getCollocationListByUserType&userType=1&page=0&num=500", "参数无效: num=500 (每页条数 1–100)"),
        ("m=Special&a=getSpecialListForInsp&pageIndex=0&PageSize=10&aid=99", "栏目不存在: aid=99"),
        ("m=Special&a=getSpecialListForInsp&pageIndex=0&PageSize=ten", "参数无效: PageSize=ten (每页条数 1–100)"),
    ]

    @Test(arguments: businessErrors)
    func businessErrorIsStatusZeroNamingTheProblem(_ example: (query: String, info: String)) throws {
        let (status, json) = try get(example.query)
        #expect(status == .ok)
        #expect(json["status"] == 0)
        #expect(json["info"]?.stringValue == example.info)
        #expect(json["data"]?.isNull == true)
        let (_, after) = try get("m=Product&a=getProductDetails&code=160300001")
        #expect(after["status"] == 1 && after["data"]?["clsInfo"]?["code"] == "160300001")
    }

    @Test func appConfigNeedsItsType() throws {
        let (_, missing) = try get("m=Config&a=getAppConfig", path: YoufanParameters.configPath)
        #expect(missing["status"] == 0 && missing["info"] == "缺少参数: type")
        let (_, unknown) = try get("m=Config&a=getAppConfig&type=7", path: YoufanParameters.configPath)
        #expect(unknown["status"] == 0 && unknown["info"] == "没有配置: type=7")
    }

    @Test func badPercentEncodingIsHTTP400InTheYoufanEnvelope() throws {
        let (status, json) = try get("m=Home&a=getAppLayoutV2&page=home&cid=%E4%B")
        #expect(status == .badRequest)
        #expect(json["status"] == 0)
        #expect(json["info"]?.stringValue?.hasPrefix("参数编码错误") == true)
    }

    @Test func otherMethodsOnAKnownActionAre405WithAllow() throws {
        let query = "m=Home&a=getAppLayoutV2&page=home&cid=1"
        let path = YoufanParameters.shopPath
        let response = try #require(module.handle(HTTPRequest(method: .DELETE, target: "\(path)?\(query)", path: path, query: query)))
        #expect(response.status == .methodNotAllowed)
        #expect(response.headers["allow"] == "GET, HEAD, POST")
        #expect(try JSON.parse(response.body)["status"] == 0)
    }

    @Test func moduleAndActionNamesAreCaseInsensitiveLikeThinkPHP() throws {
        let (_, lower) = try get("m=home&a=getapplayoutv2&page=home&cid=4")
        let (_, exact) = try get("m=Home&a=getAppLayoutV2&page=home&cid=4")
        #expect(lower["status"] == 1 && lower == exact)
    }
}
