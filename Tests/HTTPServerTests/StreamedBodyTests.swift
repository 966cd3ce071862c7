import Foundation
import TestSupport
import XCTest
@testable import HTTPServer

/// Bodies over `maxBodyBytes` that the responder takes as streams, over real sockets: delivered
/// whole and in order (Content-Length and chunked), the connection kept for the next request; an
/// answer before the body's end closes the connection after it; a body the responder does not
/// take is the 413 it always was.
final class StreamedBodyTests: XCTestCase {
    static let limit = 64 * 1024

    private func startStreamingServer() throws -> Int {
        try startServer({
            $0.accessLog = false
            $0.limits.maxBodyBytes = Self.limit
            $0.maxBufferedBodyBytes = Self.limit
        }, responder: StreamedBodyResponder()).port
    }

    /// What `StreamedBodyResponder` answers for `body`.
    private static func summary(_ body: PatternBody) -> String { "\(body.count) \(body.digest)" }

    func test_contentLengthBody_isStreamedWhole_andTheConnectionServesTheNextRequest() async throws {
        let port = try startStreamingServer()
        let body = await PatternBody.make(3 << 20)
        let client = try await RawHTTPClient(port: port, timeout: 30)
        try await client.send("POST /stream HTTP/1.1\r\nHost: t\r\nContent-Length: \(body.count)\r\n\r\n")
        try await client.send(body.bytes)
        let response = try await client.readResponse()
        XCTAssertEqual(response.bodyText, Self.summary(body))
        XCTAssertEqual(response.header("Connection"), "keep-alive")
        try await client.send("POST /stream/small HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello")
        let small = try await client.readResponse()
        XCTAssertEqual(small.bodyText, "whole 5", "a body within the limit stays whole")
    }

    func test_chunkedBody_isStreamedFromTheChunkThatCrossesTheLimit() async throws {
        let port = try startStreamingServer()
        let body = await PatternBody.make((1 << 20) + 3)
        let client = try await RawHTTPClient(port: port, timeout: 30)
        var wire = Array("POST /stream HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
        for start in stride(from: 0, to: body.count, by: 40_000) {
            let piece = body.bytes[start..<min(start + 40_000, body.count)]
            wire += Array("\(String(piece.count, radix: 16))\r\n".utf8) + piece + Array("\r\n".utf8)
        }
        wire += Array("0\r\n\r\n".utf8)
        try await client.send(wire)
        let response = try await client.readResponse()
        XCTAssertEqual(response.bodyText, Self.summary(body))
    }

    func test_anAnswerBeforeTheBodysEnd_closesTheConnectionAfterIt() async throws {
        let port = try startStreamingServer()
        let client = try await RawHTTPClient(port: port, timeout: 30)
        try await client.send("POST /early HTTP/1.1\r\nHost: t\r\nContent-Length: \(1 << 20)\r\n\r\n")
        try await client.send([UInt8](repeating: 0x63, count: 100_000))
        let rest = try await client.readUntilClose()
        let text = String(decoding: rest, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("HTTP/1.1 200 OK\r\n"), text)
        XCTAssertTrue(text.contains("\r\nConnection: close\r\n"), text)
        let (probe, _) = try await fetch("http://127.0.0.1:\(port)/stream/after", method: "POST", body: Data("ok".utf8))
        XCTAssertEqual(probe.statusCode, 200, "the server keeps serving")
    }

    func test_aSlowAnswerAfterAStreamedBody_isNotCutByTheIdleTimeout_evenWhenTheConnectionCloses() async throws {
        let port = try startServer({
            $0.accessLog = false
            $0.limits.maxBodyBytes = Self.limit
            $0.idleTimeout = .milliseconds(500)
        }, responder: StreamedBodyResponder()).port
        let body = await PatternBody.make(Self.limit * 4)
        let client = try await RawHTTPClient(port: port, timeout: 30)
        try await client.send("POST /stream/late HTTP/1.1\r\nHost: t\r\nConnection: close\r\nContent-Length: \(body.count)\r\n\r\n")
        try await client.send(body.bytes)
        let answer = String(decoding: try await client.readUntilClose(), as: UTF8.self)
        XCTAssertTrue(answer.hasPrefix("HTTP/1.1 200 OK\r\n"), answer)
        XCTAssertTrue(answer.hasSuffix("\r\n\r\n" + Self.summary(body)), answer)
    }

    func test_aBodyTheResponderDoesNotTake_isStill413() async throws {
        let port = try startStreamingServer()
        let refused = try await RawHTTPClient.exchangeUntilClose(port: port, "POST", "/whole", body: [UInt8](repeating: 0x64, count: Self.limit + 1))
        XCTAssertEqual(refused.status, 413)
        XCTAssertTrue(refused.text.contains("body larger than \(Self.limit) bytes"), refused.text)
    }
}
