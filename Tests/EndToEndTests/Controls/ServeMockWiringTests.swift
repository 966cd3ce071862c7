import APIRoutes
import Foundation
import Testing
import Wire
@testable import serve
import TestSupport

/// The mock controls settings reach the controls around the assembled application.
@Suite struct ServeMockWiringTests {
    @Test func settingsShapeWhatTheServerAnswers() async throws {
        let directory = try TemporaryDirectory("wiring")
        let controls = MockControlSettings(global: try GlobalControls(latency: "40ms", fault: "status:503", faultRate: nil),
                                           seed: 5, journalSize: 2, cors: false)
        let server = try await AssembledServer.start(MockServerConfiguration(databasePath: ":memory:", seedsDirectory: directory.url.path,
                                                                 controls: controls))
        let port = server.port
        for _ in 0..<3 {
            let outcome = try await RawHTTPClient.exchange(port: port, "GET", "/app/templates", headers: [("Origin", "http://h5.maka.im")])
            guard case let .response(status, headers, body) = outcome else { Issue.record("\(outcome)"); return }
            #expect(status == 503)
            #expect(headers["x-mock-delay"] == "40")
            #expect(headers["access-control-allow-origin"] == nil)
            #expect(try JSON.parse(body)["code"] == 503)
        }
        guard case let .response(_, _, rules) = try await RawHTTPClient.exchange(port: port, "GET", "/__admin/rules") else {
            Issue.record("no rules answer"); return
        }
        #expect(try JSON.parse(rules)["seed"] == "5")
        guard case let .response(_, _, journal) = try await RawHTTPClient.exchange(port: port, "GET", "/__admin/requests") else {
            Issue.record("no journal answer"); return
        }
        #expect(try JSON.parse(journal)["total"] == 2)
        guard case let .response(resetStatus, _, reset) = try await RawHTTPClient.exchange(port: port, "POST", "/__admin/reset") else {
            Issue.record("no reset answer"); return
        }
        #expect(resetStatus == 200)
        #expect(try JSON.parse(reset)["journalCleared"] == 2)
        await server.stop()
    }
}
