import APIRoutes
import Foundation
import Testing
import Wire

/// `GET /__admin/captures` and `POST /__admin/reset` over loopback.
@Suite struct AdminCapturesEndToEndTests {
    let fixture: ControlsFixture
    init() async throws { fixture = try await ControlsFixture() }

    func admin(_ target: String, method: String = "GET", body: String? = nil) async throws -> (Int, JSON) {
        let (response, text) = try await fixture.fetch(target, method: method, body: body)
        return (response.statusCode, try ControlsFixture.json(text))
    }

    @Test func capturesAreListedNewestFirst() async throws {
        _ = try fixture.database.write { db in
            try fixture.captures.store(CaptureRecordFactory.make(url: "/app/templates?page=1", wait: 12.5), in: db)
            try fixture.captures.store(CaptureRecordFactory.make(method: "POST", url: "/app/user/login"), in: db)
        }
        let (_, body) = try await admin("/__admin/captures")
        #expect(body["total"] == 2)
        let captures = try #require(body["captures"]?.arrayValue)
        #expect(captures.map { $0["path"]?.stringValue } == ["/app/user/login", "/app/templates"])
        #expect(captures[1]["parameters"] == "page=1")
        #expect(captures[1]["waitMs"] == 12.5)
        let (_, page) = try await admin("/__admin/captures?limit=1&offset=1")
        #expect(page["captures"]?.arrayValue?.map { $0["path"]?.stringValue } == ["/app/templates"])
        let (badStatus, bad) = try await admin("/__admin/captures?limit=none")
        #expect(badStatus == 400)
        #expect(bad["error"]?["message"] == "limit \"none\" must be a whole number of at least 1")
    }

    @Test func resetReseedsClearsTheJournalAndRestoresTheRules() async throws {
        _ = try await admin("/__admin/rules", method: "PUT", body: AdminControlsEndToEndTests.rules)
        _ = try await fixture.fetch("/app/probe")
        let (status, body) = try await admin("/__admin/reset", method: "POST")
        #expect(status == 200)
        #expect(body["reseeded"]?["capturesRemoved"] == 0, "no seeds, nothing imported: no capture to remove")
        #expect(body["journalCleared"] == 1)
        #expect(try await admin("/__admin/rules").1["rules"] == [])
        #expect(try await admin("/__admin/requests/count").1["count"] == 0)
    }
}
