@testable import APIRoutes
import CaptureFormats
import Foundation
import HTTPServer
import Store
import Testing
import TestSupport

/// Record mode against a second local server as the upstream: forwarded unchanged, saved as a
/// capture (and a capture file), answered locally next time, 502 when the upstream is gone.
@Suite struct RecordEndToEndTests {
    let upstream: ControlsFixture
    let recordDirectory: URL

    init() async throws {
        // The upstream's journal shows what was forwarded, secrets included.
        upstream = try await ControlsFixture(keepSecrets: true)
        recordDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("recorded-\(UUID().uuidString)")
    }

    func recorder(upstreams: [String]) async throws -> ControlsFixture {
        let parsed = try upstreams.map { try Upstream(parsing: $0) }
        let directory = recordDirectory
        return try await ControlsFixture(modules: [], upstream: UpstreamSettings(upstreams: parsed, record: true,
                                                                            recordDirectory: directory, timeout: 5))
    }

    @Test func forwardsRecordsAndThenAnswersLocally() async throws {
        let recorder = try await recorder(upstreams: [upstream.base + "/"])
        defer { try? FileManager.default.removeItem(at: recordDirectory) }
        let (first, firstBody) = try await recorder.fetch("/app/probe/7?x=1", headers: ["token": "abc", "X-Mock-Delay": "1"])
        #expect(first.statusCode == 200)
        #expect(first.value(forHTTPHeaderField: "X-Mock-Answered-By") == "upstream")
        #expect(try ControlsFixture.json(firstBody)["data"]?["path"] == "/app/probe/7")

        let seen = try #require(try upstream.journal.entries(matching: JournalFilter()).first)
        #expect(seen.target == "/app/probe/7?x=1")
        #expect(seen.headers.contains { $0.name.lowercased() == "token" && $0.value == "abc" })
        #expect(!seen.headers.contains { $0.name.lowercased().hasPrefix("x-mock-") })

        #expect(try recorder.captures.count() == 1)
        let files = try FileManager.default.contentsOfDirectory(at: recordDirectory, includingPropertiesForKeys: nil)
        #expect(files.count == 1)
        let records = try CaptureFile.records(from: Array(try Data(contentsOf: files[0])), file: files[0].lastPathComponent)
        #expect(records.map(\.url) == ["/app/probe/7?x=1"])
        #expect(records.first?.responseBody == Array(firstBody.utf8))

        await upstream.stop()
        let (again, againBody) = try await recorder.fetch("/app/probe/7?x=1")
        #expect(again.statusCode == 200)
        #expect(again.value(forHTTPHeaderField: "X-Mock-Answered-By")?.hasPrefix("capture:") == true)
        #expect(againBody == firstBody)
        #expect(try recorder.captures.count() == 1)
    }

    @Test func postBodiesAreForwardedAndRecorded() async throws {
        let recorder = try await recorder(upstreams: [upstream.base])
        let (response, _) = try await recorder.fetch("/app/probe", method: "POST",
                                                     headers: ["Content-Type": "application/json"], body: #"{"title":"春天"}"#)
        #expect(response.statusCode == 200)
        #expect(try upstream.journal.entries(matching: JournalFilter()).first?.body == Array(#"{"title":"春天"}"#.utf8))
        let stored = try recorder.captures.page(limit: 10, offset: 0).captures
        #expect(stored.map(\.method) == ["POST"])
        #expect(stored.first?.parameters == "title=春天")
    }

    @Test func redirectsComeBackUnfollowedAndHeadIsNotRecorded() async throws {
        let recorder = try await recorder(upstreams: [upstream.base])
        let outcome = try await RawHTTPClient.exchange(port: recorder.port, "GET", "/app/probe/redirect")
        guard case let .response(status, headers, _) = outcome else { Issue.record("\(outcome)"); return }
        #expect(status == 302)
        #expect(headers["location"] == "/app/probe")
        let head = try await RawHTTPClient.exchange(port: recorder.port, "HEAD", "/app/probe/5")
        guard case let .response(headStatus, headHeaders, _) = head else { Issue.record("\(head)"); return }
        #expect(headStatus == 200)
        #expect(headHeaders["x-mock-answered-by"] == "upstream")
        #expect(try recorder.captures.page(limit: 10, offset: 0).captures.map(\.path) == ["/app/probe/redirect"])
    }

    @Test func theRequestsHostAndPortPickTheUpstream() async throws {
        let other = try await ControlsFixture()
        let recorder = try await recorder(upstreams: [upstream.base, "http://localhost:\(other.port)"])
        _ = try await RawHTTPClient.exchange(port: recorder.port, "GET", "/app/probe/1")
        _ = try await RawHTTPClient.exchange(port: recorder.port, "GET", "/app/probe/2", host: "localhost:\(other.port)")
        _ = try await RawHTTPClient.exchange(port: recorder.port, "GET", "http://LOCALHOST:\(other.port)/app/probe/3?q=1")
        _ = try await RawHTTPClient.exchange(port: recorder.port, "GET", "/app/probe/4", host: "localhost:\(recorder.port)")
        #expect(try upstream.journal.entries(matching: JournalFilter()).map(\.target) == ["/app/probe/4", "/app/probe/1"])
        #expect(try other.journal.entries(matching: JournalFilter()).map(\.target) == ["/app/probe/3?q=1", "/app/probe/2"])
    }

    @Test func anUnreachableUpstreamIsA502InThePathsEnvelope() async throws {
        // A port that refuses for the whole test: a stopped server's port could be handed to
        // another test's listener meanwhile, which then answered 404.
        let refusing = try RefusingPort()
        let address = "http://127.0.0.1:\(refusing.port)"
        let recorder = try await recorder(upstreams: [address])
        let (maka, makaBody) = try await recorder.fetch("/app/templates")
        #expect(maka.statusCode == 502)
        let makaJSON = try ControlsFixture.json(makaBody)
        #expect(makaJSON["code"] == 502)
        #expect(makaJSON["msg"]?.stringValue?.contains("upstream \(address) unreachable") == true)
        let (youfan, youfanBody) = try await recorder.fetch("/mbfun_server/index.php?m=Home&a=x")
        #expect(youfan.statusCode == 502)
        #expect(try ControlsFixture.json(youfanBody)["status"] == 0)
        #expect(try recorder.captures.count() == 0)
        withExtendedLifetime(refusing) {}
    }

    @Test func upstreamURLsAreValidated() {
        for bad in ["api.maka.im", "ftp://x", "http://", "http://x/?a=1"] {
            #expect(throws: ControlSyntaxError.self) { try Upstream(parsing: bad) }
        }
    }
}
