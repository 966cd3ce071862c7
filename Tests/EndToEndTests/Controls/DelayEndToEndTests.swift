import APIRoutes
import Foundation
import Testing
import TestSupport

/// Delays come from the server's timers, not from threads: many delayed requests overlap.
@Suite struct DelayEndToEndTests {
    @Test func headerDelayIsHonoured() async throws {
        let fixture = try await ControlsFixture()
        let clock = ContinuousClock()
        let start = clock.now
        let (response, _) = try await fixture.fetch("/app/probe", headers: ["X-Mock-Delay": "300"])
        let elapsed = start.duration(to: clock.now)
        #expect(response.statusCode == 200)
        #expect(response.value(forHTTPHeaderField: "X-Mock-Delay") == "300")
        #expect(elapsed >= .milliseconds(300))
        // Far above 300 ms, so a machine busy with the rest of the suite cannot fail it; far below
        // the 300 s a delay read in the wrong unit would take.
        #expect(elapsed < .seconds(30), "a 300 ms delay took \(elapsed)")
    }

    @Test func twoHundredConcurrentOneSecondDelaysFinishTogether() async throws {
        let fixture = try await ControlsFixture()
        var clients: [RawHTTPClient] = []
        for _ in 0..<200 { clients.append(try await RawHTTPClient(port: fixture.port, timeout: 10)) }
        let clock = ContinuousClock()
        let start = clock.now
        let outcomes = try await withThrowingTaskGroup(of: RawHTTPClient.Outcome.self) { group in
            for client in clients {
                group.addTask {
                    try await client.send("GET", "/app/probe", headers: [("X-Mock-Delay", "1000")])
                    return await client.read()
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let elapsed = start.duration(to: clock.now)
        #expect(outcomes.allSatisfy { if case .response(200, _, _) = $0 { true } else { false } })
        #expect(elapsed >= .milliseconds(1000))
        // One after another they would take 200 s; overlapping, about one. The bound sits far from
        // both, so a machine busy with the rest of the suite cannot fail it.
        #expect(elapsed < .seconds(30), "200 delayed requests took \(elapsed)")
    }

    @Test func capturedLatencyReplaysTheRecordedWait() async throws {
        let fixture = try await ControlsFixture(global: GlobalControls(latency: .captured))
        let record = CaptureRecordFactory.make(url: "/app/probe?x=1", wait: 250)
        _ = try fixture.database.write { try fixture.captures.store(record, in: $0) }
        let (recorded, _) = try await fixture.fetch("/app/probe?x=1")
        #expect(recorded.value(forHTTPHeaderField: "X-Mock-Delay") == "250")
        let (unrecorded, _) = try await fixture.fetch("/app/probe?x=2")
        #expect(unrecorded.value(forHTTPHeaderField: "X-Mock-Delay") == nil)
    }
}
