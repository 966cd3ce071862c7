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
        ("m=Home&a=getAppLayoutV2&cid=1", "参数错误或者未定义:page"),
        ("m=Home&a=getAppLayoutV2&page=home", "参数错误或者未定义:cid"),
        ("m=Home&a=getAppLayoutV2&page=home&cid=", "参数错误或者未定义:cid"),
        ("m=Home&a=getAppLayoutV2&page=home&cid=men", "参数错误: 没有布局: page=home cid=0"),
        ("m=Home&a=getAppLayoutV2&page=home&cid=-1", "参数错误: 没有布局: page=home cid=-1"),
        ("m=Home&a=getAppLayoutV2&page=home&cid=3", "参数错误: 没有布局: page=home cid=3"),
        ("m=Home&a=getAppLayoutV2&page=mine&cid=1", "参数错误: 没有布局: page=mine cid=1"),
        ("m=Home&a=getAppHotLayout", "参数错误或者未定义:cid"),
        ("m=Home&a=getAppHotLayout&cid=9", "参数错误: 没有热门布局: cid=9"),
        ("m=BrandMb&a=getAppBrandList&pageIndex=0&pageSize=30", "参数错误或者未定义:cid"),
        ("m=Product&a=getProductDetails", "参数错误或者未定义:code"),
        ("m=Product&a=getProductDetails&code=999999999", "参数错误: 商品不存在: code=999999999"),
        ("m=Product&a=getProductConsultList&code=", "参数错误或者未定义:code"),
        ("m=Product&a=getProductConsultList&code=nope", "参数错误: 商品不存在: code=nope"),
        ("m=Comment&a=getCommentList&tid=160300001&page=0", "参数错误或者未定义:type"),
        ("m=Comment&a=getCommentList&type=2&page=0", "参数错误或者未定义:tid"),
        ("m=Comment&a=getCommentList&type=2&tid=nope&page=0", "参数错误: 商品不存在: code=nope"),
    ]

    @Test(arguments: businessErrors)
    func businessErrorIsStatusMinus100NamingTheProblem(_ example: (query: String, info: String)) throws {
        let (status, json) = try get(example.query)
        #expect(status == .ok)
        #expect(json["status"] == -100)
        #expect(json["info"]?.stringValue == example.info)
        #expect(json["data"]?.isNull == true)
        let (_, after) = try get("m=Product&a=getProductDetails&code=160300001")
        #expect(after["status"] == 1 && after["data"]?["clsInfo"]?["code"] == "160300001")
    }

    @Test func appConfigTypeDefaultsToOneAndAnUnknownTypeIsAParameterError() throws {
        let (_, absent) = try get("m=Config&a=getAppConfig", path: YoufanParameters.configPath)
        let (_, one) = try get("m=Config&a=getAppConfig&type=1", path: YoufanParameters.configPath)
        #expect(absent["status"] == 1 && absent == one)
        let (_, unknown) = try get("m=Config&a=getAppConfig&type=7", path: YoufanParameters.configPath)
        #expect(unknown["status"] == -100 && unknown["info"] == "参数错误: 没有配置: type=7")
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
