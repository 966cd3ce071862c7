@testable import APIRoutes
import Foundation
import HTTPServer
import Store
import Testing
import TestSupport

/// The forwarder against scripted loopback upstreams whose exact bytes the tests choose and
/// read: headers both ways byte for byte, repeated `Set-Cookie`, timeouts, refusal, host and
/// port routing, and which statuses become captures.
@Suite struct UpstreamForwardingTests {
    static let answer = Array(("HTTP/1.1 201 Made Here\r\nX-First: 1\r\nSet-Cookie: a=1; Path=/\r\n"
        + "Date: Tue, 01 Jan 2030 00:00:00 GMT\r\nSet-Cookie: b=2; Path=/; HttpOnly\r\nServer: upstream/1.0\r\n"
        + "Content-Type: text/plain\r\nX-Last: z\r\nContent-Length: 5\r\n\r\nhello").utf8)

    func mock(_ upstreams: [String], record: Bool = true, statuses: String = "2xx,3xx", timeout: Double = 5,
              proxy: ProxyPolicy = .off) async throws -> ControlsFixture {
        let settings = UpstreamSettings(upstreams: try upstreams.map { try Upstream(parsing: $0) }, record: record,
                                        recordStatuses: try RecordStatuses(parsing: statuses), timeout: timeout, proxy: proxy)
        return try await ControlsFixture(cors: false, modules: [], upstream: settings)
    }

    @Test func requestHeadersGoUpstreamAsSentAndTheAnswerComesBackUnchanged() async throws {
        let upstream = try ScriptedTCPServer(.answer(Self.answer))
        let mock = try await mock(["http://127.0.0.1:\(upstream.port)"])
        let client = try await RawHTTPClient(port: mock.port)
        try await client.send("GET /app/thing?x=1&y=%E6%98%A5 HTTP/1.1\r\nHost: 127.0.0.1:\(mock.port)\r\n"
            + "User-Agent: Maka/5.1 (iPhone; iOS 17.0)\r\ntoken: abc\r\nX-Custom: one\r\nX-Custom: two\r\n"
            + "Connection: keep-alive, X-Secret\r\nX-Secret: hop\r\nX-Mock-Delay: 0\r\nEmpty:\r\n\r\n")
        let response = try await client.readResponse()

        #expect(upstream.requests.map { String(decoding: $0, as: UTF8.self) } == [
            "GET /app/thing?x=1&y=%E6%98%A5 HTTP/1.1\r\nHost: 127.0.0.1:\(upstream.port)\r\n"
                + "User-Agent: Maka/5.1 (iPhone; iOS 17.0)\r\ntoken: abc\r\nX-Custom: one\r\nX-Custom: two\r\nEmpty:\r\n\r\n",
        ])
        #expect(response.head.hasPrefix("HTTP/1.1 201 Made Here\r\n"))
        #expect(response.headers.filter { !["connection", "content-length", "x-mock-answered-by"].contains($0.name.lowercased()) }
            .map { "\($0.name): \($0.value)" } == [
                "X-First: 1", "Set-Cookie: a=1; Path=/", "Date: Tue, 01 Jan 2030 00:00:00 GMT",
                "Set-Cookie: b=2; Path=/; HttpOnly", "Server: upstream/1.0", "Content-Type: text/plain", "X-Last: z",
            ])
        #expect(response.bodyText == "hello")
        withExtendedLifetime(mock) {}
    }

    @Test func postBodiesGoUpstreamWithoutAddedFields() async throws {
        let upstream = try ScriptedTCPServer(.answer(Self.answer))
        let mock = try await mock(["http://127.0.0.1:\(upstream.port)"])
        let client = try await RawHTTPClient(port: mock.port)
        try await client.send("POST /app/user/login HTTP/1.1\r\nHost: m\r\nContent-Length: 9\r\n\r\nname=test")
        _ = try await client.readResponse()
        try await client.send("POST /app/user/logout HTTP/1.1\r\nHost: m\r\nContent-Length: 0\r\n\r\n")
        _ = try await client.readResponse()
        #expect(upstream.requests.map { String(decoding: $0, as: UTF8.self) } == [
            "POST /app/user/login HTTP/1.1\r\nHost: 127.0.0.1:\(upstream.port)\r\nContent-Length: 9\r\n\r\nname=test",
            "POST /app/user/logout HTTP/1.1\r\nHost: 127.0.0.1:\(upstream.port)\r\nContent-Length: 0\r\n\r\n",
        ])
        #expect(upstream.connections == 1, "the second request reuses the first one's upstream connection")
        withExtendedLifetime(mock) {}
    }

    @Test func aSilentUpstreamIsA504AfterTheTimeout() async throws {
        let upstream = try ScriptedTCPServer(.silent)
        let mock = try await mock(["http://127.0.0.1:\(upstream.port)"], timeout: 1)
        let started = ContinuousClock.now
        let (response, body) = try await mock.fetch("/app/slow")
        let elapsed = started.duration(to: .now)
        #expect(response.statusCode == 504)
        let json = try ControlsFixture.json(body)
        #expect(json["code"] == 504)
        #expect(json["msg"] == .string("upstream http://127.0.0.1:\(upstream.port) timed out after 1 s"))
        #expect(elapsed >= .milliseconds(900) && elapsed < .seconds(10), "answered after \(elapsed), not the 30 s default")
        let (again, _) = try await mock.fetch("/app/probe")
        #expect(again.statusCode == 504, "the server keeps serving")
        withExtendedLifetime(upstream) {}
    }

    @Test func theUpstreamIsChosenByHostAndPort() async throws {
        let first = try ScriptedTCPServer(.answer(Self.answer))
        let second = try ScriptedTCPServer(.answer(Self.answer))
        let mock = try await mock(["http://127.0.0.1:\(first.port)", "http://127.0.0.1:\(second.port)"], record: false)
        _ = try await RawHTTPClient.exchange(port: mock.port, "GET", "/a", host: "127.0.0.1:\(second.port)")
        _ = try await RawHTTPClient.exchange(port: mock.port, "GET", "/b", host: "127.0.0.1:\(first.port)")
        _ = try await RawHTTPClient.exchange(port: mock.port, "GET", "http://127.0.0.1:\(second.port)/c?q=1")
        _ = try await RawHTTPClient.exchange(port: mock.port, "GET", "/d", host: "127.0.0.1")
        let firstTargets = first.requests.map { String(decoding: $0, as: UTF8.self).split(separator: " ")[1] }
        let secondTargets = second.requests.map { String(decoding: $0, as: UTF8.self).split(separator: " ")[1] }
        #expect(firstTargets == ["/b", "/d"])
        #expect(secondTargets == ["/a", "/c?q=1"])
        withExtendedLifetime(mock) {}
    }

    @Test func anUpstreamWithAPathPrefixIsChosenBeforeTheHost() async throws {
        let byHost = try ScriptedTCPServer(.answer(Self.answer))
        let byPath = try ScriptedTCPServer(.answer(Self.answer))
        let mock = try await mock(["http://127.0.0.1:\(byHost.port)", "/mbfun_server/=http://127.0.0.1:\(byPath.port)"],
                                  record: false, proxy: ProxyPolicy(isEnabled: true, allowed: []))
        // As the phone's proxy: the absolute-form target names the first upstream's host and port.
        let youfan = try await RawHTTPClient.exchange(
            port: mock.port, "GET", "http://127.0.0.1:\(byHost.port)/mbfun_server/index.php?m=Home&a=x")
        let maka = try await RawHTTPClient.exchange(port: mock.port, "GET", "http://127.0.0.1:\(byHost.port)/app/templates")
        // Without a proxy target, by the Host field: the path prefix still comes first.
        _ = try await RawHTTPClient.exchange(port: mock.port, "GET", "/mbfun_server/index.php?m=Brand", host: "127.0.0.1:\(byHost.port)")
        #expect(youfan.status == 201)
        #expect(maka.status == 201)
        #expect(byPath.requests.map { String(decoding: $0, as: UTF8.self) } == [
            "GET /mbfun_server/index.php?m=Home&a=x HTTP/1.1\r\nHost: 127.0.0.1:\(byPath.port)\r\n\r\n",
            "GET /mbfun_server/index.php?m=Brand HTTP/1.1\r\nHost: 127.0.0.1:\(byPath.port)\r\n\r\n",
        ])
        #expect(byHost.requests.map { String(decoding: $0, as: UTF8.self).split(separator: " ")[1] } == ["/app/templates"])
    }

    @Test func upstreamPathPrefixesParse() throws {
        let routed = try Upstream(parsing: "/mbfun_server/=https://api.funwear.com/v2/")
        #expect(routed.pathPrefix == "/mbfun_server/")
        #expect(routed.base == "https://api.funwear.com/v2")
        #expect(try Upstream(parsing: "http://api.maka.im").pathPrefix == nil)
        for bad in ["/app=", "=http://x", "/app=ftp://x", "/a b=http://x", "app/=http://x"] {
            #expect(throws: ControlSyntaxError.self) { try Upstream(parsing: bad) }
        }
    }

    /// Issue 12 found upstream 404s and 5xx recorded and replayed forever.
    @Test(arguments: [(404, "Not Found"), (500, "Internal Server Error")])
    func failuresAreNotRecordedButForwardedAndJournaled(status: Int, reason: String) async throws {
        let failing = Array("HTTP/1.1 \(status) \(reason)\r\nContent-Length: 4\r\n\r\nboom".utf8)
        let upstream = try ScriptedTCPServer(.answer(failing))
        let mock = try await mock(["http://127.0.0.1:\(upstream.port)"])
        let (response, body) = try await mock.fetch("/app/flaky")
        #expect(response.statusCode == status)
        #expect(body == "boom")
        #expect(try mock.captures.count() == 0)
        let journaled = try mock.journal.entries(matching: JournalFilter())
        #expect(journaled.map(\.status) == [status])
        let (again, _) = try await mock.fetch("/app/flaky")
        #expect(again.statusCode == status)
        #expect(upstream.requests.count == 2, "a \(status) is never replayed from a capture")

        let keeping = try await self.mock(["http://127.0.0.1:\(upstream.port)"], statuses: "2xx,404,500-503")
        _ = try await keeping.fetch("/app/flaky")
        #expect(try keeping.captures.count() == 1)
        withExtendedLifetime((upstream, mock)) {}
    }

    @Test func largeCompressedAnswersComeBackByteForByte() async throws {
        let body = (0..<(5 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let head = "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: \(body.count)\r\n\r\n"
        let upstream = try ScriptedTCPServer(.answer(Array(head.utf8) + body))
        let mock = try await mock(["http://127.0.0.1:\(upstream.port)"], record: false)
        let client = try await RawHTTPClient(port: mock.port)
        try await client.send("GET /app/big HTTP/1.1\r\nHost: m\r\nAccept-Encoding: gzip\r\n\r\n")
        let response = try await client.readResponse()
        #expect(response.header("Content-Encoding") == "gzip", "not decoded on the way")
        #expect(response.body == body)
        #expect(String(decoding: upstream.requests[0], as: UTF8.self).contains("\r\nAccept-Encoding: gzip\r\n"))
        withExtendedLifetime(mock) {}
    }

    @Test func aHeadAnswerCarriesTheUpstreamsContentLength() async throws {
        let head = Array("HTTP/1.1 200 OK\r\nContent-Type: image/jpeg\r\nContent-Length: 48213\r\n\r\n".utf8)
        let upstream = try ScriptedTCPServer(.answer(head))
        let mock = try await mock(["http://127.0.0.1:\(upstream.port)"], proxy: ProxyPolicy(isEnabled: true, allowed: []))
        let client = try await RawHTTPClient(port: mock.port)
        try await client.send("HEAD /img/a.jpg HTTP/1.1\r\nHost: m\r\n\r\n")
        let reverse = try await client.readResponse(isHead: true)
        #expect(reverse.status == 200)
        #expect(reverse.header("Content-Length") == "48213", "the size the GET would have, as the upstream said")
        #expect(reverse.header("Content-Type") == "image/jpeg")
        #expect(reverse.body.isEmpty)

        // As the phone's proxy, with an absolute-form target, on the same connection: it parses
        // only if no body followed the first head.
        try await client.send("HEAD http://127.0.0.1:\(upstream.port)/img/b.jpg HTTP/1.1\r\nHost: 127.0.0.1:\(upstream.port)\r\n\r\n")
        let proxied = try await client.readResponse(isHead: true)
        #expect(proxied.header("Content-Length") == "48213")
        #expect(proxied.body.isEmpty)
        #expect(upstream.requests.map { String(decoding: $0, as: UTF8.self) } == [
            "HEAD /img/a.jpg HTTP/1.1\r\nHost: 127.0.0.1:\(upstream.port)\r\n\r\n",
            "HEAD /img/b.jpg HTTP/1.1\r\nHost: 127.0.0.1:\(upstream.port)\r\n\r\n",
        ])
        #expect(try mock.captures.count() == 0, "a HEAD answer is never recorded")
        withExtendedLifetime(mock) {}
    }

    @Test func answersLargerThanMemoryWouldHoldStreamThroughAndAreNotRecorded() async throws {
        // Past the 64 MiB an answer was once cut at: the mock holds a window of it, not all of it.
        var body = [UInt8](repeating: 0x61, count: (64 << 20) + 4096)
        body.replaceSubrange((body.count - 6)..., with: Array("-end-\n".utf8))
        let head = "HTTP/1.1 200 OK\r\nContent-Type: video/mp4\r\nContent-Length: \(body.count)\r\n\r\n"
        let upstream = try ScriptedTCPServer(.answer(Array(head.utf8) + body))
        // The whole answer must come within the upstream timeout: generous, for a loaded machine.
        let mock = try await mock(["http://127.0.0.1:\(upstream.port)"], timeout: 120)
        let client = try await RawHTTPClient(port: mock.port, timeout: 60)
        try await client.send("GET /video/big.mp4 HTTP/1.1\r\nHost: m\r\n\r\n")
        let response = try await client.readResponse()
        #expect(response.status == 200)
        #expect(response.header("Content-Length") == "\(body.count)")
        #expect(response.body.count == body.count)
        #expect(response.body == body)
        // Larger than a capture may be (8 MiB): forwarded, not recorded, and the journal says so.
        #expect(response.header("X-Mock-Answered-By") == "upstream;too-large-to-record")
        #expect(try mock.captures.count() == 0)
        #expect(try mock.journal.entries(matching: JournalFilter()).first?.answeredBy
            == "upstream;too-large-to-record")
        try await client.send("GET /video/big.mp4 HTTP/1.1\r\nHost: m\r\n\r\n")
        #expect(try await client.readResponse().body.count == body.count, "the connection keeps serving")
        #expect(upstream.requests.count == 2, "nothing replayed")
    }

    @Test func aChunkedAnswerStreamsThroughAndIsRecordedWhole() async throws {
        let chunked = Array(("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "7\r\n{\"code\"\r\n9\r\n:200,\"a\":\r\n3\r\n[1]\r\n1\r\n}\r\n0\r\n\r\n").utf8)
        let upstream = try ScriptedTCPServer(.answer(chunked))
        let mock = try await mock(["http://127.0.0.1:\(upstream.port)"])
        let (response, body) = try await mock.fetch("/app/chunked?x=1")
        #expect(response.statusCode == 200)
        #expect(body == #"{"code":200,"a":[1]}"#)
        #expect(try mock.captures.count() == 1, "stored before the client had the whole answer")
        let (again, replayed) = try await mock.fetch("/app/chunked?x=1")
        #expect(again.value(forHTTPHeaderField: "X-Mock-Answered-By")?.hasPrefix("capture:") == true)
        #expect(replayed == body)
        #expect(upstream.requests.count == 1)
    }

    @Test func anAnswerBrokenOffMidBodyClosesTheClientsConnectionAndIsNotRecorded() async throws {
        let broken = Array("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\nonly ten b".utf8)
        let upstream = try ScriptedTCPServer(.answer(broken))
        let mock = try await mock(["http://127.0.0.1:\(upstream.port)"], timeout: 1)
        let client = try await RawHTTPClient(port: mock.port, timeout: 10)
        try await client.send("GET /app/broken HTTP/1.1\r\nHost: m\r\n\r\n")
        let outcome = await client.read()
        guard case .closed(let sent) = outcome else {
            Issue.record("expected a close after a truncated body, got \(outcome)")
            return
        }
        #expect(sent.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(sent.contains("\r\nContent-Length: 1000\r\n"))
        #expect(sent.hasSuffix("\r\n\r\nonly ten b"), "the bytes the upstream sent, and no more")
        #expect(try mock.captures.count() == 0)
        let probe = try await RawHTTPClient.exchange(port: mock.port, "GET", "/__admin/requests/count")
        #expect(probe.status == 200, "the server keeps serving")
    }

    @Test func recordStatusesParse() throws {
        let statuses = try RecordStatuses(parsing: "2xx, 404,500-503")
        #expect([200, 299, 404, 500, 503].allSatisfy(statuses.contains))
        #expect(![300, 403, 504].contains(where: statuses.contains))
        for bad in ["", "6xx", "2x", "99", "503-500", "abc", "200,"] {
            #expect(throws: ControlSyntaxError.self) { try RecordStatuses(parsing: bad) }
        }
    }
}
