import APIRoutes
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport

/// Every fault kind as a client sees it: raw bytes on the wire, and what URLSession reports.
@Suite struct FaultEndToEndTests {
    let fixture: ControlsFixture
    init() async throws { fixture = try await ControlsFixture() }

    func wire(_ fault: String, timeout: Double = 5) async throws -> RawHTTPClient.Outcome {
        try await RawHTTPClient.exchange(port: fixture.port, "GET", "/app/probe", headers: [("X-Mock-Fault", fault)], timeout: timeout)
    }

    @Test func resetIsATCPReset() async throws {
        #expect(try await wire("reset") == .reset)
    }

    @Test func closeSendsNothing() async throws {
        #expect(try await wire("close") == .closed(afterBytes: ""))
    }

    @Test func emptySendsTheHeadThenCloses() async throws {
        guard case let .closed(bytes) = try await wire("empty") else { Issue.record("expected a close"); return }
        #expect(bytes.hasPrefix("HTTP/1.1 200"))
        #expect(bytes.contains("Content-Length: "))
        #expect(bytes.hasSuffix("\r\n\r\n"))
    }

    @Test func malformedBreaksTheChunkedBody() async throws {
        guard case let .closed(bytes) = try await wire("malformed") else { Issue.record("expected a close"); return }
        #expect(bytes.hasPrefix("HTTP/1.1 200"))
        #expect(bytes.lowercased().contains("transfer-encoding: chunked"))
    }

    @Test func timeoutNeverAnswers() async throws {
        #expect(try await wire("timeout", timeout: 0.5) == .silence)
    }

    @Test(arguments: ["reset", "close", "empty", "malformed", "timeout"])
    func urlSessionReportsANetworkError(fault: String) async throws {
        await #expect(throws: (any Error).self) {
            _ = try await fixture.fetch("/app/probe", headers: ["X-Mock-Fault": fault], timeout: 1)
        }
        let (response, _) = try await fixture.fetch("/app/probe")
        #expect(response.statusCode == 200)
    }

    @Test func statusFaultUsesThePathsEnvelope() async throws {
        let (maka, makaBody) = try await fixture.fetch("/app/probe", headers: ["X-Mock-Fault": "status:503"])
        #expect(maka.statusCode == 503)
        #expect(try ControlsFixture.json(makaBody)["code"] == 503)
        #expect(maka.value(forHTTPHeaderField: "X-Mock-Fault") == "status:503")
        let (youfan, youfanBody) = try await fixture.fetch("/mbfun_server/index.php?m=Probe&a=x",
                                                           headers: ["X-Mock-Fault": "status:500"])
        #expect(youfan.statusCode == 500)
        #expect(try ControlsFixture.json(youfanBody)["status"] == 0)
        let (plain, plainBody) = try await fixture.fetch("/elsewhere", headers: ["X-Mock-Fault": "status:404"])
        #expect(plain.statusCode == 404)
        #expect(try ControlsFixture.json(plainBody)["error"]?["status"] == 404)
    }

    @Test func businessFaultIsHTTP200WithTheAPIsErrorEnvelope() async throws {
        let (maka, makaBody) = try await fixture.fetch("/app/probe", headers: ["X-Mock-Fault": "business:401"])
        #expect(maka.statusCode == 200)
        let makaJSON = try ControlsFixture.json(makaBody)
        #expect(makaJSON["code"] == 401)
        #expect(makaJSON["data"] == .null)
        #expect(maka.value(forHTTPHeaderField: "Content-Type") == "application/json; charset=utf-8")
        let (youfan, youfanBody) = try await fixture.fetch("/mbfun_server/index.php?m=Probe&a=x",
                                                           headers: ["X-Mock-Fault": "business:2"])
        #expect(youfan.statusCode == 200)
        #expect(try ControlsFixture.json(youfanBody)["status"] == 0)
        #expect(youfanBody.contains("模拟的业务错误"))
    }

    @Test func aBadControlHeaderIsA400ThatSaysWhyAndTheServerKeepsServing() async throws {
        let (fault, faultBody) = try await fixture.fetch("/app/probe", headers: ["X-Mock-Fault": "explode"])
        #expect(fault.statusCode == 400)
        #expect(try ControlsFixture.json(faultBody)["msg"]?.stringValue?.contains("fault \"explode\" is not understood") == true)
        let (delay, delayBody) = try await fixture.fetch("/mbfun_server/index.php?m=Probe&a=x", headers: ["X-Mock-Delay": "soon"])
        #expect(delay.statusCode == 400)
        #expect(try ControlsFixture.json(delayBody)["info"]?.stringValue?.contains("latency \"soon\"") == true)
        let (ok, _) = try await fixture.fetch("/app/probe")
        #expect(ok.statusCode == 200)
    }

    @Test func globalFaultRateIsSeededSoARunRepeats() async throws {
        func statuses(seed: UInt64) async throws -> [Int] {
            let global = GlobalControls(fault: try FaultPlan(kinds: [.status(500), .business(9)], rate: 0.5))
            let server = try await ControlsFixture(global: global, seed: seed)
            var statuses: [Int] = []
            for _ in 0..<30 {
                let (response, body) = try await server.fetch("/app/probe")
                statuses.append(response.statusCode == 200 ? (try ControlsFixture.json(body)["code"]?.intValue ?? 0) : response.statusCode)
            }
            return statuses
        }
        let first = try await statuses(seed: 11)
        #expect(first == (try await statuses(seed: 11)))
        #expect(Set(first) == [200, 500, 9])
    }
}
