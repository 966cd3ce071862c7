import APIRoutes
import Foundation
import Testing
import Wire
import TestSupport

/// The journal through the admin API: every request recorded, filtered, counted and cleared.
@Suite struct JournalEndToEndTests {
    let fixture: ControlsFixture
    init() async throws { fixture = try await ControlsFixture() }

    func sendTraffic() async throws {
        _ = try await fixture.fetch("/app/probe")
        _ = try await fixture.fetch("/app/probe/1", headers: ["X-Mock-Delay": "5"])
        _ = try await fixture.fetch("/app/probe", method: "POST", headers: ["Content-Type": "application/json"],
                                    body: #"{"title":"春天"}"#)
        _ = try await fixture.fetch("/mbfun_server/index.php?m=Probe&a=x", headers: ["X-Mock-Fault": "status:500"])
        _ = try await fixture.fetch("/nowhere")
    }

    func admin(_ target: String, method: String = "GET", body: String? = nil) async throws -> (Int, JSON) {
        let (response, text) = try await fixture.fetch(target, method: method, body: body)
        return (response.statusCode, try ControlsFixture.json(text))
    }

    @Test func anAdminReadRightAfterARequestSeesIt() async throws {
        try await sendTraffic()
        let (status, body) = try await admin("/__admin/requests")
        #expect(status == 200)
        #expect(body["total"] == 5)
        #expect(body["dropped"] == 0, "a writer that keeps up drops nothing")
        let requests = try #require(body["requests"]?.arrayValue)
        #expect(requests.map { $0["target"]?.stringValue } ==
                ["/nowhere", "/mbfun_server/index.php?m=Probe&a=x", "/app/probe", "/app/probe/1", "/app/probe"])
        let post = requests[2]
        #expect(post["method"] == "POST")
        #expect(post["body"] == #"{"title":"春天"}"#)
        #expect(post["status"] == 200)
        #expect(post["client"]?.stringValue?.hasPrefix("127.0.0.1:") == true)
        #expect(post["headers"]?.arrayValue?.contains { $0["name"]?.stringValue?.lowercased() == "content-type" } == true)
        #expect(requests[1]["fault"] == "status:500")
        #expect(requests[1]["faultSource"] == "header")
        #expect(requests[1]["answeredBy"] == "fault")
        #expect(requests[3]["delayMs"] == 5)
        #expect(requests[3]["delaySource"] == "header")
        #expect(requests[0]["status"] == 404)
        #expect(requests[0]["answeredBy"] == "not-found")
        #expect(post["answeredBy"] == "probe")
    }

    @Test func filtersAndCountsAgree() async throws {
        try await sendTraffic()
        let cases: [(String, Int)] = [
            ("method=POST", 1), ("method=get", 4), ("pathPrefix=/app/", 3), ("pathPrefix=/app/probe/", 1),
            ("status=500", 1), ("status=200", 3), ("since=2000-01-01T00:00:00Z", 5), ("since=4102444800", 0),
            ("method=GET&pathPrefix=/app/", 2),
        ]
        for (query, expected) in cases {
            let (_, list) = try await admin("/__admin/requests?\(query)")
            #expect(list["total"]?.intValue == expected, "\(query)")
            #expect(list["requests"]?.arrayValue?.count == expected, "\(query)")
            let (_, count) = try await admin("/__admin/requests/count?\(query)")
            #expect(count["count"]?.intValue == expected, "\(query)")
        }
        let (_, limited) = try await admin("/__admin/requests?limit=2")
        #expect(limited["total"] == 5)
        #expect(limited["requests"]?.arrayValue?.count == 2)
    }

    /// The writer stores a request's header list as the last one's part only when the list was
    /// received as the same bytes: a value changed in one byte is stored as its own.
    @Test func headerListsThatDifferInOneByteAreStoredApart() async throws {
        for trace in ["run-a", "run-a", "run-b", "run-a"] {
            _ = try await fixture.fetch("/app/probe", headers: ["X-Trace": trace])
        }
        let (_, body) = try await admin("/__admin/requests")
        let traces = try #require(body["requests"]?.arrayValue).map { entry in
            entry["headers"]?.arrayValue?.first { $0["name"]?.stringValue?.lowercased() == "x-trace" }?["value"]?.stringValue
        }
        #expect(traces == ["run-a", "run-b", "run-a", "run-a"])
    }

    @Test func deleteClearsTheJournal() async throws {
        try await sendTraffic()
        let (status, deleted) = try await admin("/__admin/requests", method: "DELETE")
        #expect(status == 200)
        #expect(deleted["deleted"] == 5)
        #expect(try await admin("/__admin/requests/count").1["count"] == 0)
        _ = try await fixture.fetch("/app/probe")
        #expect(try await admin("/__admin/requests/count").1["count"] == 1)
    }

    @Test(arguments: [
        ("status=abc", "status \"abc\" must be a number from 100 to 599"),
        ("limit=0", "limit \"0\" must be a whole number of at least 1"),
        ("since=yesterday", "since \"yesterday\" must be an ISO 8601 time"),
        ("pathPrefix=app", "pathPrefix \"app\" must start with /"),
        ("method=G3T", "method \"G3T\" is not an HTTP method"),
        ("colour=red", "unknown parameter \"colour\""),
        ("status=%zz", "bad query string"),
    ])
    func badFiltersAreA400ThatSaysWhat(query: String, message: String) async throws {
        _ = try await fixture.fetch("/app/probe")
        for path in ["/__admin/requests", "/__admin/requests/count"] {
            let outcome = try await RawHTTPClient.exchange(port: fixture.port, "GET", "\(path)?\(query)")
            guard case let .response(status, headers, body) = outcome else { Issue.record("\(outcome)"); return }
            #expect(status == 400)
            #expect(headers["content-type"] == "application/json; charset=utf-8")
            #expect(try ControlsFixture.json(body)["error"]?["message"]?.stringValue?.contains(message) == true, "\(body)")
        }
        #expect(try await admin("/__admin/requests/count").1["count"] == 1)
    }

    @Test func theJournalKeepsOnlyTheNewest() async throws {
        let small = try await ControlsFixture(journalSize: 3)
        for index in 0..<5 { _ = try await small.fetch("/app/probe/\(index)") }
        let (_, text) = try await small.fetch("/__admin/requests")
        let body = try ControlsFixture.json(text)
        #expect(body["total"] == 3)
        #expect(body["requests"]?.arrayValue?.map { $0["path"]?.stringValue } == ["/app/probe/4", "/app/probe/3", "/app/probe/2"])
    }

    @Test func adminRequestsAreNotJournaled() async throws {
        _ = try await admin("/__admin/rules")
        _ = try await admin("/__admin/requests")
        #expect(try await admin("/__admin/requests/count").1["count"] == 0)
    }

    @Test func adminPreflightsAreNotJournaled_APIPreflightsAre() async throws {
        let preflight = ["Origin": "http://localhost:3000", "Access-Control-Request-Method": "PUT"]
        let (admin, _) = try await fixture.fetch("/__admin/rules", method: "OPTIONS", headers: preflight)
        let (api, _) = try await fixture.fetch("/app/probe", method: "OPTIONS", headers: preflight)
        #expect(admin.statusCode == 403, "the admin API never answers other origins")
        #expect(api.statusCode == 204)
        let (_, body) = try await self.admin("/__admin/requests")
        #expect(body["total"] == 1)
        #expect(body["requests"]?.arrayValue?.map { $0["path"]?.stringValue } == ["/app/probe"])
    }
}
