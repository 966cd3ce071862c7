import APIRoutes
import HTTPServer
import Store
import Testing
import Wire
import TestSupport

/// Where parameters come from and what they may not change.
@Suite struct YoufanModuleParameterTests {
    let module: YoufanModule
    let path = YoufanParameters.shopPath

    init() async throws { module = YoufanModule(database: try await YoufanSeededDatabase.shared.value.database) }

    func get(_ query: String) throws -> [UInt8] {
        try #require(module.handle(HTTPRequest(method: .GET, target: "\(path)?\(query)", path: path, query: query))).body
    }

    func post(_ body: String, contentType: String, query: String? = nil) throws -> [UInt8] {
        let target = query.map { "\(path)?\($0)" } ?? path
        return try #require(module.handle(HTTPRequest(method: .POST, target: target, path: path, query: query,
                                                      headers: ["Content-Type": contentType], body: Array(body.utf8)))).body
    }

    @Test func volatileParametersNeverChangeTheAnswer() throws {
        let plain = try get("m=BrandMb&a=getAppBrandList&cid=1&pageIndex=1&pageSize=30")
        let iOS = try get("m=BrandMb&a=getAppBrandList&cid=1&pageIndex=1&pageSize=30&_platform=iphone&appName=youfan"
                          + "&deviceId=4F9A2C1E&osCode=93&osName=iOS&osVersion=9.3.2&token=abc&idfa=X")
        let android = try get("source=android&version=3.2.1&osName=Android&deviceCode=8675&osVersion=6.0.1&osMode=MI%205"
                              + "&token=&m=BrandMb&a=getAppBrandList&cid=1&pageIndex=1&pageSize=30")
        #expect(plain == iOS && plain == android)
        #expect(try JSON.parse(plain)["data"]?.arrayValue?.count == 1)
    }

    @Test func postBodiesAnswerLikeTheGet() throws {
        let expected = try get("m=Comment&a=getCommentList&type=2&tid=160300004&page=1")
        #expect(try post("m=Comment&a=getCommentList&type=2&tid=160300004&page=1",
                         contentType: "application/x-www-form-urlencoded") == expected)
        #expect(try post(#"{"m":"Comment","a":"getCommentList","type":2,"tid":"160300004","page":1}"#,
                         contentType: "application/json") == expected)
        #expect(try post("type=2&tid=160300004&page=1", contentType: "application/x-www-form-urlencoded",
                         query: "m=Comment&a=getCommentList") == expected)
        #expect(try post("page=1", contentType: "application/x-www-form-urlencoded",
                         query: "m=Comment&a=getCommentList&type=2&tid=160300004&page=0") == expected)  // body wins
    }

    @Test func unparsableJSONBodyIsHTTP400() throws {
        let response = try #require(module.handle(HTTPRequest(
            method: .POST, target: path, path: path, headers: ["Content-Type": "application/json"], body: Array("{\"m\":".utf8))))
        #expect(response.status == .badRequest)
        #expect(try JSON.parse(response.body)["status"] == 0)
    }
}
