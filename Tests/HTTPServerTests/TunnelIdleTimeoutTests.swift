import Foundation
import TestSupport
import XCTest
@testable import HTTPServer

/// A tunnel's idle timeout on real sockets, with a short configured timeout. XCTest, like
/// `ServerTimeoutTests`: its cases run one at a time, so a short timeout is not eaten by a
/// machine busy with every parallel suite.
final class TunnelIdleTimeoutTests: XCTestCase {
    func test_tunnel_StaysOpenWhileBytesFlow_AndClosesAfterTheIdleTimeout() async throws {
        let echo = try ScriptedTCPServer(.echo)
        let server = try LoopbackServer(responder: TunnelTests.TunnelResponder()) { $0.idleTimeout = .seconds(1) }
        let client = try await RawHTTPClient(port: server.port)
        try await client.send("CONNECT 127.0.0.1:\(echo.port) HTTP/1.1\r\nHost: x\r\n\r\n")
        let established = try await client.readResponse().status
        XCTAssertEqual(established, 200)
        // 1.2 s of traffic 300 ms apart outlives the 1 s idle timeout.
        for _ in 0..<4 {
            try await Task.sleep(for: .milliseconds(300))
            try await client.send("HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\n.")
            let echoed = try await client.readResponse().bodyText
            XCTAssertEqual(echoed, ".", "traffic keeps the tunnel open")
        }
        let started = Date()
        let closed = await client.isClosedByPeer()
        XCTAssertTrue(closed)
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.7)
        withExtendedLifetime((echo, server)) {}
    }
}
