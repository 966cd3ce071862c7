@testable import APIRoutes
import CaptureFormats
import Foundation
import Store
import Testing
import TestSupport
import Wire

/// Issue 12: `Authorization: Bearer …` and the other secrets stay out of every file and view a
/// person reads — the `--record-dir` file, the journal, the capture view — while the database
/// copy keeps them, so replay still matches; `--keep-secrets` writes them in clear.
@Suite struct SecretMaskingEndToEndTests {
    let upstream: ControlsFixture
    let recordDirectory: TemporaryDirectory

    init() async throws {
        upstream = try await ControlsFixture()
        recordDirectory = try TemporaryDirectory("recorded-secrets")
    }

    func recorder(keepSecrets: Bool = false) async throws -> ControlsFixture {
        try await ControlsFixture(modules: [], upstream: UpstreamSettings(
            upstreams: [try Upstream(parsing: upstream.base)], record: true, recordDirectory: recordDirectory.url, timeout: 5),
            keepSecrets: keepSecrets)
    }

    static let headers = ["Authorization": "Bearer s3cr3t-bearer", "Cookie": "sid=s3cr3t-cookie",
                          "Content-Type": "application/x-www-form-urlencoded"]
    static let target = "/app/probe/login?token=s3cr3t-token"
    static let body = "email=a%40b.c&password=s3cr3t-password"

    func recordedFile() throws -> String {
        let files = try FileManager.default.contentsOfDirectory(at: recordDirectory.url, includingPropertiesForKeys: nil)
        #expect(files.count == 1)
        return try String(contentsOf: try #require(files.first), encoding: .utf8)
    }

    @Test func secretsAreMaskedInTheRecordedFileTheJournalAndTheCaptureView() async throws {
        let recorder = try await recorder()
        let (first, _) = try await recorder.fetch(Self.target, method: "POST", headers: Self.headers, body: Self.body)
        #expect(first.value(forHTTPHeaderField: "X-Mock-Answered-By") == "upstream")

        let file = try recordedFile()
        #expect(!file.contains("s3cr3t"), "record-dir file: \(file)")
        #expect(file.contains("Bearer [masked]"))
        #expect(file.contains("token=%5Bmasked%5D"))
        #expect(file.contains("password=%5Bmasked%5D"))

        let (_, journal) = try await recorder.fetch("/__admin/requests")
        #expect(!journal.contains("s3cr3t"), "journal: \(journal)")
        #expect(journal.contains("sid=[masked]"))

        let (_, view) = try await recorder.fetch("/__admin/captures/1")
        #expect(!view.contains("s3cr3t"), "capture view: \(view)")
        let (_, list) = try await recorder.fetch("/__admin/captures")
        #expect(!list.contains("s3cr3t"), "capture list: \(list)")

        let stored = try #require(try recorder.captures.record(id: 1))
        #expect(stored.record.url == Self.target, "the database copy keeps what matching needs")
        #expect(stored.record.requestHeaders["Authorization"] == "Bearer s3cr3t-bearer")
        await upstream.stop()
        let (again, _) = try await recorder.fetch(Self.target, method: "POST", headers: Self.headers, body: Self.body)
        #expect(again.value(forHTTPHeaderField: "X-Mock-Answered-By") == "capture:1", "replay still matches")
    }

    @Test func keepSecretsWritesThemInClear() async throws {
        let recorder = try await recorder(keepSecrets: true)
        _ = try await recorder.fetch(Self.target, method: "POST", headers: Self.headers, body: Self.body)
        let file = try recordedFile()
        #expect(file.contains("Bearer s3cr3t-bearer"))
        #expect(file.contains("token=s3cr3t-token"))
        let (_, journal) = try await recorder.fetch("/__admin/requests")
        #expect(journal.contains("s3cr3t-password"))
    }
}
