@testable import APIRoutes
import Foundation
import HTTPServer
import Testing
import TestSupport

/// The mock as a phone's HTTP proxy: `CONNECT` tunnels to a loopback echo server byte for byte,
/// `--proxy-allow` limiting tunnels and forwards, and no relaying at all without proxy flags.
@Suite struct ProxyEndToEndTests {
    func mock(upstreams: [String] = [], proxy: ProxyPolicy) async throws -> ControlsFixture {
        let settings = UpstreamSettings(upstreams: try upstreams.map { try Upstream(parsing: $0) }, timeout: 5, proxy: proxy)
        return try await ControlsFixture(cors: false, modules: [ProbeModule()], upstream: settings)
    }

    func allowing(_ patterns: String...) throws -> ProxyPolicy {
        ProxyPolicy(isEnabled: true, allowed: try patterns.map { try HostPattern(parsing: $0) })
    }

    @Test func connectOpensATunnelThatCopiesBytesBothWays() async throws {
        let echo = try ScriptedTCPServer(.echo)
        let mock = try await mock(proxy: try allowing("127.0.0.1"))
        let client = try await RawHTTPClient(port: mock.port)
        try await client.send("CONNECT 127.0.0.1:\(echo.port) HTTP/1.1\r\nHost: 127.0.0.1:\(echo.port)\r\n\r\n")
        let established = try await client.readResponse()
        #expect(established.head == "HTTP/1.1 200 Connection Established")

        // Through the tunnel, bytes the mock would never accept as HTTP: the echo sends them back.
        let binary: [UInt8] = [0x00, 0x01, 0x16, 0x03, 0x01, 0xFF]
        try await client.send(Array("HTTP/1.1 299 Through\r\nContent-Length: 6\r\n\r\n".utf8) + binary)
        let echoed = try await client.readResponse()
        #expect(echoed.head == "HTTP/1.1 299 Through\r\nContent-Length: 6")
        #expect(echoed.body == binary)
        let large = [UInt8](repeating: 0x61, count: 3 << 20)
        try await client.send(Array("HTTP/1.1 200 OK\r\nContent-Length: \(large.count)\r\n\r\n".utf8) + large)
        #expect(try await client.readResponse().body == large)

        let (probe, _) = try await mock.fetch("/app/probe")
        #expect(probe.statusCode == 200, "the server keeps serving")
        withExtendedLifetime(echo) {}
    }

    @Test func curlTunnelsThroughTheMock() async throws {
        let upstream = try ScriptedTCPServer(.answer(UpstreamForwardingTests.answer))
        let mock = try await mock(proxy: try allowing("127.0.0.1"))
        let curl = try await ChildProcess.run("/usr/bin/curl",
                                              ["-s", "-i", "--proxytunnel", "-x", mock.base, "http://127.0.0.1:\(upstream.port)/through"])
        let output = curl.standardOutput
        #expect(output.hasPrefix("HTTP/1.1 200 Connection Established\r\n\r\nHTTP/1.1 201 Made Here\r\n"))
        #expect(output.hasSuffix("\r\n\r\nhello"))
        #expect(upstream.requests.count == 1)
        withExtendedLifetime(mock) {}
    }

    @Test func tunnelsAndForwardsOutsideProxyAllowAreRefused() async throws {
        let allowed = try ScriptedTCPServer(.answer(UpstreamForwardingTests.answer))
        let other = try ScriptedTCPServer(.answer(UpstreamForwardingTests.answer))
        let mock = try await mock(proxy: try allowing("127.0.0.1:\(allowed.port)"))

        let tunnel = try await RawHTTPClient.exchange(port: mock.port, "CONNECT", "127.0.0.1:\(other.port)",
                                                      host: "127.0.0.1:\(other.port)")
        #expect(tunnel == .response(status: 403, headers: tunnel.headers, body: """
            {"error":{"status":403,"message":"proxy: a tunnel to 127.0.0.1:\(other.port) is not allowed; see --proxy-allow"}}
            """))
        let forward = try await RawHTTPClient.exchange(port: mock.port, "GET", "http://127.0.0.1:\(other.port)/app/photo.jpg")
        #expect(forward.status == 403)
        #expect(forward.body.contains("proxy: forwarding to 127.0.0.1:\(other.port) is not allowed"))
        #expect(other.connections == 0)

        let permitted = try await RawHTTPClient.exchange(port: mock.port, "GET", "http://127.0.0.1:\(allowed.port)/img/a.jpg")
        #expect(permitted.status == 201)
        #expect(permitted.body == "hello")
        #expect(allowed.requests.map { String(decoding: $0, as: UTF8.self) }
            == ["GET /img/a.jpg HTTP/1.1\r\nHost: 127.0.0.1:\(allowed.port)\r\n\r\n"])
        let (probe, _) = try await mock.fetch("/app/probe")
        #expect(probe.statusCode == 200, "the API is still mocked, not forwarded")
    }

    @Test func withoutProxyFlagsNothingIsRelayed() async throws {
        let upstream = try ScriptedTCPServer(.answer(UpstreamForwardingTests.answer))
        let target = try ScriptedTCPServer(.echo)
        let plain = try await mock(proxy: .off)
        let connect = try await RawHTTPClient.exchange(port: plain.port, "CONNECT", "127.0.0.1:\(target.port)")
        #expect(connect.status == 403)
        #expect(connect.body.contains("CONNECT tunnels are off"))
        let absolute = try await RawHTTPClient.exchange(port: plain.port, "GET", "http://127.0.0.1:\(target.port)/x")
        #expect(absolute.status == 404)

        // Record mode once glued an authority-form target onto the upstream base URL.
        let recording = try await mock(upstreams: ["http://127.0.0.1:\(upstream.port)"], proxy: .off)
        let attack = try await RawHTTPClient.exchange(port: recording.port, "CONNECT", ".attacker.example:8080")
        #expect(attack.status == 403)
        #expect(target.connections == 0)
        #expect(upstream.connections == 0)
        withExtendedLifetime((plain, recording)) {}
    }

    /// With tunnels on, a target that only looks like an allowed host is parsed as a host and a
    /// port and refused; it is never glued onto the upstream's URL.
    @Test func withTheProxyOnTargetsOutsideTheAllowListAreRefusedNotGlued() async throws {
        let upstream = try ScriptedTCPServer(.answer(UpstreamForwardingTests.answer))
        let recording = try await mock(upstreams: ["http://127.0.0.1:\(upstream.port)"], proxy: try allowing("127.0.0.1"))
        for target in [".attacker.example:8080", "127.0.0.1.attacker.example:8080"] {
            let attack = try await RawHTTPClient.exchange(port: recording.port, "CONNECT", target)
            #expect(attack.status == 403)
            #expect(attack.body.contains("proxy: a tunnel to \(target) is not allowed; see --proxy-allow"), "\(attack.body)")
        }
        let userinfo = try await RawHTTPClient.exchange(port: recording.port, "CONNECT", "127.0.0.1@attacker.example:80")
        #expect(userinfo.status == 400)
        #expect(userinfo.body.contains("CONNECT needs an authority-form target (host:port)"))
        let forward = try await RawHTTPClient.exchange(port: recording.port, "GET", "http://127.0.0.1.attacker.example:8080/x")
        #expect(forward.status == 403)
        #expect(forward.body.contains("proxy: forwarding to 127.0.0.1.attacker.example:8080 is not allowed; see --proxy-allow"))
        #expect(upstream.connections == 0)
        let (probe, _) = try await recording.fetch("/app/probe")
        #expect(probe.statusCode == 200, "the server keeps serving")
    }

    @Test func anUnreachableTunnelTargetIsA502() async throws {
        let refusing = try RefusingPort()
        let port = refusing.port
        let mock = try await mock(proxy: try allowing("*"))
        let outcome = try await RawHTTPClient.exchange(port: mock.port, "CONNECT", "127.0.0.1:\(port)")
        #expect(outcome.status == 502)
        #expect(outcome.body.contains("127.0.0.1:\(port) unreachable: connection refused"))
        withExtendedLifetime((mock, refusing)) {}
    }

    @Test func tunnelsStillConnectingLeaveTheGlobalQueuesFree() async throws {
        let unanswered = try FullBacklogListener()
        // A connect timeout far longer than the setup and the check take on a loaded machine.
        let settings = UpstreamSettings(connectTimeout: 60, timeout: 60, proxy: try allowing("127.0.0.1"))
        let mock = try await ControlsFixture(cors: false, modules: [ProbeModule()], upstream: settings)
        var connecting: [RawHTTPClient] = []
        for _ in 0..<32 {
            let client = try await RawHTTPClient(port: mock.port, timeout: 30)
            try await client.send("CONNECT 127.0.0.1:\(unanswered.port) HTTP/1.1\r\nHost: 127.0.0.1:\(unanswered.port)\r\n\r\n")
            connecting.append(client)
        }
        try await Task.sleep(for: .milliseconds(300))

        // Work on the global queue runs while the 32 connects still wait: they hold none of the
        // few threads the global queues have on a small machine (each once held one for 60 s).
        let clients = connecting
        let answeredWhenItRan = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: clients.filter { $0.hasBytesWaiting() }.count) }
        }
        #expect(answeredWhenItRan == 0)
        // Nor do they hold up a tunnel to a host that answers.
        let echo = try ScriptedTCPServer(.echo)
        let other = try await RawHTTPClient.exchange(port: mock.port, "CONNECT", "127.0.0.1:\(echo.port)", timeout: 30)
        #expect(other.status == 200)
        #expect(clients.filter { $0.hasBytesWaiting() }.isEmpty, "the 32 are still connecting")
        let (probe, _) = try await mock.fetch("/app/probe")
        #expect(probe.statusCode == 200, "the server keeps serving")
    }

    @Test func aTunnelToAHostThatDropsPacketsIsA504AfterTheConnectTimeout() async throws {
        let unanswered = try FullBacklogListener()
        let settings = UpstreamSettings(connectTimeout: 1, proxy: try allowing("127.0.0.1"))
        let mock = try await ControlsFixture(cors: false, modules: [ProbeModule()], upstream: settings)
        let outcome = try await RawHTTPClient.exchange(port: mock.port, "CONNECT", "127.0.0.1:\(unanswered.port)", timeout: 30)
        #expect(outcome.status == 504)
        #expect(outcome.body.contains("127.0.0.1:\(unanswered.port) timed out after 1 s"), "\(outcome)")
        withExtendedLifetime(unanswered) {}
    }

    @Test func hostPatternsParseAndMatch() throws {
        let maka = try HostPattern(parsing: "*.maka.im:443")
        #expect(maka.matches(Authority(host: "img.maka.im", port: 443)))
        #expect(maka.matches(Authority(host: "MAKA.IM", port: 443)))
        #expect(!maka.matches(Authority(host: "img.maka.im", port: 80)))
        #expect(!maka.matches(Authority(host: "evilmaka.im", port: 443)))
        #expect(try HostPattern(parsing: "*").matches(Authority(host: "x", port: 22)))
        #expect(!ProxyPolicy(isEnabled: true, allowed: []).allows(Authority(host: "x", port: 22), tunnel: true))
        #expect(ProxyPolicy(isEnabled: true, allowed: []).allows(Authority(host: "x", port: 443), tunnel: true))
        #expect(!ProxyPolicy.off.allows(Authority(host: "x", port: 443), tunnel: true))
        for bad in ["", "a/b", "user@host", "host:0", "host:99999", "*.", "ho*st"] {
            #expect(throws: ControlSyntaxError.self) { try HostPattern(parsing: bad) }
        }
    }
}

extension RawHTTPClient.Outcome {
    var status: Int {
        if case .response(let status, _, _) = self { return status }
        return -1
    }

    var headers: [String: String] {
        if case .response(_, let headers, _) = self { return headers }
        return [:]
    }

    var body: String {
        if case .response(_, _, let body) = self { return body }
        return ""
    }
}
