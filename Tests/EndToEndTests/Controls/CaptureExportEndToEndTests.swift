@testable import APIRoutes
import CaptureFormats
import Foundation
import Store
import Testing
import TestSupport
import Wire

/// Issue 12: `GET /__admin/captures.har` and `GET /__admin/requests.har` write HAR 1.2 that our
/// own import reads back: export, import into an empty server, and the same requests get the
/// same answers; secrets are masked in both exports.
@Suite struct CaptureExportEndToEndTests {
    /// Captures with what an export must carry: query and form parameters, a JSON and a binary
    /// body, repeated response headers, a timing, an absolute and an origin-form URL.
    static let seedHAR = """
        {"log": {"version": "1.2", "creator": {"name": "Charles", "version": "4"}, "entries": [
          {"request": {"method": "GET", "url": "https://api.maka.im/app/templates?page=1&q=%E6%98%A5",
                       "headers": [{"name": "Accept", "value": "application/json"}]},
           "response": {"status": 200, "headers": [{"name": "Content-Type", "value": "application/json"},
                                                   {"name": "Set-Cookie", "value": "a=1"}, {"name": "Set-Cookie", "value": "b=2"},
                                                   {"name": "ETag", "value": "\\"t1\\""}],
                        "content": {"mimeType": "application/json", "text": "{\\"code\\":200,\\"data\\":[1.50,\\"春\\"]}"}},
           "timings": {"wait": 87.5}},
          {"request": {"method": "POST", "url": "/app/event",
                       "postData": {"mimeType": "application/x-www-form-urlencoded", "text": "title=a%20b&kind=2"}},
           "response": {"status": 201, "headers": [], "content": {"mimeType": "text/plain", "text": "made"}}},
          {"request": {"method": "GET", "url": "/app/picture/1"},
           "response": {"status": 200, "headers": [], "content": {"mimeType": "image/png", "text": "iVBORw0KGgoA/w==", "encoding": "base64"}}}
        ]}}
        """

    static let requests: [(method: String, target: String, body: String?, headers: [String: String])] = [
        ("GET", "/app/templates?q=%E6%98%A5&page=1", nil, [:]),
        ("POST", "/app/event", "kind=2&title=a%20b", ["Content-Type": "application/x-www-form-urlencoded"]),
        ("GET", "/app/picture/1", nil, [:]),
    ]

    let seeds: TemporaryDirectory

    init() throws {
        seeds = try TemporaryDirectory("export-seeds")
        try Data(Self.seedHAR.utf8).write(to: seeds.url.appendingPathComponent("seed.har"))
    }

    /// Status, body bytes and the replayed Content-Type and Set-Cookie headers of one request.
    func answer(_ fixture: ControlsFixture, _ request: (method: String, target: String, body: String?, headers: [String: String]))
        async throws -> String {
        let outcome = try await RawHTTPClient.exchange(port: fixture.port, request.method, request.target,
                                                       headers: request.headers.map { ($0.key, $0.value) }, body: request.body ?? "")
        guard case let .response(status, fields, body) = outcome else { return "\(outcome)" }
        return "\(status) \(fields["content-type"] ?? "-") \(fields["etag"] ?? "-") \(body)"
    }

    @Test func exportedCapturesImportIntoAnEmptyServerAndAnswerTheSame() async throws {
        let original = try await ControlsFixture(modules: [], seedsDirectory: seeds.url.path)
        let (response, har) = try await original.fetch("/__admin/captures.har")
        #expect(response.statusCode == 200)
        #expect(response.value(forHTTPHeaderField: "Content-Disposition") == "attachment; filename=\"captures.har\"")
        let document = try ControlsFixture.json(har)
        #expect(document["log"]?["version"] == "1.2")
        let entries = try #require(document["log"]?["entries"]?.arrayValue)
        #expect(entries.count == 3)
        #expect(entries[0]["request"]?["url"] == "https://api.maka.im/app/templates?page=1&q=%E6%98%A5")
        #expect(entries[0]["request"]?["queryString"] == [["name": "page", "value": "1"], ["name": "q", "value": "春"]])
        #expect(entries[0]["timings"]?["wait"] == 87.5)
        #expect(entries[1]["request"]?["url"]?.stringValue?.hasSuffix("/app/event") == true)
        #expect(entries[1]["request"]?["url"]?.stringValue?.hasPrefix("http://127.0.0.1:") == true, "made absolute with the Host")
        #expect(entries[2]["response"]?["content"]?["encoding"] == "base64")

        let copy = try await ControlsFixture(modules: [])
        let (imported, summary) = try await copy.fetch("/__admin/import?name=captures.har", method: "POST",
                                                       headers: ["Content-Type": "application/json"], body: har)
        #expect(imported.statusCode == 200, "\(summary)")
        #expect(try ControlsFixture.json(summary)["new"] == 3)
        for request in Self.requests {
            let expected = try await answer(original, request)
            #expect(expected.hasPrefix("20"), "\(request.target): \(expected)")
            #expect(try await answer(copy, request) == expected, "\(request.target)")
        }
        let copied = try #require(try copy.captures.records().last)
        #expect(copied.record.responseBody == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0xFF], "binary body intact")
    }

    @Test func theJournalExportsOldestFirstWithSecretsMaskedAndImportsBack() async throws {
        let fixture = try await ControlsFixture(seedsDirectory: seeds.url.path)
        _ = try await fixture.fetch("/app/probe/1?token=s3cr3t", headers: ["Authorization": "Bearer s3cr3t"])
        _ = try await fixture.fetch("/app/templates?page=1&q=%E6%98%A5")
        let (response, har) = try await fixture.fetch("/__admin/requests.har")
        #expect(response.value(forHTTPHeaderField: "Content-Disposition") == "attachment; filename=\"requests.har\"")
        #expect(!har.contains("s3cr3t"), "\(har)")
        let entries = try #require(try ControlsFixture.json(har)["log"]?["entries"]?.arrayValue)
        #expect(entries.compactMap { $0["request"]?["url"]?.stringValue?.split(separator: "/", maxSplits: 2).last }
            == ["app/probe/1?token=%5Bmasked%5D", "app/templates?page=1&q=%E6%98%A5"])
        let headers = entries.map { entry in
            (entry["response"]?["headers"]?.arrayValue ?? []).compactMap { field -> String? in
                guard let name = field["name"]?.stringValue, let value = field["value"]?.stringValue else { return nil }
                return "\(name): \(value)"
            }
        }
        #expect(headers.first?.contains("X-Mock-Answered-By: probe") == true, "\(headers)")
        #expect(headers.first?.contains { $0.hasPrefix("Content-Type: application/json") } == true, "\(headers)")
        #expect(headers.last?.prefix(5) == ["Content-Type: application/json", "Set-Cookie: a=[masked]", "Set-Cookie: b=[masked]",
                                 "ETag: \"t1\"", "X-Mock-Answered-By: capture:1"], "the answer's headers (then CORS), secrets masked")
        // The answers' bodies, as sent.
        let probe = try ControlsFixture.json(entries.first?["response"]?["content"]?["text"]?.stringValue ?? "")
        #expect(probe["data"]?["path"] == "/app/probe/1")
        #expect(entries.last?["response"]?["content"]?["text"] == #"{"code":200,"data":[1.50,"春"]}"#)
        #expect(entries.last?["response"]?["content"]?["size"] == 32)
        let records = try CaptureFile.records(from: Array(har.utf8), file: "requests.har")
        #expect(records.map(\.status) == [200, 200])
        #expect(records.last?.responseBody == Array(#"{"code":200,"data":[1.50,"春"]}"#.utf8), "imported back with its body")
        let (limited, _) = try await fixture.fetch("/__admin/requests.har?limit=1&pathPrefix=/app/templates")
        #expect(limited.statusCode == 200)
        let (bad, message) = try await fixture.fetch("/__admin/requests.har?since=yesterday")
        #expect(bad.statusCode == 400, "\(message)")
    }

    /// A login's answer carries the new token: the journal, and so `requests.har`, keeps it
    /// masked like the request's own secrets.
    @Test func requestsExportMasksTheSecretsOfAnswers() async throws {
        let fixture = try await ControlsFixture(seedsDirectory: seeds.url.path)
        let stub = #"{"request":{"path":"/app/probe/login"},"response":{"status":200,"jsonBody":{"code":200,"data":{"uid":7,"token":"s3cr3t-answer"}}}}"#
        let (created, _) = try await fixture.fetch("/__admin/stubs", method: "POST", headers: ["Content-Type": "application/json"],
                                                   body: stub)
        #expect(created.statusCode == 201 || created.statusCode == 200)
        let (_, answer) = try await fixture.fetch("/app/probe/login")
        #expect(answer.contains("s3cr3t-answer"), "the client gets the token itself: \(answer)")
        let (_, har) = try await fixture.fetch("/__admin/requests.har?pathPrefix=/app/probe/login")
        #expect(!har.contains("s3cr3t-answer"), "\(har)")
        let text = try ControlsFixture.json(har)["log"]?["entries"]?.arrayValue?.first?["response"]?["content"]?["text"]?.stringValue ?? ""
        #expect(try ControlsFixture.json(text)["data"]?["uid"] == 7, "the rest of the answer is kept: \(text)")
    }

    @Test func capturesExportMasksSecretsAndTakesTheListFilters() async throws {
        let fixture = try await ControlsFixture(modules: [], seedsDirectory: seeds.url.path)
        _ = try fixture.database.write { db in
            try fixture.captures.store(CaptureRecord(
                method: "GET", url: "/app/me?access_token=s3cr3t", requestHeaders: ["Cookie": "sid=s3cr3t"], status: 200,
                responseHeaders: ["Set-Cookie": "sid=s3cr3t; HttpOnly"], responseContentType: "application/json",
                responseBody: Array("{}".utf8)), in: db)
        }
        let (_, har) = try await fixture.fetch("/__admin/captures.har?pathPrefix=/app/me")
        #expect(!har.contains("s3cr3t"), "\(har)")
        #expect(har.contains("sid=[masked]; HttpOnly"))
        #expect(try ControlsFixture.json(har)["log"]?["entries"]?.arrayValue?.count == 1)
        let (bad, _) = try await fixture.fetch("/__admin/captures.har?status=0")
        #expect(bad.statusCode == 400)
    }
}
