import Wire
import Foundation
import HTTPServer
import Testing
@testable import APIRoutes
import Store

@Suite struct CaptureImportResponderTests {
    let fixture: CaptureFixture
    let responder: CaptureImportResponder

    init() throws {
        fixture = try CaptureFixture()
        responder = CaptureImportResponder(importer: CaptureImporter(repository: fixture.repository, mappers: [TemplatesMapper()]))
    }

    private func post(_ body: String, query: String? = nil) async throws -> (status: Int, json: JSON) {
        let request = HTTPRequest(method: .POST, target: "/__admin/import", path: "/__admin/import", query: query,
                                  headers: ["Content-Type": "application/json"], body: Array(body.utf8))
        let response = await withCheckedContinuation { continuation in
            responder.respond(to: request) { continuation.resume(returning: $0) }
        }
        #expect(response.headers["content-type"] == "application/json; charset=utf-8")
        return (response.status.code, try JSON.parse(response.body))
    }

    @Test func importsADocumentAndReportsTheSummary() async throws {
        let first = try await post(CaptureFixture.captureJSON)
        #expect(first.status == 200)
        #expect(first.json == ["files": 1, "read": 2, "new": 2, "unchanged": 0, "routed": 1, "replayOnly": 1,
                               "tables": ["mapped": 1], "refused": [["reason": "no table for logins", "records": 1]]])
        let again = try await post(CaptureFixture.captureJSON)
        #expect(again.json == ["files": 1, "read": 2, "new": 0, "unchanged": 2, "routed": 0, "replayOnly": 0,
                               "tables": [:], "refused": []])
        #expect(try fixture.captureCount() == 2)
    }

    @Test func malformedDocumentIs400AndWritesNothing() async throws {
        let bad = #"[{"request":{"method":"GET","url":"/a"},"response":{"status":200,"body":1}},{"request":{"url":"/b"},"response":{"status":200,"body":1}}]"#
        let refused = try await post(bad, query: "name=upload.json")
        #expect(refused.status == 400)
        #expect(refused.json["error"]?["message"] == "nothing imported: upload.json: entry 1: request.method is missing")
        #expect(try fixture.captureCount() == 0)

        let notJSON = try await post("{oops")
        #expect(notJSON.status == 400)
        #expect(notJSON.json["error"]?["message"] == "nothing imported: request body: invalid JSON at line 1, column 2: expected a member name in quotes")

        let empty = try await post("")
        #expect(empty.status == 400)
        #expect(try fixture.captureCount() == 0)

        // The endpoint keeps working after refusals.
        #expect(try await post(CaptureFixture.har).status == 200)
        #expect(try fixture.captureCount() == 2)
    }
}

/// Carries a reply from the responder's queue to the test.
final class ResponseBox: @unchecked Sendable {
    // `lock` guards `stored`.
    private let lock = NSLock()
    private var stored: HTTPResponse?

    var response: HTTPResponse? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
