@testable import APIRoutes
import Foundation
import HTTPServer
import Store
import Testing
import TestSupport
import Wire

/// Request bodies larger than the server holds (`--max-body-bytes`, the body budget) go to the
/// upstream as the client sends them, Content-Length or chunked, and bodies that fit still
/// record and replay; an upstream that keeps sending slowly is never cut off by the timeout,
/// which counts only silence.
@Suite struct StreamedUploadTests {
    static let created = Array("HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{\"code\":0}\n".utf8)
    /// The largest body the mock holds whole in these tests, and all it may hold at once.
    static let maxBodyBytes = 1 << 20
    static let budgetBytes = 2 << 20

    func mock(_ upstream: ScriptedTCPServer, record: Bool = true, timeout: Double = 60) async throws -> ControlsFixture {
        let settings = UpstreamSettings(upstreams: [try Upstream(parsing: "http://127.0.0.1:\(upstream.port)")], record: record,
                                        timeout: timeout)
        return try await ControlsFixture(cors: false, modules: [], upstream: settings) { configuration in
            configuration.limits.maxBodyBytes = Self.maxBodyBytes
            configuration.maxBufferedBodyBytes = Self.budgetBytes
        }
    }


    @Test func aBodyLargerThanTheServerHoldsReachesTheUpstreamIntactAndIsNotRecorded() async throws {
        let upstream = try ScriptedTCPServer(.consume(Self.created))
        let mock = try await mock(upstream)
        // Five times the body budget: held whole, it would have been refused (413, or 503); over
        // the 8 MiB a capture holds.
        let body = await PatternBody.make(10 << 20)
        let client = try await RawHTTPClient(port: mock.port, timeout: 60)
        try await client.send("POST /app/upload?part=1 HTTP/1.1\r\nHost: m\r\nContent-Type: application/octet-stream\r\n"
            + "Content-Length: \(body.count)\r\n\r\n")
        try await client.send(body.bytes)
        let response = try await client.readResponse()
        #expect(response.status == 201)
        #expect(response.bodyText == "{\"code\":0}\n")
        #expect(upstream.consumed == [ConsumedRequest(
            head: "POST /app/upload?part=1 HTTP/1.1\r\nHost: 127.0.0.1:\(upstream.port)\r\nContent-Type: application/octet-stream\r\n"
                + "Content-Length: \(body.count)\r\n\r\n",
            bodyCount: body.count, bodyDigest: body.digest)])
        // Larger than a capture may hold (8 MiB): forwarded, not recorded, and the answer says so.
        #expect(response.header("X-Mock-Answered-By") == "upstream;too-large-to-record")
        #expect(try mock.captures.count() == 0)
        #expect(try mock.journal.entries(matching: JournalFilter()).first?.answeredBy == "upstream;too-large-to-record")

        // The connection keeps serving, and a body within the limit is still held whole (and recorded).
        try await client.send("POST /app/upload?part=2 HTTP/1.1\r\nHost: m\r\nContent-Length: 5\r\n\r\nsmall")
        #expect(try await client.readResponse().header("X-Mock-Answered-By") == "upstream")
        #expect(upstream.consumed.last?.bodyDigest == ConsumedRequest.digest(Array("small".utf8)))
        #expect(try mock.captures.count() == 1)
    }

    @Test func routesThatDoNotForwardStillRefuseBodiesOverTheLimit() async throws {
        let upstream = try ScriptedTCPServer(.consume(Self.created))
        let mock = try await mock(upstream)
        let client = try await RawHTTPClient(port: mock.port)
        try await client.send("POST /__admin/stubs HTTP/1.1\r\nHost: m\r\nContent-Length: \(Self.maxBodyBytes + 1)\r\n\r\n")
        let response = try await client.readResponse()
        #expect(response.status == 413)
        #expect(response.bodyText.contains("body larger than \(Self.maxBodyBytes) bytes"))
        #expect(upstream.connections == 0)
        let probe = try await RawHTTPClient.exchange(port: mock.port, "GET", "/__admin/requests/count")
        #expect(probe.status == 200, "the server keeps serving")
    }

    @Test func aChunkedUploadIsForwardedChunked() async throws {
        let upstream = try ScriptedTCPServer(.consume(Self.created))
        let mock = try await mock(upstream, record: false)
        let body = await PatternBody.make((3 << 20) + 517)
        let client = try await RawHTTPClient(port: mock.port, timeout: 60)
        try await client.send("POST /app/upload HTTP/1.1\r\nHost: m\r\nTransfer-Encoding: chunked\r\n\r\n")
        for start in stride(from: 0, to: body.count, by: 100_000) {
            let piece = Array(body.bytes[start..<min(start + 100_000, body.count)])
            try await client.send(Array("\(String(piece.count, radix: 16))\r\n".utf8) + piece + Array("\r\n".utf8))
        }
        try await client.send("0\r\n\r\n")
        let response = try await client.readResponse()
        #expect(response.status == 201)
        let consumed = try #require(upstream.consumed.first)
        #expect(consumed.head == "POST /app/upload HTTP/1.1\r\nHost: 127.0.0.1:\(upstream.port)\r\nTransfer-Encoding: chunked\r\n\r\n")
        #expect(consumed.bodyCount == body.count)
        #expect(consumed.bodyDigest == body.digest)
    }

    @Test func brokenChunkFramingMidStreamBreaksOffTheUpstreamRequestAndIsA400() async throws {
        let upstream = try ScriptedTCPServer(.consume(Self.created))
        let mock = try await mock(upstream)
        let client = try await RawHTTPClient(port: mock.port, timeout: 30)
        let chunk = [UInt8](repeating: 0x41, count: Self.maxBodyBytes + 10)
        try await client.send(Array("POST /app/upload HTTP/1.1\r\nHost: m\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
            + Array("\(String(chunk.count, radix: 16))\r\n".utf8) + chunk + Array("XX".utf8))
        // The forwarder's answer for the request whose body broke off, then the parser's own.
        let forwarded = try await client.readResponse()
        #expect(forwarded.status == 400)
        #expect(try JSON.parse(forwarded.bodyText)["msg"] == .string("the request body broke off before its end"))
        let refused = try await client.readResponse()
        #expect(refused.status == 400)
        #expect(try JSON.parse(refused.bodyText)["msg"] == .string("missing CRLF after chunk data"))
        #expect(await client.isClosedByPeer())
        #expect(upstream.consumed.isEmpty, "the upstream never got a complete request")
        let (probe, body) = try await mock.fetch("/app/user/login", method: "POST", body: "x=1")
        #expect(probe.statusCode == 201, "the server keeps serving")
        #expect(body == "{\"code\":0}\n")
        #expect(try mock.captures.records().map(\.record.url) == ["/app/user/login"])
    }

    @Test func aStreamedBodyThatFitsACaptureIsRecorded() async throws {
        let upstream = try ScriptedTCPServer(.consume(Self.created))
        let mock = try await mock(upstream)
        let body = await PatternBody.make(3 << 20)
        let client = try await RawHTTPClient(port: mock.port, timeout: 60)
        try await client.send("PUT /app/photo HTTP/1.1\r\nHost: m\r\nExpect: 100-continue\r\nContent-Length: \(body.count)\r\n\r\n")
        let interim = try await client.readResponse()
        #expect(interim.status == 100, "told to send the body it will stream")
        try await client.send(body.bytes)
        let response = try await client.readResponse()
        #expect(response.status == 201)
        #expect(response.header("X-Mock-Answered-By") == "upstream")
        let stored = try #require(try mock.captures.records().first)
        #expect(stored.record.requestBody.count == body.count)
        #expect(ConsumedRequest.digest(stored.record.requestBody) == body.digest)
        #expect(upstream.consumed.first?.bodyDigest == body.digest)
    }

    @Test func smallBodiesAreStillRecordedAndReplayed() async throws {
        let upstream = try ScriptedTCPServer(.consume(Self.created))
        let mock = try await mock(upstream)
        let (first, _) = try await mock.fetch("/app/user/login", method: "POST", body: "name=test&pw=1")
        #expect(first.value(forHTTPHeaderField: "X-Mock-Answered-By") == "upstream")
        let (again, body) = try await mock.fetch("/app/user/login", method: "POST", body: "name=test&pw=1")
        #expect(again.value(forHTTPHeaderField: "X-Mock-Answered-By")?.hasPrefix("capture:") == true)
        #expect(body == "{\"code\":0}\n")
        #expect(upstream.consumed.count == 1)
    }

    @Test func aClientLeavingMidUploadBreaksTheUpstreamRequestAndTheServerKeepsServing() async throws {
        let upstream = try ScriptedTCPServer(.consume(Self.created))
        let mock = try await mock(upstream)
        try await uploadHalfAndLeave(port: mock.port)
        let (response, _) = try await mock.fetch("/app/user/login", method: "POST", body: "x=1")
        #expect(response.statusCode == 201, "the server keeps serving")
        #expect(upstream.consumed.allSatisfy { $0.bodyCount == 3 }, "the broken upload never reached the upstream whole")
        #expect(try mock.captures.records().map(\.record.url) == ["/app/user/login"])
    }

    @Test func aPausedUploadHoldsNoBodyBudgetAndIsWaitedFor_theTimeoutCountsOnlyTheUpstreamsSilence() async throws {
        let upstream = try ScriptedTCPServer(.consume(Self.created))
        // The timeout is kept well above what the upstream needs to digest a body on a loaded
        // machine (it sends nothing meanwhile), and the client's pause well above the timeout.
        let mock = try await mock(upstream, record: false, timeout: 3)
        let body = await PatternBody.make(2 << 20)
        let client = try await RawHTTPClient(port: mock.port, timeout: 30)
        try await client.send("POST /app/upload HTTP/1.1\r\nHost: m\r\nContent-Length: \(body.count)\r\n\r\n")
        try await client.send(Array(body.bytes[..<(1 << 20)]))

        // Meanwhile the streamed body holds none of the body budget: two whole bodies that take
        // all of it are both held (each reserved before its 100 Continue) and answered.
        let whole = [UInt8](repeating: 0x77, count: Self.maxBodyBytes)
        let holders = [try await RawHTTPClient(port: mock.port, timeout: 30), try await RawHTTPClient(port: mock.port, timeout: 30)]
        for holder in holders {
            try await holder.send("POST /app/whole HTTP/1.1\r\nHost: m\r\nExpect: 100-continue\r\nContent-Length: \(whole.count)\r\n\r\n")
            #expect(try await holder.readResponse().status == 100, "its body's share is reserved")
        }
        let overBudget = try await RawHTTPClient.exchange(port: mock.port, "POST", "/app/whole", body: "x")
        #expect(overBudget.status == 503, "the two whole bodies hold all of the budget")
        for holder in holders {
            try await holder.send(whole)
            #expect(try await holder.readResponse().status == 201, "not 503: the budget was free")
        }

        // Twice the timeout: the upstream is waiting for the client, not stalling.
        try await Task.sleep(for: .seconds(6))
        try await client.send(Array(body.bytes[(1 << 20)...]))
        let response = try await client.readResponse()
        #expect(response.status == 201)
        #expect(upstream.consumed.filter { $0.bodyCount == body.count }.map(\.bodyDigest) == [body.digest])
    }

    @Test func anUpstreamThatStopsTakingTheBodyIsA504AfterTheTimeout() async throws {
        let upstream = try ScriptedTCPServer(.deaf)
        let mock = try await mock(upstream, timeout: 1)
        let client = try await RawHTTPClient(port: mock.port, timeout: 30)
        try await client.send("POST /app/upload HTTP/1.1\r\nHost: m\r\nContent-Length: \(8 << 20)\r\n\r\n")
        // The mock stops reading once the upstream's socket buffers are full; after the 504 it
        // reads the rest of the body only to drop it (a lingering close: a few seconds at most,
        // so the body is kept small enough to be drained within them on a loaded machine).
        try await client.send([UInt8](repeating: 0x61, count: 8 << 20))
        let response = try await client.readResponse()
        #expect(response.status == 504)
        let json = try JSON.parse(response.bodyText)
        #expect(json["msg"] == .string("upstream http://127.0.0.1:\(upstream.port) timed out after 1 s"))
        // The rest of the body is never read as a next request: the connection closes, unless the
        // whole body had already been read (loopback buffers of several MB can take all 8 MB
        // before the timeout), and then the same connection answers a next request as one.
        if response.header("Connection") != "close" {
            try await client.send("GET /__admin/health HTTP/1.1\r\nHost: m\r\n\r\n")
            #expect(try await client.readResponse().status == 200, "the connection kept is clean")
        }
        let (probe, _) = try await mock.fetch("/__admin/health")
        #expect(probe.statusCode == 200, "the server keeps serving")
        #expect(try mock.captures.count() == 0)
    }

    /// Sends half of a 4 MiB body, then closes the connection (the client goes with the scope).
    private func uploadHalfAndLeave(port: Int) async throws {
        let client = try await RawHTTPClient(port: port)
        try await client.send("POST /app/upload HTTP/1.1\r\nHost: m\r\nContent-Length: \(4 << 20)\r\n\r\n")
        try await client.send([UInt8](repeating: 0x62, count: 2 << 20))
    }

    @Test func anUpstreamThatKeepsSendingSlowlyIsNotCutOffByTheTimeout() async throws {
        let answer = Array("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 40\r\n\r\n".utf8)
            + Array("0123456789abcdefghijklmnopqrstuvwxyz-end".utf8)
        // About three seconds in all, a piece every 300 ms: longer than the two-second timeout.
        let upstream = try ScriptedTCPServer(.trickle(answer, piece: 10, interval: .milliseconds(300)))
        let mock = try await mock(upstream, timeout: 2)
        let (response, body) = try await mock.fetch("/app/slow-download", timeout: 30)
        #expect(response.statusCode == 200)
        #expect(body == "0123456789abcdefghijklmnopqrstuvwxyz-end")
    }
}
