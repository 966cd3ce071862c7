import Foundation
import Testing
import TestSupport

/// The `serve` executable, spawned from the build products next to the test bundle: the
/// listening line, the health route, and a graceful exit 0 on SIGTERM and SIGINT.
@Suite(.enabled(if: ServeBinary.isBuilt)) struct ServeProcessTests {
    /// An empty seeds directory: nothing to import, so the server is up at once.
    let seeds: TemporaryDirectory

    init() throws {
        seeds = try TemporaryDirectory("no-seeds")
    }

    private func launch(_ arguments: [String]) async throws -> ServeBinary.Launched {
        try await ServeBinary.launch(arguments + ["--seeds", seeds.url.path])
    }

    @Test func printsTheListeningLineAnswersHealthAndExitsZeroOnSIGTERM() async throws {
        let serve = try await launch(["--port", "0", "--quiet", "--db", ":memory:"])
        #expect(serve.listeningLine == "listening on http://127.0.0.1:\(serve.port)")
        let idle = try await RawHTTPClient(port: serve.port)
        try await idle.send("GET /__admin/health HTTP/1.1\r\nHost: t\r\n\r\n")
        let health = try await idle.readResponse()
        #expect(health.status == 200)
        let json = try JSONSerialization.jsonObject(with: Data(health.body)) as? [String: Any]
        #expect(json?["status"] as? String == "ok")
        #expect(json?["version"] as? String != nil)
        #expect(json?["uptimeSeconds"] as? NSNumber != nil)

        serve.send(signal: SIGTERM)
        #expect(await serve.exitStatus() == 0)
        #expect(await idle.isClosedByPeer())
        #expect(await serve.remainingOutput().isEmpty, "--quiet: no access log, nothing after the listening line")
    }

    @Test func onSIGTERMFinishesTheRequestInFlightThenExitsZero() async throws {
        // The answer waits 5 s and the signal comes after 0.2 s: a margin that a starved machine
        // (the whole suite on two cores) cannot eat, so the signal always lands mid-flight.
        let serve = try await launch(["--port", "0", "--quiet", "--db", ":memory:", "--shutdown-deadline", "15"])
        let client = try await RawHTTPClient(port: serve.port, timeout: 15)
        // Admin routes are never delayed; an unknown API path is, and answers a 404 envelope.
        try await client.send("GET /app/in-flight HTTP/1.1\r\nHost: t\r\nX-Mock-Delay: 5000ms\r\n\r\n")
        serve.send(signal: SIGTERM, after: .milliseconds(200))
        let response = try await client.readResponse()
        #expect(response.status == 404)
        #expect(response.header("X-Mock-Delay") == "5000", "the request really was in flight")
        #expect(response.header("Connection") == "close")
        #expect(await serve.exitStatus() == 0)
    }

    @Test func onIPv6ShowsABracketedURLAndExitsZeroOnSIGINT() async throws {
        let serve = try await launch(["--host", "::1", "--port", "0", "--db", ":memory:"])
        guard serve.port > 0 else { return }   // no IPv6 loopback on this machine: nothing to test
        #expect(serve.listeningLine == "listening on http://[::1]:\(serve.port)")
        let client = try await RawHTTPClient(port: serve.port, host: "::1")
        try await client.send("GET /__admin/health HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        #expect(try await client.readResponse().status == 200)
        serve.send(signal: SIGINT)
        #expect(await serve.exitStatus() == 0)
        let log = await serve.remainingOutput()
        #expect(log.contains(" [::1]:") && log.contains(" GET /__admin/health 200 "), "one access-log line per request: \(log)")
    }

    @Test func refusesABadFlag() async throws {
        let outcome = try await ServeBinary.run(["--port", "70000"])
        #expect(outcome.status != 0)
    }
}
