import APIRoutes
import Foundation
import HTTPServer
import Testing
import Wire
@testable import serve

/// `serve`'s wiring of the mock controls: the flags reach the controls around the application.
@Suite struct ServeMockWiringTests {
    @Test func flagsShapeWhatTheServerAnswers() throws {
        let seeds = try TemporaryDirectory("no-seeds")
        let store = try StoreOptions.parse(["--db", ":memory:", "--seeds", seeds.url.path])
        let mock = try MockOptions.parse(["--latency", "40ms", "--fault", "status:503", "--seed", "5", "--no-cors",
                                          "--journal-size", "2"])
        let assembly = try MockServerAssembly(storeOptions: store, mockOptions: mock) { _ in }
        let server = try LoopbackServer(responder: assembly.controls, errorResponder: MockServerAssembly.errorResponder)
        let port = server.port
        defer { server.stop() }
        for _ in 0..<3 {
            let outcome = try RawHTTPClient.exchange(port: port, "GET", "/app/templates", headers: [("Origin", "http://h5.maka.im")])
            guard case let .response(status, headers, body) = outcome else { Issue.record("\(outcome)"); return }
            #expect(status == 503)
            #expect(headers["x-mock-delay"] == "40")
            #expect(headers["access-control-allow-origin"] == nil)
            #expect(try JSON.parse(body)["code"] == 503)
        }
        guard case let .response(_, _, rules) = try RawHTTPClient.exchange(port: port, "GET", "/__admin/rules") else {
            Issue.record("no rules answer"); return
        }
        #expect(try JSON.parse(rules)["seed"] == "5")
        guard case let .response(_, _, journal) = try RawHTTPClient.exchange(port: port, "GET", "/__admin/requests") else {
            Issue.record("no journal answer"); return
        }
        #expect(try JSON.parse(journal)["total"] == 2)
        guard case let .response(resetStatus, _, reset) = try RawHTTPClient.exchange(port: port, "POST", "/__admin/reset") else {
            Issue.record("no reset answer"); return
        }
        #expect(resetStatus == 200)
        #expect(try JSON.parse(reset)["journalCleared"] == 2)
    }
}
