import Foundation
import Testing
import TestSupport

/// The built `serve` with the upstream and proxy flags, as a new user runs it: the timeout flag
/// is honoured and the tunnel works through the real process.
@Suite struct ServeUpstreamFlagsTests {
    @Test(.enabled(if: ServeBinary.isBuilt)) func upstreamTimeoutAndProxyFlagsTakeEffect() async throws {
        let silent = try ScriptedTCPServer(.silent)
        let echo = try ScriptedTCPServer(.echo)
        let seeds = try TemporaryDirectory("no-seeds")
        let serve = try await ServeBinary.launch([
            "--port", "0", "--quiet", "--db", ":memory:", "--seeds", seeds.url.path, "--record",
            "--upstream", "http://127.0.0.1:\(silent.port)", "--upstream-timeout", "1", "--proxy-allow", "127.0.0.1",
        ])
        let started = ContinuousClock.now
        let outcome = try await RawHTTPClient.exchange(port: serve.port, "GET", "/app/only-upstream-knows")
        // Below the 30 s default with room for a machine busy with the rest of the suite.
        #expect(started.duration(to: .now) < .seconds(25), "the 1 s flag, not the 30 s default")
        #expect(outcome.status == 504)
        #expect(outcome.body.contains("timed out after 1 s"))

        let client = try await RawHTTPClient(port: serve.port)
        try await client.send("CONNECT 127.0.0.1:\(echo.port) HTTP/1.1\r\nHost: 127.0.0.1:\(echo.port)\r\n\r\n")
        #expect(try await client.readResponse().status == 200)
        try await client.send("HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nping")
        #expect(try await client.readResponse().bodyText == "ping")
        serve.send(signal: SIGTERM)
        #expect(await serve.exitStatus() == 0)
        withExtendedLifetime((silent, echo, seeds)) {}
    }
}
