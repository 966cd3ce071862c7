import Testing
import TestSupport
import Wire

/// Stubs over their life: created, listed, replaced, deleted; `times`; scenarios; which of
/// several matching stubs answers; precedence over the module and captures; reset.
@Suite struct StubLifecycleEndToEndTests {
    let fixture: ControlsFixture
    var admin: StubsAdminClient { fixture.stubsAdmin }
    init() async throws { fixture = try await ControlsFixture() }

    @Test func aStubIsStoredListedReplacedAndDeleted() async throws {
        let created = try await admin.stub(#"{"name":"slow probe","request":{"path":"/app/probe"},"response":{"status":202,"body":"one"}}"#)
        let id = try #require(created["id"]?.stringValue)
        #expect(id.count == 36)
        #expect(created["priority"] == 5)
        #expect(created["persistent"] == false)
        #expect(created["name"] == "slow probe")
        #expect(try await admin.send("GET", "/__admin/stubs/\(id)").json["request"] == ["path": "/app/probe"])
        #expect(try await admin.send("GET", "/app/probe").text == "one")

        let replaced = try await admin.send("PUT", "/__admin/stubs/\(id)",
                                            body: #"{"request":{"path":"/app/probe"},"response":{"status":202,"body":"two"}}"#)
        #expect(replaced.status == 200)
        #expect(replaced.json["id"]?.stringValue == id)
        #expect(try await admin.send("GET", "/app/probe").text == "two")
        #expect(try await admin.stubs().count == 1)

        let duplicate = try await admin.send("POST", "/__admin/stubs", body: #"{"id":"\#(id)","request":{},"response":{}}"#)
        #expect(duplicate.status == 409)
        #expect(duplicate.message == "a stub with id \"\(id)\" exists; PUT /__admin/stubs/\(id) replaces it")

        #expect(try await admin.send("DELETE", "/__admin/stubs/\(id)").json == ["deleted": 1])
        #expect(try await admin.send("GET", "/app/probe").answeredBy == "probe")
        let gone = try await admin.send("GET", "/__admin/stubs/\(id)")
        #expect(gone.status == 404)
        #expect(gone.message == "no stub \"\(id)\"; GET /__admin/stubs lists them")
        #expect(try await admin.send("PUT", "/__admin/stubs/nope", body: #"{"request":{},"response":{}}"#).status == 404)
        #expect(try await admin.send("DELETE", "/__admin/stubs/nope").status == 404)
    }

    @Test func deleteAllRemovesEveryStub() async throws {
        try await admin.stub(#"{"request":{"path":"/app/a"},"response":{}}"#)
        try await admin.stub(#"{"request":{"path":"/app/b"},"response":{}}"#)
        #expect(try await admin.send("DELETE", "/__admin/stubs").json == ["deleted": 2])
        #expect(try await admin.stubs().isEmpty)
    }

    @Test func timesAnswersThatOftenThenTheStubIsGone() async throws {
        try await admin.stub(#"{"id":"twice","times":2,"request":{"path":"/app/probe"},"response":{"status":503}}"#)
        #expect(try await admin.stubs().first?["remaining"] == 2)
        #expect(try await admin.send("GET", "/app/probe").status == 503)
        #expect(try await admin.stubs().first?["remaining"] == 1)
        #expect(try await admin.send("GET", "/app/probe").status == 503)
        #expect(try await admin.stubs().isEmpty)
        let third = try await admin.send("GET", "/app/probe")
        #expect(third.status == 200)
        #expect(third.answeredBy == "probe")
    }

    @Test func aListedStubPostedBackUnchangedKeepsTheAnswersItHadLeft() async throws {
        try await admin.stub(#"{"id":"thrice","times":3,"request":{"path":"/app/probe"},"response":{"status":503}}"#)
        #expect(try await admin.send("GET", "/app/probe").status == 503)
        let listed = try #require(try await admin.stubs().first)
        #expect(listed["remaining"] == 2)
        #expect(try await admin.send("DELETE", "/__admin/stubs").json == ["deleted": 1])

        let posted = try await admin.stub(listed.encodedString())
        #expect(posted == listed, "the same definition, the same answers left")
        #expect(try await admin.send("GET", "/app/probe").status == 503)
        #expect(try await admin.send("GET", "/app/probe").status == 503)
        #expect(try await admin.send("GET", "/app/probe").answeredBy == "probe", "two answers were left, not three")
    }

    @Test func aGETStubAlsoAnswersHEADWithoutTheBody() async throws {
        try await admin.stub(#"{"request":{"method":"GET","path":"/app/probe"},"response":{"status":203,"headers":{"X-Probe":"on"},"body":"hello"}}"#)
        guard case let .response(status, headers, body) = try await RawHTTPClient.exchange(
            port: fixture.port, "HEAD", "/app/probe", timeout: 10) else {
            Issue.record("no answer to HEAD")
            return
        }
        #expect(status == 203)
        #expect(headers["x-probe"] == "on")
        #expect(headers["content-length"] == "5", "the length of the body a GET gets")
        #expect(body.isEmpty)
        #expect(try await admin.send("POST", "/app/probe").status != 203, "a GET stub answers no POST")
        #expect(try await admin.count(#"{"method":"GET","path":"/app/probe"}"#) == 0, "a query's GET counts GETs only")
        #expect(try await admin.count(#"{"method":"HEAD","path":"/app/probe"}"#) == 1)
    }

    @Test func aScenarioFailsTheFirstCallAndLetsTheSecondSucceed() async throws {
        try await admin.stub(#"""
            {"id":"fail-once","request":{"path":"/app/probe"},"response":{"status":500,"jsonBody":{"code":500,"msg":"boom"}},
             "scenario":{"name":"flaky","requiredState":"Started","newState":"failed once"}}
            """#)
        try await admin.stub(#"""
            {"id":"recovered","request":{"path":"/app/probe"},"response":{"status":200,"jsonBody":{"code":200,"msg":"ok"}},
             "scenario":{"name":"flaky","requiredState":"failed once"}}
            """#)
        let scenarios = try await admin.send("GET", "/__admin/scenarios").json
        #expect(scenarios == ["scenarios": [["name": "flaky", "state": "Started", "possibleStates": ["Started", "failed once"]]]])
        let first = try await admin.send("GET", "/app/probe")
        #expect(first.status == 500)
        #expect(first.answeredBy == "stub:fail-once")
        for _ in 0..<2 {
            let next = try await admin.send("GET", "/app/probe")
            #expect(next.status == 200)
            #expect(next.answeredBy == "stub:recovered")
        }
        #expect(try await admin.send("GET", "/__admin/scenarios").json["scenarios"]?.arrayValue?.first?["state"] == "failed once")

        #expect(try await admin.send("POST", "/__admin/scenarios/reset").status == 200)
        #expect(try await admin.send("GET", "/app/probe").answeredBy == "stub:fail-once")

        let moved = try await admin.send("PUT", "/__admin/scenarios/flaky/state", body: #"{"state":"Started"}"#)
        #expect(moved.json == ["name": "flaky", "state": "Started"])
        #expect(try await admin.send("GET", "/app/probe").answeredBy == "stub:fail-once")
        #expect(try await admin.send("PUT", "/__admin/scenarios/other/state", body: #"{"state":"x"}"#).status == 404)
    }

    @Test func theLowestPriorityNumberThenTheNewestStubAnswers() async throws {
        try await admin.stub(#"{"id":"low","priority":1,"request":{"pathPattern":"/app/.*"},"response":{"body":"low"}}"#)
        try await admin.stub(#"{"id":"old","request":{"path":"/app/probe"},"response":{"body":"old"}}"#)
        try await admin.stub(#"{"id":"new","request":{"path":"/app/probe"},"response":{"body":"new"}}"#)
        #expect(try await admin.send("GET", "/app/probe").text == "low")
        #expect(try await admin.send("DELETE", "/__admin/stubs/low").status == 200)
        #expect(try await admin.send("GET", "/app/probe").text == "new")
        // A replaced stub keeps its place: "old" stays older than "new".
        let replaced = try await admin.send("PUT", "/__admin/stubs/old", body: #"{"request":{"path":"/app/probe"},"response":{"body":"old2"}}"#)
        #expect(replaced.status == 200)
        #expect(try await admin.send("GET", "/app/probe").text == "new")
    }

    @Test func aStubAnswersBeforeACaptureAndTheModule() async throws {
        _ = try fixture.database.write { db in
            try fixture.captures.store(CaptureRecordFactory.make(url: "/app/captured"), in: db)
        }
        #expect(try await admin.send("GET", "/app/captured").answeredBy?.hasPrefix("capture:") == true)
        try await admin.stub(#"{"request":{"method":"GET","pathPattern":"/app/(captured|probe)"},"response":{"status":418,"body":"stub"}}"#)
        for target in ["/app/captured", "/app/probe"] {
            let reply = try await admin.send("GET", target)
            #expect(reply.status == 418)
            #expect(reply.answeredBy?.hasPrefix("stub:") == true)
        }
    }

    @Test func aStubAnswerStillGetsHeaderDelaysAndFaults() async throws {
        try await admin.stub(#"{"request":{"path":"/app/probe"},"response":{"status":200,"body":"stubbed","delayMs":5}}"#)
        let faulted = try await admin.send("GET", "/app/probe", headers: ["X-Mock-Fault": "status:502"])
        #expect(faulted.status == 502)
        let delayed = try await admin.send("GET", "/app/probe", headers: ["X-Mock-Delay": "10"])
        #expect(delayed.text == "stubbed")
        #expect(delayed.header("X-Mock-Delay") == "10")
        let entry = try await admin.find(#"{"path":"/app/probe","answeredBy":"stub:"}"#).first
        #expect(entry?["durationMs"]?.doubleValue ?? 0 >= 15)
    }

    @Test func aPatchStubChangesTheModuleAnswer() async throws {
        try await admin.stub(#"{"id":"p","request":{"path":"/app/probe"},"patch":{"data":{"method":null,"extra":[1,2]},"msg":"patched"}}"#)
        let reply = try await admin.send("GET", "/app/probe")
        #expect(reply.answeredBy == "stub:p")
        #expect(reply.json["data"] == ["path": "/app/probe", "extra": [1, 2]])
        #expect(reply.json["msg"] == "patched")
        #expect(reply.json["code"] == 200)
    }

    @Test func aPatchOverAnAnswerThatIsNotJSONSendsItUnpatched() async throws {
        try await admin.stub(#"{"id":"p","request":{"path":"/app/probe/redirect"},"patch":{"x":1}}"#)
        try await admin.stub(#"{"id":"q","request":{"path":"/app/probe"},"patchAt":"$.data.list[0]","patch":{"x":1}}"#)
        // Raw bytes, so the 302 is seen rather than followed.
        let redirect = try await RawHTTPClient.exchange(port: fixture.port, "GET", "/app/probe/redirect")
        guard case let .response(status, headers, _) = redirect else {
            Issue.record("no response: \(redirect)")
            return
        }
        #expect(status == 302)
        #expect(headers["location"] == "/app/probe")
        #expect(headers["x-mock-answered-by"] == "stub:p:unpatched")
        #expect(headers["x-mock-stub-note"] == "the answer of probe is not JSON; sent unpatched")
        let missing = try await admin.send("GET", "/app/probe")
        #expect(missing.status == 200)
        #expect(missing.json["data"] == ["path": "/app/probe", "method": "GET"])
        #expect(missing.answeredBy == "stub:q:unpatched")
        #expect(missing.header("X-Mock-Stub-Note") == "patchAt $.data.list[0] names nothing in the answer of probe; sent unpatched")
        #expect(try await admin.count(#"{"answeredBy":"stub:"}"#) == 2)
    }

    @Test func resetRemovesStubsAndRestartsScenarios() async throws {
        try await admin.stub(#"{"id":"gone","request":{"path":"/app/probe"},"response":{"status":503}}"#)
        try await admin.stub(#"""
            {"id":"kept","persistent":true,"times":3,"request":{"path":"/app/kept"},"response":{"status":204},
             "scenario":{"name":"s","newState":"moved"}}
            """#)
        #expect(try await admin.send("GET", "/app/kept").status == 204)
        #expect(try await admin.send("GET", "/__admin/scenarios").json["scenarios"]?.arrayValue?.first?["state"] == "moved")
        let reset = try await admin.send("POST", "/__admin/reset")
        #expect(reset.status == 200)
        #expect(reset.json["stubsRemoved"] == 1)
        let left = try await admin.stubs()
        #expect(left.map { $0["id"] } == ["kept"])
        #expect(left.first?["remaining"] == 3)
        #expect(try await admin.send("GET", "/__admin/scenarios").json["scenarios"]?.arrayValue?.first?["state"] == "Started")
        #expect(try await admin.send("GET", "/app/probe").answeredBy == "probe")
    }
}
