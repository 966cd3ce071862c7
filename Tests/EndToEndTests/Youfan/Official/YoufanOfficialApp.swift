import Crypto
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Wire

/// The official 有范 iOS app's transport (WIRE.md §3.1, MB `Unico/SData/SDataCache.m`), over
/// URLSession: `quickGet` is a GET of `SERVER_URL?m=…&a=…` plus `_platform=1` and `token`;
/// `quickPost` posts a form that repeats `m` and `a` to `SERVER_URL?m=…&a=…`. Array and
/// dictionary parameters travel as JSON text (MB `MBHttp/HttpBase/MBHttpClient.m`).
struct YoufanOfficialApp: Sendable {
    static let serverPath = "/mbfun_server/index.php"
    /// The app's built-in SIGN_KEY (MB `ModelBase.m`).
    static let signKey = "7def8c7b4f8b6cbefbdd8bc13d1441d3"

    let baseURL: String
    var token = ""

    /// A signed-out app on the seeded server the Youfan suites share (`YoufanTestServer.forSuite`).
    static func onSharedServer() async throws -> YoufanOfficialApp {
        YoufanOfficialApp(baseURL: try await YoufanTestServer.forSuite().value.baseURL)
    }

    /// `md5(account-SIGN_KEY-userID)` in lower-case hex, as `User/login` is signed.
    static func sign(account: String, userID: String) -> String {
        Insecure.MD5.hash(data: Data("\(account)-\(signKey)-\(userID)".utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// Signs in as `userID` the way the app does after its SOA login; the answer's token is
    /// used by every later call of the returned client.
    func signedIn(userID: String, nickName: String) async throws -> YoufanOfficialApp {
        let account = "139\(userID)"
        let record = #"{"id":"\#(userID)","nickName":"\#(nickName)","headPortrait":"http://img.funwear.com/avatar/\#(userID).jpg","phoneNumber":"\#(account)"}"#
        let answer = try await get("User", "login", [("account", account), ("pwd", "MTIzNDU2"), ("json", record),
                                                     ("sign", Self.sign(account: account, userID: userID))])
        guard answer.json["status"]?.intValue == 1, let token = answer.json["data"]?.stringValue else {
            throw YoufanAppClient.Failure(description: "login failed: \(answer.json.encodedString())")
        }
        var client = self
        client.token = token
        return client
    }

    func get(_ module: String, _ action: String, _ parameters: [(String, String)] = []) async throws -> YoufanAppClient.Answer {
        let query = Self.encoded([("m", module), ("a", action)] + parameters + [("_platform", "1"), ("token", token)])
        return try await send(URLRequest(url: URL(string: baseURL + Self.serverPath + "?" + query)!))
    }

    func post(_ module: String, _ action: String, _ parameters: [(String, String)] = []) async throws -> YoufanAppClient.Answer {
        var request = URLRequest(url: URL(string: baseURL + Self.serverPath + "?" + Self.encoded([("m", module), ("a", action)]))!)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(Self.encoded([("m", module), ("a", action)] + parameters + [("_platform", "1"), ("token", token)]).utf8)
        return try await send(request)
    }

    /// A form POST as `MBHttpClient mbPostRequestPath` hands it to `quickPost` (the fitting-room
    /// booking): `m` and `a` in the URL and the form, and neither `_platform` nor `token`, whose
    /// lines `quickPost` has commented out.
    func postWithoutToken(_ module: String, _ action: String, _ parameters: [(String, String)]) async throws -> YoufanAppClient.Answer {
        var request = URLRequest(url: URL(string: baseURL + Self.serverPath + "?" + Self.encoded([("m", module), ("a", action)]))!)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(Self.encoded(parameters + [("m", module), ("a", action)]).utf8)
        return try await send(request)
    }

    /// A form POST to the SOA gateway (`MBHttpClient`'s AFNetworking POST), answered as its
    /// HTTP status and text: a refusal is not JSON (`MBSOA-CallCenter-Error:{…}`).
    func gatewayText(_ path: String, _ form: [(String, String)]) async throws -> (status: Int, text: String) {
        var request = URLRequest(url: URL(string: baseURL + path)!)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(Self.encoded(form).utf8)
        request.timeoutInterval = 30
        let (body, response) = try await LoopbackURLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: body, as: UTF8.self))
    }

    /// A new SOA access token, asked for as the app does before its first gateway call.
    func accessToken() async throws -> String {
        let answer = try await gatewayText("/CallCenter/OAuth/AccessToken.ashx", [("AppId", "ios-zxs"), ("Secret", "secret")])
        guard answer.status == 200, let token = try JSON.parse(Array(answer.text.utf8))["access_token"]?.stringValue, !token.isEmpty else {
            throw YoufanAppClient.Failure(description: "no access token: \(answer.text)")
        }
        return token
    }

    /// A raw request to any path of the server (the SOA gateway).
    func send(_ request: URLRequest) async throws -> YoufanAppClient.Answer {
        var request = request
        request.timeoutInterval = 30
        let (body, response) = try await LoopbackURLSession.shared.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw YoufanAppClient.Failure(description: "not HTTP") }
        return YoufanAppClient.Answer(httpStatus: http.statusCode, contentType: http.value(forHTTPHeaderField: "Content-Type"),
                                      json: try JSON.parse([UInt8](body)))
    }

    /// Form encoding as AFNetworking writes it: everything but unreserved characters escaped.
    static func encoded(_ pairs: [(String, String)]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return pairs.map { "\($0.0.addingPercentEncoding(withAllowedCharacters: allowed)!)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed)!)" }
            .joined(separator: "&")
    }
}
