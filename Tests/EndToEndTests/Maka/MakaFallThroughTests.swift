import Foundation
import Testing
import Wire

/// What the mock knows, then what was captured: a template the Maka module does not know is
/// answered from a capture when there is one, and only otherwise with Maka's business 404.
@Suite struct MakaFallThroughTests {
    @Test func anUnknownTemplateIsReplayedFromItsCaptureElseABusiness404() async throws {
        let server = try await MakaTestServer()
        let client = MakaClient(server: server)
        // A document without a title: the capture mapper cannot file it, so the module never learns it.
        let captured = #"{"code":200,"msg":"ok","data":{"id":"T_ZZZZZZZZ","pdata":{"json":[],"music":[]}}}"#
        let capture = #"[{"request":{"method":"GET","url":"http://api.maka.im/app/template/T_ZZZZZZZZ"},"response":{"status":200,"headers":{"Content-Type":"application/json; charset=utf-8"},"body":\#(captured)}}]"#
        let imported = try await client.send("POST", "/__admin/import", headers: ["Content-Type": "application/json"],
                                             bodyOverride: Data(capture.utf8))
        #expect(imported.status == 200, "\(imported.text)")

        let replayed = try await client.get("/app/template/T_ZZZZZZZZ")
        #expect(replayed.json == (try JSON.parse(captured)), "\(replayed.text)")
        #expect(replayed.headers["X-Mock-Answered-By"]?.hasPrefix("capture:") == true)
        #expect(replayed.headers["X-Mock-Ask-Fallbacks"] == nil, "the internal mark never leaves the server")

        let unknown = try await client.get("/app/template/T_YYYYYYYY")
        expectFailure(unknown, code: 404, mentioning: "T_YYYYYYYY")
        #expect(unknown.headers["X-Mock-Answered-By"] == "maka")
        #expect(unknown.headers["X-Mock-Ask-Fallbacks"] == nil)
        await server.stop()
    }
}
