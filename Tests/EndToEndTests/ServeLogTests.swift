import Foundation
import RegexBuilder
import Testing
import TestSupport

/// The access log and server messages of the built `serve`, in both formats: a time stamp, the
/// client, the status the client really got (none for a closed connection), body bytes without
/// the head, who answered, the request id (the client's `X-Request-Id` when it sent one) and
/// the business code of the envelope.
@Suite(.enabled(if: ServeBinary.isBuilt)) struct ServeLogTests {
    let seeds: TemporaryDirectory

    init() throws {
        seeds = try TemporaryDirectory("no-seeds")
    }

    /// Four requests: a 404 with a body, a HEAD, a connection closed by a fault, and a Youfan
    /// action the client tags with `X-Request-Id`. The log lines, once serve has exited.
    private func logLines(_ flags: [String]) async throws -> (listening: String, lines: [String], bodyCount: Int) {
        let serve = try await ServeBinary.launch(["--port", "0", "--db", ":memory:", "--seeds", seeds.url.path] + flags)
        let missing = try await RawHTTPClient.exchangeUntilClose(port: serve.port, "GET", "/app/nothing-here")
        #expect(missing.status == 404)
        let head = try await RawHTTPClient.exchangeUntilClose(port: serve.port, "HEAD", "/__admin/health")
        #expect(head.status == 200)
        let client = try await RawHTTPClient(port: serve.port)
        try await client.send("GET", "/app/events", headers: [("X-Mock-Fault", "close")])
        #expect(try await client.readUntilClose().isEmpty, "closed without an answer")
        let youfan = try await RawHTTPClient.exchangeUntilClose(
            port: serve.port, "GET", "/mbfun_server/index.php?m=Item&a=getItemListForClsV2&page=0", headers: [("X-Request-Id", "ui-test-42")])
        #expect(youfan.status == 200)
        serve.send(signal: SIGTERM)
        #expect(await serve.exitStatus() == 0)
        let lines = await serve.remainingOutput().split(separator: "\n").map(String.init)
        return (serve.listeningLine, lines, missing.body.count)
    }

    @Test func textLinesHaveTimeClientRealStatusAndBodyBytes() async throws {
        let (_, lines, bodyCount) = try await logLines([])
        try #require(lines.count == 4, "\(lines)")
        let time = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/
        let client = /127\.0\.0\.1:\d+/
        #expect(lines[0].wholeMatch(of: Regex {
            time; " "; client; " GET /app/nothing-here 404 \(bodyCount)B "; /\d+\.\d{3}ms id=\d+ by=not-found code=404/
        }) != nil, "\(lines[0])")
        #expect(lines[1].wholeMatch(of: Regex { time; " "; client; " HEAD /__admin/health 200 0B "; /\d+\.\d{3}ms.*/ }) != nil,
                "a HEAD answer has no body bytes: \(lines[1])")
        #expect(lines[2].wholeMatch(of: Regex { time; " "; client; " GET /app/events - 0B "; /\d+\.\d{3}ms id=\d+ by=fault fault=close/ }) != nil,
                "a closed connection got no status and no code: \(lines[2])")
        #expect(lines[3].hasSuffix("ms id=ui-test-42 by=youfan code=-100"), "the client's request id: \(lines[3])")
        let ids = lines.prefix(3).map { $0.firstMatch(of: /id=(\d+)/)?.1 }
        #expect(Set(ids).count == 3 && !ids.contains(nil), "generated ids are unique: \(ids)")
    }

    @Test func jsonLinesAreOneObjectEachWithStableKeys() async throws {
        let (listening, lines, bodyCount) = try await logLines(["--log-format", "json"])
        let start = try #require(try JSONSerialization.jsonObject(with: Data(listening.utf8)) as? [String: Any])
        #expect(start["level"] as? String == "info")
        #expect((start["url"] as? String)?.hasPrefix("http://127.0.0.1:") == true, "\(listening)")
        #expect((start["message"] as? String)?.hasPrefix("listening on http://127.0.0.1:") == true)
        try #require(lines.count == 4, "\(lines)")
        let objects = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        let keys: Set = ["time", "requestId", "client", "method", "target", "status", "code", "bytes", "ms", "answeredBy",
                         "fault", "delayMs"]
        for object in objects { #expect(Set(object.keys) == keys, "\(object)") }
        #expect(objects[0]["status"] as? Int == 404)
        #expect(objects[0]["bytes"] as? Int == bodyCount)
        #expect(objects[0]["target"] as? String == "/app/nothing-here")
        #expect(objects[0]["answeredBy"] as? String == "not-found")
        #expect((objects[0]["time"] as? String)?.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/) != nil)
        #expect(objects[1]["bytes"] as? Int == 0)
        #expect(objects[2]["status"] is NSNull)
        #expect(objects[2]["fault"] as? String == "close")
        #expect(objects[2]["code"] is NSNull, "no code when the client got no answer")
        #expect(objects[0]["code"] as? String == "404")
        #expect(objects[3]["requestId"] as? String == "ui-test-42")
        #expect(objects[3]["code"] as? String == "-100")
    }

    @Test func anUnknownFormatIsRefused() async throws {
        let outcome = try await ServeBinary.run(["--log-format", "xml", "--db", ":memory:"])
        #expect(outcome.status == 64)
        #expect(outcome.stderr.contains("log-format"), "\(outcome.stderr)")
    }
}
