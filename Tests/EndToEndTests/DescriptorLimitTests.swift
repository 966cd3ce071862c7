import Foundation
import Testing
import TestSupport

/// `serve` at its file-descriptor limit: a client that cannot get a descriptor of its own is
/// answered 503 with `Retry-After` (accepted on the server's reserve descriptor) instead of
/// waiting unanswered in the backlog, idle keep-alive connections are closed to make room, and the
/// server serves again once descriptors free up.
@Suite(.enabled(if: ServeBinary.isBuilt)) struct DescriptorLimitTests {
    @Test func aClientPastTheLimitGets503WithRetryAfter_ThenServiceResumes() async throws {
        let seeds = try TemporaryDirectory("no-seeds")
        let serve = try await ServeBinary.launch(
            ["--port", "0", "--quiet", "--db", ":memory:", "--seeds", seeds.url.path], openFileLimit: 64)
        var idle: [RawHTTPClient] = []
        var refusal: RawHTTPResponse?
        // Each client asks once and stays open (keep-alive), holding a descriptor in the server.
        for _ in 0..<80 where refusal == nil {
            let client = try await RawHTTPClient(port: serve.port)
            try await client.send("GET /__admin/health HTTP/1.1\r\nHost: t\r\n\r\n")
            let response = try await client.readResponse()
            if response.status == 503 { refusal = response } else { #expect(response.status == 200) }
            idle.append(client)
        }
        let answer = try #require(refusal, "64 descriptors cannot hold 80 connections")
        #expect(answer.headerDictionary["retry-after"] == "1")
        #expect(answer.headerDictionary["connection"] == "close")
        let json = try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: [String: Any]]
        #expect(json?["error"]?["status"] as? Int == 503)

        // Under that pressure the server closes its longest-idle keep-alive connections.
        #expect(await idle[0].isClosedByPeer(), "the longest-idle connection is closed to free a descriptor")
        idle[idle.count - 2].setTimeout(0.3)
        #expect(await idle[idle.count - 2].isClosedByPeer() == false, "only the 16 longest idle (per event loop) are closed")

        // Closing the rest frees descriptors; until the server has seen the closes a retry may
        // still get a 503, as its Retry-After says.
        idle.removeAll()
        var status = 0
        for _ in 0..<20 where status != 200 {
            let later = try await RawHTTPClient(port: serve.port)
            try await later.send("GET /__admin/health HTTP/1.1\r\nHost: t\r\n\r\n")
            status = try await later.readResponse().status
            if status != 200 { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(status == 200)
    }
}
