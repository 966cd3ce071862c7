import HTTPServer
import Testing
import Wire
@testable import APIRoutes

/// `POST /__admin/import` when a record cannot be stored: a 500 through the `ErrorBoundary`,
/// the store's text only in the log, nothing imported.
@Suite struct CaptureImportFailureTests {
    @Test func aRecordThatCannotBeStoredIsA500WithoutTheStoresText() async throws {
        let fixture = try CaptureFixture()
        try fixture.database.write { try $0.execute("DROP TABLE mapped") }
        let sink = LogSink()
        let importer = CaptureImporter(repository: fixture.repository, mappers: [TemplatesMapper()])
        let responder = CaptureImportResponder(importer: importer, log: sink.log)
        let request = HTTPRequest(method: .POST, target: "/__admin/import", path: "/__admin/import",
                                  headers: ["Content-Type": "application/json"], body: Array(CaptureFixture.captureJSON.utf8))

        let response = await withCheckedContinuation { (answered: CheckedContinuation<HTTPResponse, Never>) in
            responder.respond(to: request) { answered.resume(returning: $0) }
        }

        #expect(response.status == .internalServerError)
        let text = String(decoding: response.body, as: UTF8.self)
        for leak in ["INSERT", "mapped", "TemplatesMapper", "no such table"] {
            #expect(!text.contains(leak), "\(text) contains \(leak)")
        }
        #expect(try JSON.parse(response.body)["error"]?["message"]?.stringValue?
            .hasPrefix("internal error, see the server log (request id ") == true)
        let lines = sink.lines.withLock { $0 }
        #expect(lines.count == 1 && lines[0].contains("no such table: mapped"), "\(lines)")
        #expect(try fixture.captureCount() == 0)
    }
}
