import Foundation
import RegexBuilder
import Testing
import TestSupport

/// The access log and server messages of the built `serve`, in both formats: a time stamp, the
/// client, the status the client really got (none for a closed connection), body bytes without
/// the head, who answered.
@Suite(.enabled(if: ServeBinary.isBuilt)) struct ServeLogTests {
    let seeds: TemporaryDirectory

    init() throws {
        seeds = try TemporaryDirectory("no-seeds")
    }

    /// Three requests: a 404 with a body, a HEAD, and a connection closed by a fault. The log
    /// lines, once serve has exited.
    private func logLines(_ flags: [String]) async throws -> (listening: String, lines: [String], bodyCount: Int) {
        let serve = try await ServeBinary.launch(["--port", "0", "--db", ":memory:", "--seeds", seeds.url.path] + flags)
        let missing = try await RawHTTPClient.exchangeUntilClose(port: serve.port, "GET", "/app/nothing-here")
        #expect(missing.status == 404)
        let head = try await RawHTTPClient.exchangeUntilClose(port: serve.port, "HEAD", "/__admin/health")
        #expect(head.status == 200)
        let client = try await RawHTTPClient(port: serve.port)
        try await client.send("GET", "/app/events", headers: [("X-Mock-Fault", "close")])
        #expect(try await client.readUntilClose().isEmpty, "closed without an answer")
        serve.send(signal: SIGTERM)
        #expect(await serve.exitStatus() == 0)
        let lines = await serve.remainingOutput().split(separator: "\n").map(String.init)
        return (serve.listeningLine, lines, missing.body.count)
    }

    @Test func textLinesHaveTimeClientRealStatusAndBodyBytes() async throws {
        let (_, lines, bodyCount) = try await logLines([])
        try #require(lines.count == 3, "\(lines)")
        let time = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/
        let client = /127\.0\.0\.1:\d+/
        #expect(lines[0].wholeMatch(of: Regex {
            time; " "; client; " GET /app/nothing-here 404 \(bodyCount)B "; /\d+\.\d{3}ms by=not-found/
        }) != nil, "\(lines[0])")
        #expect(lines[1].wholeMatch(of: Regex { time; " "; client; " HEAD /__admin/health 200 0B "; /\d+\.\d{3}ms.*/ }) != nil,
                "a HEAD answer has no body bytes: \(lines[1])")
        #expect(lines[2].wholeMatch(of: Regex { time; " "; client; " GET /app/events - 0B "; /\d+\.\d{3}ms by=fault fault=close/ }) != nil,
                "a closed connection got no status: \(lines[2])")
    }

    @Test func jsonLinesAreOneObjectEachWithStableKeys() async throws {
        let (listening, lines, bodyCount) = try await logLines(["--log-format", "json"])
        let start = try #require(try JSONSerialization.jsonObject(with: Data(listening.utf8)) as? [String: Any])
        #expect(start["level"] as? String == "info")
        #expect((start["url"] as? String)?.hasPrefix("http://127.0.0.1:") == true, "\(listening)")
        #expect((start["message"] as? String)?.hasPrefix("listening on http://127.0.0.1:") == true)
        try #require(lines.count == 3, "\(lines)")
        let objects = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        let keys: Set = ["time", "client", "method", "target", "status", "bytes", "ms", "answeredBy", "fault", "delayMs"]
        for object in objects { #expect(Set(object.keys) == keys, "\(object)") }
        #expect(objects[0]["status"] as? Int == 404)
        #expect(objects[0]["bytes"] as? Int == bodyCount)
        #expect(objects[0]["target"] as? String == "/app/nothing-here")
        #expect(objects[0]["answeredBy"] as? String == "not-found")
        #expect((objects[0]["time"] as? String)?.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/) != nil)
        #expect(objects[1]["bytes"] as? Int == 0)
        #expect(objects[2]["status"] is NSNull)
        #expect(objects[2]["fault"] as? String == "close")
    }

    @Test func anUnknownFormatIsRefused() async throws {
        let outcome = try await ServeBinary.run(["--log-format", "xml", "--db", ":memory:"])
        #expect(outcome.status == 64)
        #expect(outcome.stderr.contains("log-format"), "\(outcome.stderr)")
    }
}
