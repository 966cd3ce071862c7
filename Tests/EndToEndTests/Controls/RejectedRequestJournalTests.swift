import APIRoutes
import Foundation
import Testing
import TestSupport

/// Requests the server refuses by itself never reach the application, yet a client developer
/// looks for them in the journal: they are recorded there with the reason the client was given.
@Suite struct RejectedRequestJournalTests {
    let fixture: ControlsFixture
    init() async throws { fixture = try await ControlsFixture() }

    @Test func malformedAndOversizedRequestsAreJournaledWithTheirReason() async throws {
        let smuggling = try await RawHTTPClient.exchange(
            port: fixture.port, "POST", "/app/probe", headers: [("Transfer-Encoding", "chunked")], body: "x")
        guard case .response(status: 400, _, _) = smuggling else {
            Issue.record("Content-Length with Transfer-Encoding answered \(smuggling)")
            return
        }
        let oversized = try await RawHTTPClient.exchange(
            port: fixture.port, "GET", "/app/probe", headers: [("Content-Length", "99999999999")])
        guard case .response(status: 413, _, _) = oversized else {
            Issue.record("an oversized body answered \(oversized)")
            return
        }
        let garbled = try await RawHTTPClient.exchange(port: fixture.port, "NOT A", "REQUEST")
        guard case .response(status: 400, _, _) = garbled else {
            Issue.record("a garbled request line answered \(garbled)")
            return
        }

        let (response, text) = try await fixture.fetch("/__admin/requests")
        #expect(response.statusCode == 200)
        let requests = try #require(try ControlsFixture.json(text)["requests"]?.arrayValue)
        #expect(requests.map { $0["status"]?.intValue } == [400, 413, 400])
        #expect(requests.allSatisfy { $0["answeredBy"] == "server" })
        #expect(requests[1]["path"] == "/app/probe")
        #expect(requests[1]["rejection"]?.stringValue?.isEmpty == false)
        #expect(requests[2]["rejection"]?.stringValue?.contains("Transfer-Encoding") == true)
        #expect(requests[0]["path"] == "")

        // The server keeps serving, and the journal still records answered requests as before.
        let (probe, _) = try await fixture.fetch("/app/probe")
        #expect(probe.statusCode == 200)
        let (_, counted) = try await fixture.fetch("/__admin/requests/count?status=400")
        #expect(try ControlsFixture.json(counted)["count"] == 2)
    }
}
