import Foundation
import XCTest
@testable import HTTPServer
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Each `TransportFault` as a client sees it, and the server serving normally afterwards.
final class TransportFaultTests: XCTestCase {
    private func assertStillServing(_ port: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        let client = try RawClient(port: port)
        try client.send("GET /json HTTP/1.1\r\nHost: t\r\n\r\n")
        XCTAssertEqual(try client.readResponse().status, 200, file: file, line: line)
    }

    func test_close_ClosesWithoutAnyByte() throws {
        let (_, port) = try startServer()
        let client = try RawClient(port: port)
        try client.send("GET /fault/close HTTP/1.1\r\nHost: t\r\n\r\n")
        XCTAssertEqual(try client.readUntilClose(), [])
        try assertStillServing(port)
    }

    func test_reset_AbortsWithRST() throws {
        let (_, port) = try startServer()
        let client = try RawClient(port: port)
        try client.send("GET /fault/reset HTTP/1.1\r\nHost: t\r\n\r\n")
        XCTAssertThrowsError(try client.readUntilClose()) { error in
            XCTAssertTrue("\(error)".contains("reset"), "\(error)")
        }
        try assertStillServing(port)
    }

    func test_empty_SendsHeadersPromisingABody_ThenCloses() throws {
        let (_, port) = try startServer()
        let client = try RawClient(port: port)
        try client.send("GET /fault/empty HTTP/1.1\r\nHost: t\r\n\r\n")
        let text = String(decoding: try client.readUntilClose(), as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("HTTP/1.1 200 OK\r\n"), text)
        XCTAssertTrue(text.contains("Content-Length: 20\r\n"), text)
        XCTAssertTrue(text.hasSuffix("\r\n\r\n"), "nothing after the head: \(text)")
        try assertStillServing(port)
    }

    func test_malformed_SendsABrokenChunk_ThenCloses() throws {
        let (_, port) = try startServer()
        let client = try RawClient(port: port)
        try client.send("GET /fault/malformed HTTP/1.1\r\nHost: t\r\n\r\n")
        let text = String(decoding: try client.readUntilClose(), as: UTF8.self)
        XCTAssertTrue(text.contains("Transfer-Encoding: chunked\r\n"), text)
        XCTAssertFalse(text.contains("Content-Length"), text)
        XCTAssertTrue(text.contains("\r\n\r\nzz\r\n"), text)
        try assertStillServing(port)
    }

    func test_urlSession_FailsOnEveryClosingFault() async throws {
        let (_, port) = try startServer()
        for fault in ["close", "reset", "empty", "malformed"] {
            do {
                let (response, data) = try await fetch("http://127.0.0.1:\(port)/fault/\(fault)")
                XCTFail("\(fault): expected a transport error, got \(response.statusCode) \(data.count) bytes")
            } catch {
                XCTAssertTrue(error is URLError, "\(fault): \(error)")
            }
        }
        try assertStillServing(port)
    }

    func test_timeout_HoldsTheConnectionWithoutAnswer_UntilShutdown() throws {
        let (server, port) = try startServer { $0.shutdownDeadline = .milliseconds(200) }
        let client = try RawClient(port: port, timeout: 0.5)
        try client.send("GET /fault/timeout HTTP/1.1\r\nHost: t\r\n\r\n")
        XCTAssertThrowsError(try client.readResponse()) { error in
            XCTAssertTrue("\(error)".contains("timed out"), "\(error)")
        }
        try assertStillServing(port)
        client.setTimeout(5)
        server.shutdown()
        XCTAssertEqual(try client.readUntilClose(), [], "closed at shutdown, still without an answer")
        server.waitUntilStopped()
    }
}
