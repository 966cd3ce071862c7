import Foundation
import TestSupport
import XCTest
@testable import HTTPServer

/// Header and idle timeouts on real sockets, with short configured timeouts.
final class ServerTimeoutTests: XCTestCase {
    func test_slowHeaderSection_Gets408_AndClose() async throws {
        let (_, port) = try startServer { $0.headerTimeout = .milliseconds(300) }
        let client = try await RawHTTPClient(port: port)
        let started = Date()
        try await client.send("GET /json HTTP/1.1\r\nHost: t\r\nX-Slow: ")
        let response = try await client.readResponse()
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.29)
        XCTAssertEqual(response.status, 408)
        XCTAssertEqual(response.header("Connection"), "close")
        XCTAssertTrue(response.bodyText.contains(#""status":408"#), response.bodyText)
        let closed = await client.isClosedByPeer()
        XCTAssertTrue(closed)
    }

    /// More slow connections than one expiry slice (`EventLoop.expirySlice`) time out in the
    /// same sweep: every one still gets its 408, and a normal client is served meanwhile.
    func test_manySlowHeaderSections_ExpiringTogether_AllGet408() async throws {
        let (_, port) = try startServer {
            $0.accessLog = false
            $0.headerTimeout = .milliseconds(400)
        }
        let count = EventLoop.expirySlice * 4 + 5
        var slow: [RawHTTPClient] = []
        for _ in 0..<count {
            let client = try await RawHTTPClient(port: port)
            try await client.send("GET /json HTTP/1.1\r\nHost: t\r\nX-Slow: ")
            slow.append(client)
        }
        for client in slow {
            let response = try await client.readResponse()
            XCTAssertEqual(response.status, 408)
            let rest = try await client.readUntilClose()
            XCTAssertEqual(rest, [])
        }
        guard case .response(200, _, _) = try await RawHTTPClient.exchange(port: port, "GET", "/json")
        else { return XCTFail("the server keeps serving") }
    }

    func test_idleKeepAliveConnection_IsClosed() async throws {
        let (_, port) = try startServer { $0.idleTimeout = .milliseconds(300) }
        let client = try await RawHTTPClient(port: port)
        try await client.send("GET /json HTTP/1.1\r\nHost: t\r\n\r\n")
        let status = try await client.readResponse().status
        XCTAssertEqual(status, 200)
        let started = Date()
        let closed = await client.isClosedByPeer()
        XCTAssertTrue(closed)
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.2)
    }

    func test_stalledBody_IsClosedAfterIdleTimeout_WithoutAnswer() async throws {
        let (_, port) = try startServer { $0.idleTimeout = .milliseconds(300) }
        let client = try await RawHTTPClient(port: port)
        try await client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\nabc")
        let rest = try await client.readUntilClose()
        XCTAssertEqual(rest, [])
    }

    func test_slowHandler_IsNotTimedOut() async throws {
        let (_, port) = try startServer {
            $0.headerTimeout = .milliseconds(100)
            $0.idleTimeout = .milliseconds(100)
        }
        let client = try await RawHTTPClient(port: port)
        try await client.send("GET /delay/400 HTTP/1.1\r\nHost: t\r\n\r\n")
        let body = try await client.readResponse().bodyText
        XCTAssertEqual(body, #"{"delayed":true}"#)
    }
}
