import APIRoutes
import Foundation
import Testing
import TestSupport

/// CORS for Maka's H5 pages: preflights answered, headers on every API answer, off with --no-cors.
@Suite struct CORSEndToEndTests {
    @Test func preflightIsA204ThatEchoesWhatWasAsked() async throws {
        let fixture = try await ControlsFixture()
        let outcome = try await RawHTTPClient.exchange(port: fixture.port, "OPTIONS", "/app/event", headers: [
            ("Origin", "http://h5.maka.im"), ("Access-Control-Request-Method", "PUT"),
            ("Access-Control-Request-Headers", "content-type, token, x-mock-delay"),
        ])
        guard case let .response(status, headers, body) = outcome else { Issue.record("\(outcome)"); return }
        #expect(status == 204)
        #expect(body.isEmpty)
        #expect(headers["access-control-allow-origin"] == "http://h5.maka.im")
        #expect(headers["access-control-allow-headers"] == "content-type, token, x-mock-delay")
        #expect(headers["access-control-allow-methods"]?.contains("PUT") == true)
        #expect(headers["access-control-allow-credentials"] == nil, "credentials only for pages on this machine")
        #expect(headers["access-control-max-age"] == "600")
    }

    @Test func everyAnswerCarriesTheHeaders() async throws {
        let fixture = try await ControlsFixture()
        let (ok, _) = try await fixture.fetch("/app/probe", headers: ["Origin": "http://localhost:3000"])
        #expect(ok.value(forHTTPHeaderField: "Access-Control-Allow-Origin") == "http://localhost:3000")
        #expect(ok.value(forHTTPHeaderField: "Access-Control-Expose-Headers")?.contains("X-Mock-Delay") == true)
        let (fault, _) = try await fixture.fetch("/app/probe", headers: ["X-Mock-Fault": "status:502"])
        #expect(fault.statusCode == 502)
        #expect(fault.value(forHTTPHeaderField: "Access-Control-Allow-Origin") == "*")
        let (notFound, _) = try await fixture.fetch("/nowhere")
        #expect(notFound.statusCode == 404)
        #expect(notFound.value(forHTTPHeaderField: "Access-Control-Allow-Origin") == "*")
        let (admin, _) = try await fixture.fetch("/__admin/requests")
        #expect(admin.statusCode == 200)
        #expect(admin.value(forHTTPHeaderField: "Access-Control-Allow-Origin") == nil, "the admin API never answers other origins")
    }

    @Test func noCORSMeansNoHeadersAndNoPreflightAnswer() async throws {
        let fixture = try await ControlsFixture(cors: false)
        let (ok, _) = try await fixture.fetch("/app/probe", headers: ["Origin": "http://h5.maka.im"])
        #expect(ok.value(forHTTPHeaderField: "Access-Control-Allow-Origin") == nil)
        let outcome = try await RawHTTPClient.exchange(port: fixture.port, "OPTIONS", "/nowhere", headers: [
            ("Origin", "http://h5.maka.im"), ("Access-Control-Request-Method", "GET"),
        ])
        guard case let .response(status, headers, _) = outcome else { Issue.record("\(outcome)"); return }
        #expect(status == 404)
        #expect(headers["access-control-allow-origin"] == nil)
    }
}
