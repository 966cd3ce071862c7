import Foundation
import TestSupport
import XCTest
@testable import HTTPServer

/// Many clients at once, and delays that must not hold anyone else up.
final class ServerConcurrencyTests: XCTestCase {
    func test_fiveHundredSimultaneousConnections_AreAllServed() async throws {
        let (_, port) = try startServer()
        var clients: [RawHTTPClient] = []
        for _ in 0..<500 { clients.append(try await RawHTTPClient(port: port)) }
        for (index, client) in clients.enumerated() {
            try await client.send("GET /echo?n=\(index) HTTP/1.1\r\nHost: t\r\n\r\n")
        }
        for (index, client) in clients.enumerated() {
            let header = try await client.readResponse().header("X-Target")
            XCTAssertEqual(header, "/echo?n=\(index)")
        }
    }

    func test_delayedResponse_DoesNotBlockOtherConnections() async throws {
        let (_, port) = try startServer { $0.eventLoopCount = 1 }
        let delayed = try await RawHTTPClient(port: port)
        try await delayed.send("GET /delay/1500 HTTP/1.1\r\nHost: t\r\n\r\n")
        for _ in 0..<20 {
            let client = try await RawHTTPClient(port: port)
            try await client.send("GET /json HTTP/1.1\r\nHost: t\r\n\r\n")
            let status = try await client.readResponse().status
            XCTAssertEqual(status, 200)
        }
        XCTAssertFalse(delayed.hasBytesWaiting(), "the delayed answer is still pending while others were served")
        let body = try await delayed.readResponse().bodyText
        XCTAssertEqual(body, #"{"delayed":true}"#)
    }
}
