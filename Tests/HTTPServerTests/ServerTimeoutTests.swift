import Foundation
import XCTest
@testable import HTTPServer

/// Header and idle timeouts on real sockets, with short configured timeouts.
final class ServerTimeoutTests: XCTestCase {
    func test_slowHeaderSection_Gets408_AndClose() throws {
        let (_, port) = try startServer { $0.headerTimeout = .milliseconds(300) }
        let client = try RawClient(port: port)
        let started = Date()
        try client.send("GET /json HTTP/1.1\r\nHost: t\r\nX-Slow: ")
        let response = try client.readResponse()
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.29)
        XCTAssertEqual(response.status, 408)
        XCTAssertEqual(response.header("Connection"), "close")
        XCTAssertTrue(response.bodyText.contains(#""status":408"#), response.bodyText)
        XCTAssertTrue(client.isClosedByPeer())
    }

    func test_idleKeepAliveConnection_IsClosed() throws {
        let (_, port) = try startServer { $0.idleTimeout = .milliseconds(300) }
        let client = try RawClient(port: port)
        try client.send("GET /json HTTP/1.1\r\nHost: t\r\n\r\n")
        XCTAssertEqual(try client.readResponse().status, 200)
        let started = Date()
        XCTAssertTrue(client.isClosedByPeer())
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.2)
    }

    func test_stalledBody_IsClosedAfterIdleTimeout_WithoutAnswer() throws {
        let (_, port) = try startServer { $0.idleTimeout = .milliseconds(300) }
        let client = try RawClient(port: port)
        try client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\nabc")
        XCTAssertEqual(try client.readUntilClose(), [])
    }

    func test_slowHandler_IsNotTimedOut() throws {
        let (_, port) = try startServer {
            $0.headerTimeout = .milliseconds(100)
            $0.idleTimeout = .milliseconds(100)
        }
        let client = try RawClient(port: port)
        try client.send("GET /delay/400 HTTP/1.1\r\nHost: t\r\n\r\n")
        XCTAssertEqual(try client.readResponse().bodyText, #"{"delayed":true}"#)
    }
}
