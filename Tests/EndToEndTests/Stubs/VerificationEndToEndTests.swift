import Testing
import Wire

/// Verification over the journal: find and count by the stub matchers and `answeredBy`, and
/// the requests nothing answered.
@Suite struct VerificationEndToEndTests {
    let fixture: ControlsFixture
    var admin: StubsAdminClient { fixture.stubsAdmin }
    init() async throws { fixture = try await ControlsFixture() }

    /// A morning of app traffic: list calls, a JSON post, a Youfan form post, a stubbed call, a miss.
    func sendTraffic() async throws {
        try await admin.stub(#"{"id":"cart","request":{"action":{"m":"Cart","a":"addCart"}},"response":{"jsonBody":{"status":1,"data":[]}}}"#)
        _ = try await admin.send("GET", "/app/probe?page=1&pageSize=20", headers: ["X-Client": "ios/4.1"])
        _ = try await admin.send("GET", "/app/probe?page=2&pageSize=20", headers: ["X-Client": "android/3.2"])
        _ = try await admin.send("POST", "/app/probe", body: #"{"title":"春天","guests":[{"name":"李娜","count":2}]}"#,
                                 contentType: "application/json")
        _ = try await admin.send("POST", "/mbfun_server/index.php", body: "m=Cart&a=addCart&code=160300001&num=2",
                                 contentType: "application/x-www-form-urlencoded")
        _ = try await admin.send("GET", "/mbfun_server/index.php?m=Probe&a=getList")
        _ = try await admin.send("GET", "/app/nowhere?x=1")
    }

    @Test(arguments: [
        (#"{}"#, 6),
        (#"{"method":"GET","path":"/app/probe"}"#, 2),
        (#"{"params":{"page":{"equalTo":"2"}}}"#, 1),
        (#"{"params":{"pageSize":{"equalTo":"20"}}}"#, 2),
        (#"{"headers":{"x-client":{"matches":"ios/.*"}}}"#, 1),
        (#"{"headers":{"X-Client":{"absent":true}}}"#, 4),
        (#"{"body":{"jsonPath":"$.guests[0].name","equalTo":"李娜"}}"#, 1),
        (#"{"body":{"jsonPath":"$.guests[0].count","equalTo":2}}"#, 1),
        (#"{"body":{"contains":"code=160300001"}}"#, 1),
        (#"{"action":{"m":"cart","a":"ADDCART"},"params":{"num":{"equalTo":"2"}}}"#, 1),
        (#"{"action":{"m":"Probe","a":"getList"}}"#, 1),
        (#"{"answeredBy":"probe"}"#, 4),
        (#"{"answeredBy":"stub:"}"#, 1),
        (#"{"answeredBy":"stub:cart"}"#, 1),
        (#"{"answeredBy":"stub:car"}"#, 0),
        (#"{"answeredBy":"not-*"}"#, 1),
        (#"{"method":"POST","answeredBy":"probe"}"#, 1),
    ])
    func findAndCountAgree(_ query: String, _ expected: Int) async throws {
        try await sendTraffic()
        let found = try await admin.find(query)
        #expect(found.count == expected, "\(query)")
        #expect(try await admin.count(query) == expected, "\(query)")
    }

    @Test func foundEntriesComeNewestFirstWithWhatWasSent() async throws {
        try await sendTraffic()
        let found = try await admin.find(#"{"params":{"pageSize":{"equalTo":"20"}}}"#)
        #expect(found.map { $0["target"] } == ["/app/probe?page=2&pageSize=20", "/app/probe?page=1&pageSize=20"])
        #expect(found.first?["answeredBy"] == "probe")
        let cart = try #require(try await admin.find(#"{"answeredBy":"stub:cart"}"#).first)
        #expect(cart["body"] == "m=Cart&a=addCart&code=160300001&num=2")
        #expect(cart["method"] == "POST")
    }

    @Test func unmatchedListsOnlyTheRequestsNothingAnswered() async throws {
        #expect(try await admin.send("GET", "/__admin/requests/unmatched").json == ["requests": []])
        try await sendTraffic()
        let unmatched = try await admin.send("GET", "/__admin/requests/unmatched").json["requests"]?.arrayValue ?? []
        #expect(unmatched.map { $0["target"] } == ["/app/nowhere?x=1"])
        #expect(unmatched.first?["status"] == 404)
        _ = try await admin.send("DELETE", "/__admin/requests")
        #expect(try await admin.send("GET", "/__admin/requests/unmatched").json == ["requests": []])
    }

    @Test func maskedSecretsAreMatchedAsTheJournalKeepsThem() async throws {
        _ = try await admin.send("GET", "/app/probe?token=s3cr3t&uid=7")
        #expect(try await admin.count(#"{"params":{"token":{"equalTo":"s3cr3t"}}}"#) == 0)
        #expect(try await admin.count(#"{"params":{"token":{"equalTo":"[masked]"}},"path":"/app/probe"}"#) == 1)
        #expect(try await admin.count(#"{"params":{"uid":{"equalTo":"7"}}}"#) == 1)
    }
}
