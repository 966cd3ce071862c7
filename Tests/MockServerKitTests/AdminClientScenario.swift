import Foundation
import MockServerKit
import Testing

/// Every `MockServerClient` method against one server, with the app's own requests in between
/// whose effects the client must see: run against the in-process `MockServer` and against a
/// `serve` process, so the client works the same on both.
struct AdminClientScenario {
    let client: MockServerClient
    let app: AppRequests
    /// A file to import from, in a directory the caller removes.
    let harFile: URL

    func run() async throws {
        try await healthAndRoutes()
        try await journal()
        try await rules()
        try await captures()
        try await reset()
    }

    private func healthAndRoutes() async throws {
        let health = try await client.health()
        #expect(health.status == "ok")
        #expect(!health.version.isEmpty)
        let routes = try await client.routes()
        let rows = routes.map { "\($0.method) \($0.path) \($0.owner)" }
        #expect(rows.contains("GET /app/user/:uid maka"))
        #expect(rows.contains("GET /__admin/health admin"))
        #expect(rows.contains("POST /__admin/reset controls"))
    }

    private func journal() async throws {
        _ = try await client.clearRequests()
        #expect(try await app.get("/app/specialCategories").status == 200)
        #expect(try await app.get("/mbfun_server/index.php?m=Home&a=getAppLayoutV2&page=home&cid=1").status == 200)
        let registered = try await app.postForm("/app/user/register", ["email": "kit@example.com", "password": "secret123"])
        #expect(registered.code == 200)

        let all = try await client.requests()
        #expect(all.total == 3)
        #expect(all.requests.map(\.path) == ["/app/user/register", "/mbfun_server/index.php", "/app/specialCategories"])
        let register = try #require(all.requests.first)
        #expect(register.method == "POST")
        #expect(register.answeredBy == "maka")
        #expect(register.header("content-type") == "application/x-www-form-urlencoded")
        #expect(register.bodyData.map { String(decoding: $0, as: UTF8.self) }?.contains("email=kit@example.com") == true)
        #expect(abs(register.time.timeIntervalSinceNow) < 300)

        let newest = try await client.requests(limit: 1)
        #expect(newest.total == 3 && newest.requests.count == 1)
        #expect(try await client.requests(matching: RequestFilter(method: "post")).total == 1)
        #expect(try await client.requestCount(matching: RequestFilter(pathPrefix: "/app/", status: 200)) == 2)
        #expect(try await client.requestCount(matching: RequestFilter(since: Date().addingTimeInterval(3600))) == 0)
        #expect(try await client.requestCount() == 3)

        let har = try JSONSerialization.jsonObject(with: try await client.requestsHAR(matching: RequestFilter(pathPrefix: "/app/")))
        let entries = ((har as? [String: Any])?["log"] as? [String: Any])?["entries"] as? [Any]
        #expect(entries?.count == 2)
    }

    private func rules() async throws {
        let rule = MockControlRule(id: "kit-fault", method: "GET", path: "/app/specialCategories", fault: "status:503")
        let state = try await client.replaceRules([rule, MockControlRule(path: "/app/*", latency: "0ms")],
                                                  global: MockGlobalControls(latency: "0-1ms"))
        #expect(state.rules.map(\.id) == ["kit-fault", "rule-2"])
        #expect(state.global.latency == "0-1ms")
        #expect(try await client.controls() == state)
        #expect(try await app.get("/app/specialCategories").status == 503)
        let faulted = try #require(try await client.requests(matching: RequestFilter(status: 503)).requests.first)
        #expect(faulted.fault == "status:503" && faulted.faultSource == "rule:kit-fault")

        let restored = try await client.restoreControls()
        #expect(restored.rules.isEmpty && restored.global.latency == nil)
        #expect(try await app.get("/app/specialCategories").status == 200)
    }

    private func captures() async throws {
        #expect(try await app.get(ProbeCapture.path).status == 404)
        let imported = try await client.importCaptures(ProbeCapture.har, name: "kit-probe.har")
        #expect(imported.read == 1 && imported.new == 1)
        let replayed = try await app.get(ProbeCapture.path)
        #expect(replayed.status == 200)
        #expect((replayed.json["data"] as? [String: Any])?["probe"] as? Int == 1)

        let page = try await client.captures(matching: CaptureFilter(source: "kit-probe.har"))
        #expect(page.total == 1)
        let summary = try #require(page.captures.first)
        #expect(summary.path == ProbeCapture.path && summary.addedSinceStart && summary.waitMs == 12)
        #expect(replayed.answeredBy == "capture:\(summary.id)")
        #expect(try await client.captures(limit: 1, offset: 0).captures.count == 1)
        let detail = try await client.capture(id: summary.id)
        #expect(detail.request.method == "GET" && detail.response.status == 200)
        #expect(detail.response.body.contains("\"probe\":1"))
        let exported = try await client.capturesHAR(matching: CaptureFilter(pathPrefix: ProbeCapture.path))
        #expect(String(decoding: exported, as: UTF8.self).contains("kit-probe"))

        try await client.deleteCapture(id: summary.id)
        #expect(try await app.get(ProbeCapture.path).status == 404)
        try ProbeCapture.har.write(to: harFile)
        #expect(try await client.importCaptures(contentsOf: harFile).new == 1)
        #expect(try await app.get(ProbeCapture.path).status == 200)
        #expect(try await client.deleteCaptures(matching: CaptureFilter(pathPrefix: ProbeCapture.path)) == 1)
        #expect(try await app.get(ProbeCapture.path).status == 404)
        try await client.importCaptures(contentsOf: harFile)
    }

    private func reset() async throws {
        let taken = try await app.postForm("/app/user/register", ["email": "kit@example.com", "password": "secret123"])
        #expect(taken.code == 409, "the user registered earlier is still there before the reset")
        let summary = try await client.reset()
        #expect(summary.reseeded.capturesRemoved == 1, "the probe imported at runtime")
        #expect(summary.journalCleared > 0)
        #expect(summary.reseeded.tablesRestored > 0, "the registration changed a table")
        #expect(try await client.requestCount() == 0)
        #expect(try await app.get(ProbeCapture.path).status == 404)
        let again = try await app.postForm("/app/user/register", ["email": "kit@example.com", "password": "secret123"])
        #expect(again.code == 200, "the reset removed the registered user")
        #expect(try await client.session("checkout-test").health().status == "ok")
    }
}
