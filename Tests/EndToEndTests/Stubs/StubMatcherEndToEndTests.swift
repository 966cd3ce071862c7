import Testing
import Wire

/// Every request-matcher kind of `/__admin/stubs`, each with a request it must answer and a
/// near miss it must leave to the module behind it, sent as the apps send them.
@Suite struct StubMatcherEndToEndTests {
    /// One request as a client sends it.
    struct Call: Sendable, CustomStringConvertible {
        var method = "GET"
        var target: String
        var body: String?
        var contentType: String?
        var headers: [String: String] = [:]

        var description: String { "\(method) \(target) \(body ?? "")" }
    }

    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let matcher: String
        let hit: Call
        let miss: Call

        var description: String { name }
    }

    static let form = "application/x-www-form-urlencoded"
    static let json = "application/json"

    static let cases: [Case] = [
        Case(name: "method", matcher: #"{"method":"post","path":"/app/probe"}"#,
             hit: Call(method: "POST", target: "/app/probe"), miss: Call(target: "/app/probe")),
        Case(name: "path", matcher: #"{"path":"/app/probe/7"}"#,
             hit: Call(target: "/app/probe/7?x=1"), miss: Call(target: "/app/probe/77")),
        Case(name: "decoded path", matcher: #"{"path":"/app/probe/春 天"}"#,
             hit: Call(target: "/app/probe/%E6%98%A5%20%E5%A4%A9"), miss: Call(target: "/app/probe/%E6%98%A5")),
        Case(name: "pathPattern", matcher: #"{"pathPattern":"/app/probe/[0-9]+"}"#,
             hit: Call(target: "/app/probe/123"), miss: Call(target: "/app/probe/123/x")),
        Case(name: "action from the query, any case",
             matcher: #"{"action":{"m":"probe","a":"GETLIST"}}"#,
             hit: Call(target: "/mbfun_server/index.php?m=Probe&a=getList"),
             miss: Call(target: "/mbfun_server/index.php?m=Probe&a=getOther")),
        Case(name: "action from a POST body",
             matcher: #"{"action":{"m":"Probe","a":"save"}}"#,
             hit: Call(method: "POST", target: "/mbfun_server/index.php", body: "m=Probe&a=save&id=1", contentType: form),
             miss: Call(method: "POST", target: "/mbfun_server/index.php?m=Probe&a=save", body: "a=other", contentType: form)),
        Case(name: "param equalTo in the query", matcher: #"{"params":{"page":{"equalTo":"2"}}}"#,
             hit: Call(target: "/app/probe?page=2&size=20"), miss: Call(target: "/app/probe?page=20")),
        Case(name: "param contains in a form body", matcher: #"{"params":{"title":{"contains":"春"}}}"#,
             hit: Call(method: "POST", target: "/app/probe", body: "title=%E6%98%A5%E5%A4%A9", contentType: form),
             miss: Call(method: "POST", target: "/app/probe", body: "title=summer", contentType: form)),
        Case(name: "param matches in a JSON body", matcher: #"{"params":{"uid":{"matches":"[0-9]{3}"}}}"#,
             hit: Call(method: "POST", target: "/app/probe", body: #"{"uid":"123"}"#, contentType: json),
             miss: Call(method: "POST", target: "/app/probe", body: #"{"uid":"1234"}"#, contentType: json)),
        Case(name: "param absent", matcher: #"{"path":"/app/probe","params":{"token":{"absent":true}}}"#,
             hit: Call(target: "/app/probe?page=1"), miss: Call(target: "/app/probe?token=")),
        Case(name: "param present", matcher: #"{"path":"/app/probe","params":{"token":{"absent":false}}}"#,
             hit: Call(target: "/app/probe?token="), miss: Call(target: "/app/probe")),
        Case(name: "header, name in any case", matcher: #"{"headers":{"x-client-version":{"equalTo":"3.2.1"}}}"#,
             hit: Call(target: "/app/probe", headers: ["X-Client-Version": "3.2.1"]),
             miss: Call(target: "/app/probe", headers: ["X-Client-Version": "3.2.0"])),
        Case(name: "header matches", matcher: #"{"headers":{"User-Agent":{"matches":"Maka/.* iOS"}}}"#,
             hit: Call(target: "/app/probe", headers: ["User-Agent": "Maka/4.1 iOS"]),
             miss: Call(target: "/app/probe", headers: ["User-Agent": "Maka/4.1 Android"])),
        Case(name: "body equalTo", matcher: #"{"body":{"equalTo":"ping"}}"#,
             hit: Call(method: "POST", target: "/app/probe", body: "ping", contentType: "text/plain"),
             miss: Call(method: "POST", target: "/app/probe", body: "ping!", contentType: "text/plain")),
        Case(name: "body absent", matcher: #"{"method":"POST","body":{"absent":true}}"#,
             hit: Call(method: "POST", target: "/app/probe"),
             miss: Call(method: "POST", target: "/app/probe", body: "x", contentType: "text/plain")),
        Case(name: "jsonPath equalTo a string", matcher: #"{"body":{"jsonPath":"$.user['e-mail']","equalTo":"a@b.cn"}}"#,
             hit: Call(method: "POST", target: "/app/probe", body: #"{"user":{"e-mail":"a@b.cn"}}"#, contentType: json),
             miss: Call(method: "POST", target: "/app/probe", body: #"{"user":{"email":"a@b.cn"}}"#, contentType: json)),
        Case(name: "jsonPath equalTo a number", matcher: #"{"body":{"jsonPath":"$.items[1].count","equalTo":2}}"#,
             hit: Call(method: "POST", target: "/app/probe", body: #"{"items":[{"count":1},{"count":2.0}]}"#, contentType: json),
             miss: Call(method: "POST", target: "/app/probe", body: #"{"items":[{"count":2},{"count":3}]}"#, contentType: json)),
        Case(name: "jsonPath exists", matcher: #"{"body":{"jsonPath":"$.coupon"}}"#,
             hit: Call(method: "POST", target: "/app/probe", body: #"{"coupon":null}"#, contentType: json),
             miss: Call(method: "POST", target: "/app/probe", body: #"{"coupons":[]}"#, contentType: json)),
        Case(name: "jsonPath absent", matcher: #"{"method":"POST","body":{"jsonPath":"$.coupon","absent":true}}"#,
             hit: Call(method: "POST", target: "/app/probe", body: #"{"total":1}"#, contentType: json),
             miss: Call(method: "POST", target: "/app/probe", body: #"{"coupon":"X"}"#, contentType: json)),
        Case(name: "jsonPath matches", matcher: #"{"body":{"jsonPath":"$.title","matches":"春.*"}}"#,
             hit: Call(method: "POST", target: "/app/probe", body: #"{"title":"春天的婚礼"}"#, contentType: json),
             miss: Call(method: "POST", target: "/app/probe", body: #"{"title":"夏天 春"}"#, contentType: json)),
    ]

    @Test(arguments: cases) func aMatcherAnswersItsRequestAndLeavesTheNearMiss(_ testCase: Case) async throws {
        let fixture = try await ControlsFixture()
        let admin = fixture.stubsAdmin
        try await admin.stub(#"{"id":"m","request":\#(testCase.matcher),"response":{"status":299,"body":"stubbed"}}"#)
        let hit = try await send(testCase.hit, admin)
        #expect(hit.status == 299, "\(testCase.hit)")
        #expect(hit.text == "stubbed")
        #expect(hit.answeredBy == "stub:m")
        let miss = try await send(testCase.miss, admin)
        #expect(miss.status != 299, "\(testCase.miss)")
        #expect(miss.answeredBy != "stub:m")
        #expect(try await admin.count(#"{"answeredBy":"stub:m"}"#) == 1)
    }

    private func send(_ call: Call, _ admin: StubsAdminClient) async throws -> StubsAdminClient.Reply {
        try await admin.send(call.method, call.target, body: call.body, contentType: call.contentType, headers: call.headers)
    }

    @Test func anEmptyMatcherAnswersEveryAPIRequestButNoAdminOne() async throws {
        let fixture = try await ControlsFixture()
        let admin = fixture.stubsAdmin
        try await admin.stub(#"{"id":"all","request":{},"response":{"status":503,"headers":{"Retry-After":"1","Set-Cookie":["a=1","b=2"]},"jsonBody":{"code":503}}}"#)
        for target in ["/app/probe", "/nowhere", "/mbfun_server/index.php?m=Probe&a=x"] {
            let reply = try await admin.send("GET", target)
            #expect(reply.status == 503)
            #expect(reply.json == ["code": 503])
            #expect(reply.header("Retry-After") == "1")
            #expect(reply.header("Content-Type") == "application/json; charset=utf-8")
        }
        #expect(try await admin.send("GET", "/__admin/health").status == 200)
        #expect(try await admin.stubs().count == 1)
    }
}
