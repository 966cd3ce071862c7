import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
import Wire

/// The launch configuration the official app fetches before anything else
/// (`Wefafa/AppDelegate.m`: a GET of `CONFIG_SERVER_URL` with `idfa`, `data.config` handed to
/// `setRemoteConfig:`, which ignores fewer than ten keys and reads every key as text): its server
/// addresses name this server as the app reached it, so the app's next calls come back here.
@Suite struct YoufanOfficialLaunchConfigTests {
    let app: YoufanOfficialApp

    init() async throws { app = try await YoufanOfficialApp.onSharedServer() }

    func config() async throws -> [(key: String, value: JSON)] {
        let url = app.baseURL + "/mbfun_config_server/index.php?m=Config&a=getNewServerConfig&type=1"
            + "&idfa=6D92078A-8246-4BA4-AE5B-76104861E7DC"
        let answer = try await app.send(URLRequest(url: URL(string: url)!))
        #expect(answer.httpStatus == 200)
        return try #require(answer.data?["config"]?.objectValue)
    }

    @Test func everyKeyTheAppAssignsIsTextAndThereAreAtLeastTen() async throws {
        let members = try await config()
        #expect(members.count >= 10, "setRemoteConfig: ignores fewer than ten keys")
        #expect(members.allSatisfy { $0.value.stringValue != nil }, "every global is an NSString")
        let keys = Set(members.map(\.key))
        for key in ["DEFAULT_SERVER", "MBSoaServer", "MAIN_SERVICE_SOA_URL", "PHP_SERVER", "PHP_SERVER_CONFIG_URLS",
                    "CONFIG_URL", "SIGN_KEY", "WX_BEFORE_PAY_URL", "MBFUN_CHAT_SERVER", "U_ORDER_RETURN_OPEN"] {
            #expect(keys.contains(key), "\(key) is assigned from the configuration, nil when left out")
        }
    }

    @Test func theServerAddressesBringTheAppBackHere() async throws {
        let members = try await config()
        func value(_ key: String) -> String { members.first { $0.key == key }?.value.stringValue ?? "" }
        #expect(value("PHP_SERVER") == app.baseURL + "/mbfun_server/index.php")
        #expect(value("MBSoaServer") == app.baseURL)
        #expect(value("MAIN_SERVICE_SOA_URL") == app.baseURL + "/CallCenter/InvokeSecurity.ashx?")
        #expect(value("WX_BEFORE_PAY_URL") == app.baseURL + "/WxPrePayFlowCreate?format=json")
        #expect(value("MBFUN_CHAT_SERVER") == "127.0.0.1")

        // The app's next call goes to PHP_SERVER with m and a, and is answered here.
        let home = try await app.send(URLRequest(url: URL(string: value("PHP_SERVER") + "?m=Product&a=getRecommedProductList&page=1&num=2")!))
        #expect(home.status == 1)
        // The key the app signs logins with (md5(account-SIGN_KEY-id)), as this server checks them.
        #expect(value("SIGN_KEY") == "7def8c7b4f8b6cbefbdd8bc13d1441d3")
    }

    /// HTTP/1.0 may leave out `Host`: there is then no address to hand back, and the answer says so.
    @Test func withoutAHostTheAnswerSaysWhy() async throws {
        let port = try #require(URL(string: app.baseURL)?.port)
        let raw = "GET /mbfun_config_server/index.php?m=Config&a=getNewServerConfig&type=1 HTTP/1.0\r\n\r\n"
        let answer = try await RawHTTPClient.exchangeUntilClose(raw, port: port)
        #expect(answer.status == 200)
        let body = try JSON.parse(answer.body)
        #expect(body["status"] == -100)
        #expect(body["info"] == "参数错误: 请求没有 Host")
        #expect(try await config().count >= 10, "the next request with a Host is answered")
    }
}
