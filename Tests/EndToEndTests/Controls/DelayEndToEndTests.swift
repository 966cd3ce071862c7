import APIRoutes
import Foundation
import Testing

/// Delays come from the server's timers, not from threads: many delayed requests overlap.
@Suite struct DelayEndToEndTests {
    @Test func headerDelayIsHonoured() async throws {
        let fixture = try ControlsFixture()
        let clock = ContinuousClock()
        let start = clock.now
        let (response, _) = try await fixture.fetch("/app/probe", headers: ["X-Mock-Delay": "300"])
        let elapsed = start.duration(to: clock.now)
        #expect(response.statusCode == 200)
        #expect(response.value(forHTTPHeaderField: "X-Mock-Delay") == "300")
        // No upper bound here: async tests share a cooperative pool that other (blocking) suites
        // can starve; the concurrent test below bounds the time on its own thread.
        #expect(elapsed >= .milliseconds(300))
    }

    @Test func twoHundredConcurrentOneSecondDelaysFinishTogether() throws {
        let fixture = try ControlsFixture()
        let clients = try (0..<200).map { _ in try RawHTTPClient(port: fixture.port, timeout: 10) }
        let clock = ContinuousClock()
        let start = clock.now
        for client in clients {
            try client.send("GET", "/app/probe", headers: [("X-Mock-Delay", "1000")])
        }
        let outcomes = clients.map { $0.read() }
        let elapsed = start.duration(to: clock.now)
        #expect(outcomes.allSatisfy { if case .response(200, _, _) = $0 { true } else { false } })
        #expect(elapsed >= .milliseconds(1000))
        #expect(elapsed < .seconds(3), "200 delayed requests took \(elapsed)")
    }

    @Test func capturedLatencyReplaysTheRecordedWait() async throws {
        let fixture = try ControlsFixture(global: GlobalControls(latency: .captured))
        let record = CaptureRecordFactory.make(url: "/app/probe?x=1", wait: 250)
        _ = try fixture.database.write { try fixture.captures.store(record, in: $0) }
        let (recorded, _) = try await fixture.fetch("/app/probe?x=1")
        #expect(recorded.value(forHTTPHeaderField: "X-Mock-Delay") == "250")
        let (unrecorded, _) = try await fixture.fetch("/app/probe?x=2")
        #expect(unrecorded.value(forHTTPHeaderField: "X-Mock-Delay") == nil)
    }
}
