import Foundation
import Glibc
import XCTest
@testable import HTTPServer

/// Many clients at once, and delays that must not hold anyone else up.
final class ServerConcurrencyTests: XCTestCase {
    func test_fiveHundredSimultaneousConnections_AreAllServed() throws {
        let (_, port) = try startServer()
        let clients = try (0..<500).map { _ in try RawClient(port: port) }
        for (index, client) in clients.enumerated() {
            try client.send("GET /echo?n=\(index) HTTP/1.1\r\nHost: t\r\n\r\n")
        }
        for (index, client) in clients.enumerated() {
            XCTAssertEqual(try client.readResponse().header("X-Target"), "/echo?n=\(index)")
        }
    }

    func test_delayedResponse_DoesNotBlockOtherConnections() throws {
        let (_, port) = try startServer { $0.eventLoopCount = 1 }
        let delayed = try RawClient(port: port)
        try delayed.send("GET /delay/1500 HTTP/1.1\r\nHost: t\r\n\r\n")
        for _ in 0..<20 {
            let client = try RawClient(port: port)
            try client.send("GET /json HTTP/1.1\r\nHost: t\r\n\r\n")
            XCTAssertEqual(try client.readResponse().status, 200)
        }
        var poller = pollfd(fd: delayed.fd, events: Int16(POLLIN), revents: 0)
        XCTAssertEqual(poll(&poller, 1, 0), 0, "the delayed answer is still pending while others were served")
        XCTAssertEqual(try delayed.readResponse().bodyText, #"{"delayed":true}"#)
    }
}
