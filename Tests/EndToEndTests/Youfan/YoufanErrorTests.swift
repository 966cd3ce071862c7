import Wire
import APIRoutes
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TestSupport

/// Every kind of wrong Youfan call over real sockets: what the client sees (HTTP status, the
/// envelope's status and info), and that the server keeps serving the same data afterwards.
@Suite struct YoufanErrorTests {
    static let shared = YoufanTestServer.forSuite()
    let server: YoufanTestServer
    let app: YoufanAppClient

    init() async throws {
        server = try await Self.shared.value
        app = YoufanAppClient(baseURL: server.baseURL, platform: .iOS)
    }

    /// A few answers that must not change whatever errors came before.
    func snapshot() async throws -> [JSON] {
        [try await app.call("Home", "getAppLayoutV2", [("page", "home"), ("cid", "1")]).json,
         try await app.call("BrandMb", "getAppBrandList", [("cid", "2"), ("pageIndex", "1"), ("pageSize", "30")]).json,
         try await app.call("Product", "getProductDetails", [("code", "160300001")]).json]
    }

    /// WIRE.md §1.4.11: HTTP 200 and status -100, the "参数错误" MB's transport treats as an error.
    @Test func businessErrorsAreStatusMinus100AndChangeNothing() async throws {
        let before = try await snapshot()
        let cases: [(String, String, [(String, String)], String)] = [
            ("Home", "getAppLayoutV2", [("page", "home")], "参数错误或者未定义:cid"),
            ("Home", "getAppLayoutV2", [("page", "home"), ("cid", "abc")], "参数错误: 没有布局: page=home cid=0"),
            ("Product", "getProductDetails", [("code", "404404404")], "参数错误: 商品不存在: code=404404404"),
            ("Product", "getProductDetails", [], "参数错误或者未定义:code"),
            ("Comment", "getCommentList", [("type", "2"), ("page", "0")], "参数错误或者未定义:tid"),
        ]
        for (module, action, parameters, info) in cases {
            for post in [false, true] {
                let answer = try await app.call(module, action, parameters, post: post)
                #expect(answer.httpStatus == 200 && answer.status == -100 && answer.info == info, "\(action) \(parameters)")
                #expect(answer.data?.isNull == true && answer.contentType == "application/json; charset=utf-8")
            }
        }
        let noModule = try await app.call("", "getAppLayoutV2", [("page", "home"), ("cid", "1")])
        #expect(noModule.httpStatus == 404 && noModule.status == 0 && noModule.data?.isNull == true)
        #expect(try await snapshot() == before)
    }

    @Test func pagesPastTheEndAreEmptyWithStatusOne() async throws {
        for (module, action, parameters) in [
            ("BrandMb", "getAppBrandList", [("cid", "4"), ("pageIndex", "99"), ("pageSize", "30")]),
            ("Product", "getRecommedProductList", [("cid", "1"), ("page", "9223372036854775807")]),
            ("Comment", "getCommentList", [("type", "2"), ("tid", "160300002"), ("page", "5")]),
            ("Collocation", "getCollocationListByUserType", [("userType", "2"), ("page", "3"), ("num", "10")]),
        ] {
            let answer = try await app.call(module, action, parameters)
            #expect(answer.httpStatus == 200 && answer.status == 1 && answer.list.isEmpty, "\(action)")
            #expect(answer.data?.arrayValue != nil || answer.data?["productList"] == [], "\(action)")
        }
        let specials = try await app.call("Special", "getSpecialListForInsp", [("pageIndex", "14"), ("PageSize", "10")])
        #expect(specials.status == 1 && specials.data?["list"] == [] && specials.data?["total"] == "121")
    }

    @Test func unknownActionIs404InTheYoufanEnvelopeUnlessCaptured() async throws {
        let unknown = try await app.call("Search", "getHotWords", [("cid", "1")])
        #expect(unknown.httpStatus == 404 && unknown.status == 0 && unknown.data?.isNull == true)
        #expect(unknown.info?.contains("/mbfun_server/index.php") == true)
        #expect(unknown.contentType == "application/json; charset=utf-8")

        let capture = #"""
            {"request":{"method":"GET","url":"http://api.funwear.com/mbfun_server/index.php?m=Search&a=getHotWordsV2&cid=2&deviceId=AAA&token="},
             "response":{"status":200,"body":{"status":1,"info":"","data":[{"word":"连衣裙","sort":"1"},{"word":"小白鞋","sort":"2"}]}}}
            """#
        _ = try server.importer.importDocument(Array(capture.utf8), name: "hot-words.json")
        let replayed = try await YoufanAppClient(baseURL: server.baseURL, platform: .android)
            .call("Search", "getHotWordsV2", [("cid", "2")])
        #expect(replayed.httpStatus == 200 && replayed.status == 1 && replayed.list.first?["word"] == "连衣裙")
        let otherChannel = try await app.call("Search", "getHotWordsV2", [("cid", "1")])
        #expect(otherChannel.httpStatus == 404 && otherChannel.info?.contains("cid") == true)
    }

    @Test func badParameterEncodingIs400InTheYoufanEnvelope() async throws {
        for target in ["/mbfun_server/index.php?m=Home&a=getAppLayoutV2&page=home&cid=%E4%B",
                       "/mbfun_server/index.php?m=Home&a=getAppLayoutV2&page=%FF%FE&cid=1",
                       "/mbfun_config_server/index.php?m=Config&a=getAppConfig&type=%zz"] {
            let response = try await RawHTTPClient.exchangeUntilClose("GET \(target) HTTP/1.1\r\nHost: api.funwear.com\r\nConnection: close\r\n\r\n",
                                                                port: server.port)
            let json = try JSON.parse(response.body)
            #expect(response.status == 400 && json["status"] == 0 && json["data"]?.isNull == true, "\(target)")
            #expect(response.headers["content-type"] == "application/json; charset=utf-8")
        }
        let body = #"{"m":"Home","a":"getAppLayoutV2","cid":"#
        let badJSON = try await RawHTTPClient.exchangeUntilClose("POST /mbfun_server/index.php HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                                                           + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)",
                                                           port: server.port)
        let badJSONBody = try JSON.parse(badJSON.body)
        #expect(badJSON.status == 400 && badJSONBody["status"] == 0)
        let after = try await RawHTTPClient.exchangeUntilClose("GET /mbfun_server/index.php?m=Home&a=getAppHotLayout&cid=2 HTTP/1.1\r\nHost: x\r\n"
                                                         + "Connection: close\r\n\r\n", port: server.port)
        let afterBody = try JSON.parse(after.body)
        #expect(after.status == 200 && afterBody["status"] == 1)
    }

    @Test func jsonBodyHeadAndOtherMethods() async throws {
        let get = try await RawHTTPClient.exchangeUntilClose("GET /mbfun_server/index.php?m=Product&a=getProductConsultList&code=160300002 HTTP/1.1\r\n"
                                                       + "Host: x\r\nConnection: close\r\n\r\n", port: server.port)
        let body = #"{"m":"Product","a":"getProductConsultList","code":"160300002","osName":"iOS"}"#
        let post = try await RawHTTPClient.exchangeUntilClose("POST /mbfun_server/index.php HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                                                        + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)",
                                                        port: server.port)
        #expect(get.status == 200 && post.status == 200 && post.body == get.body && !get.body.isEmpty)

        let head = try await RawHTTPClient.exchangeUntilClose("HEAD /mbfun_server/index.php?m=Product&a=getProductConsultList&code=160300002 HTTP/1.1\r\n"
                                                        + "Host: x\r\nConnection: close\r\n\r\n", port: server.port)
        #expect(head.status == 200 && head.body.isEmpty && head.headers["content-length"] == String(get.body.count))

        let delete = try await RawHTTPClient.exchangeUntilClose("DELETE /mbfun_server/index.php?m=Product&a=getProductConsultList&code=160300002 HTTP/1.1\r\n"
                                                          + "Host: x\r\nConnection: close\r\n\r\n", port: server.port)
        #expect(delete.status == 405 && delete.headers["allow"] == "GET, HEAD, POST")
        #expect(try JSON.parse(delete.body)["status"] == 0)
    }
}
