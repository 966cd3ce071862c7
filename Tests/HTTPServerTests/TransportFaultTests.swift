import Foundation
import TestSupport
import XCTest
@testable import HTTPServer
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Each `TransportFault` as a client sees it, and the server serving normally afterwards.
final class TransportFaultTests: XCTestCase {
    private func assertStillServing(_ port: Int, file: StaticString = #filePath, line: UInt = #line) async throws {
        let client = try await RawHTTPClient(port: port)
        try await client.send("GET /json HTTP/1.1\r\nHost: t\r\n\r\n")
        let status = try await client.readResponse().status
        XCTAssertEqual(status, 200, file: file, line: line)
    }

    func test_close_ClosesWithoutAnyByte() async throws {
        let (_, port) = try startServer()
        let client = try await RawHTTPClient(port: port)
        try await client.send("GET /fault/close HTTP/1.1\r\nHost: t\r\n\r\n")
        let rest = try await client.readUntilClose()
        XCTAssertEqual(rest, [])
        try await assertStillServing(port)
    }

    func test_reset_AbortsWithRST() async throws {
        let (_, port) = try startServer()
        let client = try await RawHTTPClient(port: port)
        try await client.send("GET /fault/reset HTTP/1.1\r\nHost: t\r\n\r\n")
        do {
            let bytes = try await client.readUntilClose()
            XCTFail("a clean close after \(bytes.count) bytes instead of a reset")
        } catch {
            XCTAssertTrue("\(error)".contains("reset"), "\(error)")
        }
        try await assertStillServing(port)
    }

    func test_empty_SendsHeadersPromisingABody_ThenCloses() async throws {
        let (_, port) = try startServer()
        let client = try await RawHTTPClient(port: port)
        try await client.send("GET /fault/empty HTTP/1.1\r\nHost: t\r\n\r\n")
        let text = String(decoding: try await client.readUntilClose(), as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("HTTP/1.1 200 OK\r\n"), text)
        XCTAssertTrue(text.contains("Content-Length: 20\r\n"), text)
        XCTAssertTrue(text.hasSuffix("\r\n\r\n"), "nothing after the head: \(text)")
        try await assertStillServing(port)
    }

    func test_malformed_SendsABrokenChunk_ThenCloses() async throws {
        let (_, port) = try startServer()
        let client = try await RawHTTPClient(port: port)
        try await client.send("GET /fault/malformed HTTP/1.1\r\nHost: t\r\n\r\n")
        let text = String(decoding: try await client.readUntilClose(), as: UTF8.self)
        XCTAssertTrue(text.contains("Transfer-Encoding: chunked\r\n"), text)
        XCTAssertFalse(text.contains("Content-Length"), text)
        XCTAssertTrue(text.contains("\r\n\r\nzz\r\n"), text)
        try await assertStillServing(port)
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
        try await assertStillServing(port)
    }

    func test_timeout_HoldsTheConnectionWithoutAnswer_UntilShutdown() async throws {
        let (server, port) = try startServer { $0.shutdownDeadline = .milliseconds(200) }
        let client = try await RawHTTPClient(port: port, timeout: 0.5)
        try await client.send("GET /fault/timeout HTTP/1.1\r\nHost: t\r\n\r\n")
        do {
            let response = try await client.readResponse()
            XCTFail("an answer instead of silence: \(response.head)")
        } catch {
            XCTAssertTrue("\(error)".contains("timed out"), "\(error)")
        }
        try await assertStillServing(port)
        client.setTimeout(5)
        server.shutdown()
        let rest = try await client.readUntilClose()
        XCTAssertEqual(rest, [], "closed at shutdown, still without an answer")
        await server.stopped()
    }
}
