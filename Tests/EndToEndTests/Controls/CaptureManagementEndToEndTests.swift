import APIRoutes
import Foundation
import Testing
import TestSupport
import Wire

/// Issue 12: captures can be looked at and deleted over `/__admin/captures`, and
/// `POST /__admin/reset` returns to the start state — captures added while the server ran are
/// removed, those it started with stay (and deleted seeds come back).
@Suite struct CaptureManagementEndToEndTests {
    /// Two seed captures, imported when the server starts.
    static let seedFile = """
        [{"request": {"method": "GET", "url": "/app/seeded?page=1", "headers": {"Accept": "application/json"}},
          "response": {"status": 200, "headers": {"Content-Type": "application/json", "ETag": "\\"v1\\""},
                       "body": {"code": 200, "msg": "ok", "data": "seeded"}}},
         {"request": {"method": "POST", "url": "/app/seeded/form", "headers": {"Content-Type": "application/x-www-form-urlencoded"},
                      "body": "name=a"},
          "response": {"status": 201, "body": "created"}}]
        """

    let seeds: TemporaryDirectory
    let fixture: ControlsFixture

    init() async throws {
        seeds = try TemporaryDirectory("capture-seeds")
        try Data(Self.seedFile.utf8).write(to: seeds.url.appendingPathComponent("seed.json"))
        fixture = try await ControlsFixture(seedsDirectory: seeds.url.path)
    }

    func admin(_ target: String, method: String = "GET", body: String? = nil) async throws -> (Int, JSON) {
        // A JSON content type, as the admin guard requires of a body (URLSession would declare a form).
        let headers = body == nil ? [:] : ["Content-Type": "application/json"]
        let (response, text) = try await fixture.fetch(target, method: method, headers: headers, body: body)
        return (response.statusCode, try ControlsFixture.json(text))
    }

    func ids(_ query: String = "") async throws -> [Int] {
        try await admin("/__admin/captures" + query).1["captures"]?.arrayValue?.compactMap { $0["id"]?.intValue } ?? []
    }

    @Test func aCaptureIsShownWithItsRequestResponseHeadersTimingAndSource() async throws {
        let (status, capture) = try await admin("/__admin/captures/1")
        #expect(status == 200)
        #expect(capture["id"] == 1)
        #expect(capture["request"]?["method"] == "GET")
        #expect(capture["request"]?["url"] == "/app/seeded?page=1")
        #expect(capture["request"]?["headers"] == [["name": "Accept", "value": "application/json"]])
        #expect(capture["response"]?["status"] == 200)
        #expect(capture["response"]?["headers"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["Content-Type", "ETag"])
        #expect(capture["response"]?["body"] == #"{"code":200,"msg":"ok","data":"seeded"}"#)
        #expect(capture["response"]?["bodyEncoding"] == "utf-8")
        #expect(capture["waitMs"] == .null)
        #expect(capture["source"]?.stringValue?.hasSuffix("seed.json entry 0") == true)
        #expect(capture["addedSinceStart"] == false)
        #expect(capture["storedAt"]?.stringValue?.hasSuffix("Z") == true)
    }

    @Test func anUnknownOrMalformedIdIsAClearErrorAndChangesNothing() async throws {
        let (missing, body) = try await admin("/__admin/captures/99")
        #expect(missing == 404)
        #expect(body["error"]?["message"] == "no capture 99; GET /__admin/captures lists them")
        let (deleteMissing, _) = try await admin("/__admin/captures/99", method: "DELETE")
        #expect(deleteMissing == 404)
        let (malformed, bad) = try await admin("/__admin/captures/abc", method: "DELETE")
        #expect(malformed == 400)
        #expect(bad["error"]?["message"] == "capture id \"abc\" must be a whole number of at least 1")
        let (badFilter, filterError) = try await admin("/__admin/captures?status=abc", method: "DELETE")
        #expect(badFilter == 400)
        #expect(filterError["error"]?["message"] == "status \"abc\" must be a number from 100 to 599")
        let (unknown, _) = try await admin("/__admin/captures?limit=1", method: "DELETE")
        #expect(unknown == 400, "limit is a list parameter; a delete takes filters only")
        #expect(try await ids() == [2, 1], "nothing was deleted")
        #expect(try await fixture.fetch("/app/seeded?page=1").0.statusCode == 200, "the server still replays")
    }

    @Test func aDeletedCaptureIsGoneAndNoLongerReplayed() async throws {
        #expect(try await fixture.fetch("/app/seeded?page=1").0.statusCode == 200)
        let (status, body) = try await admin("/__admin/captures/1", method: "DELETE")
        #expect(status == 200)
        #expect(body["deleted"] == 1)
        #expect(try await admin("/__admin/captures/1").0 == 404)
        #expect(try await fixture.fetch("/app/seeded?page=1").0.statusCode == 404)
        #expect(try await ids() == [2])
    }

    @Test func capturesAreListedAndDeletedByTheSameFilters() async throws {
        _ = try fixture.database.write { db in
            try fixture.captures.store(CaptureRecordFactory.make(url: "/app/recorded?x=1"), in: db)
            try fixture.captures.store(CaptureRecordFactory.make(url: "/app/other", status: 404), in: db)
        }
        #expect(try await ids("?pathPrefix=/app/seeded") == [2, 1])
        #expect(try await ids("?method=post") == [2])
        #expect(try await ids("?status=404") == [4])
        #expect(try await ids("?source=seed.json&method=GET") == [1])
        #expect(try await admin("/__admin/captures?source=seed.json").1["total"] == 2)
        let (_, deleted) = try await admin("/__admin/captures?pathPrefix=/app/seeded&method=GET", method: "DELETE")
        #expect(deleted["deleted"] == 1)
        #expect(try await ids() == [4, 3, 2])
        let (_, all) = try await admin("/__admin/captures", method: "DELETE")
        #expect(all["deleted"] == 3)
        #expect(try await ids() == [])
    }

    @Test func resetRemovesCapturesAddedSinceStartAndBringsDeletedSeedsBack() async throws {
        let upload = #"{"request":{"method":"GET","url":"/app/uploaded"},"response":{"status":200,"body":"uploaded"}}"#
        let (imported, _) = try await admin("/__admin/import", method: "POST", body: upload)
        #expect(imported == 200)
        #expect(try await admin("/__admin/captures?pathPrefix=/app/uploaded").1["captures"]?.arrayValue?.first?["addedSinceStart"] == true)
        #expect(try await admin("/__admin/captures/1", method: "DELETE").0 == 200)
        #expect(try await fixture.fetch("/app/uploaded").0.statusCode == 200)
        let (status, body) = try await admin("/__admin/reset", method: "POST")
        #expect(status == 200)
        #expect(body["reseeded"]?["capturesRemoved"] == 1)
        #expect(body["reseeded"]?["capturesRestored"] == 1, "the deleted seed capture is back")
        #expect(try await fixture.fetch("/app/uploaded").0.statusCode == 404)
        #expect(try await fixture.fetch("/app/seeded?page=1").0.statusCode == 200)
        #expect(try await admin("/__admin/captures").1["total"] == 2)
    }
}
