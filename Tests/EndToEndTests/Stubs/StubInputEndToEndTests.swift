import Testing
import Wire

/// Malformed stubs and verification queries: a 400 naming what is wrong, nothing stored, and the
/// server keeps serving with its stubs as they were.
@Suite struct StubInputEndToEndTests {
    let fixture: ControlsFixture
    var admin: StubsAdminClient { fixture.stubsAdmin }
    init() async throws { fixture = try await ControlsFixture() }

    static let badStubs: [(String, String)] = [
        ("", "the body is empty; send a JSON object"),
        (#"{"request":{},"response":{}"#, "the body is not JSON: unexpected end of input in an object at line 1, column 28"),
        ("[]", #"the stub must be an object like {"request":{"path":"/app/events"},"response":{"status":503}}"#),
        (#"{"request":{"paht":"/app/probe"},"response":{}}"#,
         #"request has an unknown key "paht"; known keys: method, path, pathPattern, action, params, headers, body"#),
        (#"{"request":{},"respnse":{}}"#,
         #"the stub has an unknown key "respnse"; known keys: id, name, priority, request, response, patch, patchAt, times, remaining, scenario, persistent"#),
        (#"{"response":{}}"#, "the stub needs a \"request\" matcher ({} matches every request)"),
        (#"{"request":{},"response":{},"patch":{}}"#, "the stub has both \"response\" and \"patch\"; give one"),
        (#"{"request":{}}"#, #"the stub needs a "response" (its own answer) or a "patch" (a JSON merge patch over the server's answer)"#),
        (#"{"request":{},"response":{},"times":-1}"#, "times must be at least 1, not -1"),
        (#"{"request":{},"response":{},"times":0}"#, "times must be at least 1, not 0"),
        (#"{"request":{},"response":{},"times":"2"}"#, "times must be a whole number"),
        (#"{"request":{},"response":{},"remaining":2}"#, #""remaining" goes with "times" (the answers left of them)"#),
        (#"{"request":{},"response":{},"times":2,"remaining":3}"#, "remaining 3 must be at most times (2)"),
        (#"{"request":{},"response":{},"times":2,"remaining":0}"#, "remaining must be at least 1, not 0"),
        (#"{"request":{},"response":{},"priority":1.5}"#, "priority must be a whole number"),
        (#"{"request":{"pathPattern":"/app/(probe"},"response":{}}"#,
         #"request.pathPattern "/app/(probe" is not a valid regular expression (ICU syntax): at character 6: "(" is never closed"#),
        (#"{"request":{"pathPattern":"/app/probe)"},"response":{}}"#,
         #"request.pathPattern "/app/probe)" is not a valid regular expression (ICU syntax): at character 11: ")" closes no group"#),
        (#"{"request":{"pathPattern":"*/app"},"response":{}}"#,
         #"request.pathPattern "*/app" is not a valid regular expression (ICU syntax): at character 1: "*" has nothing to repeat"#),
        (#"{"request":{"pathPattern":"/app\\"},"response":{}}"#,
         #"request.pathPattern "/app\" is not a valid regular expression (ICU syntax): at character 5: "\" ends the pattern"#),
        (#"{"request":{"path":"/a","pathPattern":"/a"},"response":{}}"#, "request has both path and pathPattern; give one"),
        (#"{"request":{"path":"app"},"response":{}}"#, #"request.path "app" must start with /"#),
        (#"{"request":{"params":{"q":{"matches":"[a-"}}},"response":{}}"#,
         #"request.params.q.matches "[a-" is not a valid regular expression (ICU syntax): at character 1: "[" is never closed"#),
        (#"{"request":{"headers":{"X":{"equals":"1"}}},"response":{}}"#,
         #"request.headers.X has an unknown key "equals"; known keys: equalTo, contains, matches, absent, jsonPath"#),
        (#"{"request":{"params":{"q":{"equalTo":"1","contains":"1"}}},"response":{}}"#,
         "request.params.q has equalTo and contains; give one of equalTo, contains, matches, absent"),
        (#"{"request":{"params":{"q":{}}},"response":{}}"#,
         "request.params.q needs one of equalTo, contains, matches, absent (or a jsonPath)"),
        (#"{"request":{"params":{"q":{"equalTo":1}}},"response":{}}"#, "request.params.q.equalTo must be a string"),
        (#"{"request":{"body":{"jsonPath":"$.a[x]","equalTo":"1"}},"response":{}}"#,
         #"request.body.jsonPath: JSONPath "$.a[x]" at character 4: [x] must be a whole number of at least 0 or a quoted key"#),
        (#"{"request":{"body":{"jsonPath":"a.b"}},"response":{}}"#,
         #"request.body.jsonPath: JSONPath "a.b" at character 0: must start with $"#),
        (#"{"request":{"action":{"m":"Product"}},"response":{}}"#, #"request.action needs both "m" and "a""#),
        (#"{"request":{},"response":{"status":700}}"#, "response.status 700 must be from 100 to 599"),
        (#"{"request":{},"response":{"body":"a","jsonBody":{}}}"#, "response has both \"body\" and \"jsonBody\"; give one"),
        (#"{"request":{},"response":{"headers":{"Bad Name":"1"}}}"#, #"response.headers: "Bad Name" is not a valid header name"#),
        (#"{"request":{},"response":{"headers":{"X":"a\r\nb"}}}"#,
         "response.headers.X must be a string (or a list of strings) without line breaks"),
        (#"{"request":{},"response":{"delayMs":-5}}"#, "response.delayMs must be at least 0, not -5"),
        (#"{"request":{},"response":{},"patchAt":"$.a"}"#, #""patchAt" goes with "patch", not "response""#),
        (#"{"request":{},"patch":{},"patchAt":"$..a"}"#, #"patchAt: JSONPath "$..a" at character 2: a key must follow ."#),
        (#"{"request":{},"response":{},"scenario":{"requiredState":"x"}}"#, #"scenario needs a "name""#),
        (#"{"request":{},"response":{},"persistent":"yes"}"#, "persistent must be true or false"),
    ]

    @Test(arguments: badStubs) func aBadStubIsRefusedAndNothingIsStored(_ body: String, _ message: String) async throws {
        try await admin.stub(#"{"id":"keep","request":{"path":"/app/probe"},"response":{"status":203}}"#)
        let reply = try await admin.send("POST", "/__admin/stubs", body: body, contentType: "application/json")
        #expect(reply.status == 400)
        #expect(reply.message == message)
        #expect(try await admin.stubs().map { $0["id"] } == ["keep"])
        #expect(try await admin.send("GET", "/app/probe").status == 203)
        let replaced = try await admin.send("PUT", "/__admin/stubs/keep", body: body, contentType: "application/json")
        #expect(replaced.status == 400)
        #expect(try await admin.send("GET", "/app/probe").status == 203)
    }

    @Test func aPutWhoseBodyNamesAnotherIdIsRefused() async throws {
        try await admin.stub(#"{"id":"a","request":{},"response":{}}"#)
        let reply = try await admin.send("PUT", "/__admin/stubs/a", body: #"{"id":"b","request":{},"response":{}}"#)
        #expect(reply.status == 400)
        #expect(reply.message == #"the body's id "b" differs from the id "a" in the path"#)
    }

    @Test(arguments: [
        (#"{"pth":"/app"}"#, #"the query has an unknown key "pth"; known keys: method, path, pathPattern, action, params, headers, body, answeredBy"#),
        ("not json", "the body is not JSON: invalid literal at line 1, column 1"),
        (#"{"answeredBy":3}"#, "answeredBy must be a string"),
        (#"{"body":{"matches":"("}}"#, #"the query.body.matches "(" is not a valid regular expression (ICU syntax): at character 1: "(" is never closed"#),
    ])
    func aBadVerificationQueryIsRefused(_ body: String, _ message: String) async throws {
        for route in ["/__admin/requests/find", "/__admin/requests/count"] {
            let reply = try await admin.send("POST", route, body: body, contentType: "application/json")
            #expect(reply.status == 400, "\(route)")
            #expect(reply.message == message, "\(route)")
        }
        #expect(try await admin.send("GET", "/app/probe").status == 200)
    }

    @Test func aBadScenarioStateIsRefused() async throws {
        try await admin.stub(#"{"request":{},"response":{},"scenario":{"name":"s"}}"#)
        let reply = try await admin.send("PUT", "/__admin/scenarios/s/state", body: #"{"stat":"x"}"#)
        #expect(reply.status == 400)
        #expect(reply.message == #"the body has an unknown key "stat"; known keys: state"#)
        #expect(try await admin.send("GET", "/__admin/scenarios").json["scenarios"]?.arrayValue?.first?["state"] == "Started")
    }
}
