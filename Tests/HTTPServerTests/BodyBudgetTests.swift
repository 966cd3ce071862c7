import Foundation
import TestSupport
import XCTest
@testable import HTTPServer

/// The server-wide body budget (`ServerConfiguration.maxBufferedBodyBytes`): bodies that would
/// take it over get `503` with `Retry-After`, delivered before a clean close; everything else is
/// served, and the budget comes back when requests are answered or their connections die.
final class BodyBudgetTests: XCTestCase {
    static let budget = 1_000_000
    static let message = "the server holds too many request bodies in memory right now; retry in a second"

    private func startBudgetedServer() throws -> Int {
        try startServer {
            $0.accessLog = false
            $0.maxBufferedBodyBytes = Self.budget
        }.port
    }

    /// A client that announced `length` bytes and was told to send them holds its share of the
    /// budget: the `100 Continue` only goes out once the share is reserved.
    private func uploadHoldingItsShare(port: Int, length: Int) async throws -> RawHTTPClient {
        let client = try await RawHTTPClient(port: port)
        try await client.send("POST /echo HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: \(length)\r\n\r\n")
        let interim = try await client.readResponse()
        XCTAssertEqual(interim.status, 100)
        return client
    }

    private static func body(_ count: Int, seed: UInt8) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31) ^ seed }
    }

    func test_uploadOverTheBudget_Gets503WithRetryAfter_WhileTheHolderIsServedIntact() async throws {
        let port = try startBudgetedServer()
        let holder = try await uploadHoldingItsShare(port: port, length: 600_000)
        let held = Self.body(600_000, seed: 7)
        try await holder.send(Array(held[0..<100_000]))

        let refused = try await RawHTTPClient.exchangeUntilClose(
            port: port, "POST", "/echo", body: Self.body(600_000, seed: 9))
        XCTAssertEqual(refused.status, 503)
        XCTAssertEqual(refused.headers["retry-after"], "1")
        XCTAssertEqual(refused.headers["connection"], "close")
        XCTAssertTrue(refused.text.contains(Self.message), refused.text)

        let small = Self.body(1000, seed: 3)
        guard case .response(200, _, let echoed) = try await RawHTTPClient.exchange(
            port: port, "POST", "/echo", body: String(decoding: small, as: UTF8.self))
        else { return XCTFail("a body that fits the rest of the budget is served") }
        XCTAssertEqual(echoed, String(decoding: small, as: UTF8.self))

        try await holder.send(Array(held[100_000...]))
        let answer = try await holder.readResponse()
        XCTAssertEqual(answer.status, 200)
        XCTAssertEqual(answer.body, held, "the body that held the budget arrives whole")

        let after = try await RawHTTPClient(port: port)
        let again = Self.body(600_000, seed: 11)
        try await after.send("POST", "/echo", body: again)
        let served = try await after.readResponse()
        XCTAssertEqual(served.status, 200, "an answered request gives its share back")
        XCTAssertEqual(served.body, again)
    }

    func test_expectContinueOverTheBudget_Gets503InsteadOf100() async throws {
        let port = try startBudgetedServer()
        let client = try await RawHTTPClient(port: port)
        try await client.send("POST /echo HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: 1000001\r\n\r\n")
        let response = try await client.readResponse()
        XCTAssertEqual(response.status, 503)
        XCTAssertEqual(response.header("Retry-After"), "1")
        let rest = try await client.readUntilClose()
        XCTAssertEqual(rest, [], "after the answer: a FIN, not a reset")
    }

    func test_chunkedBodyGrowingOverTheBudget_Gets503_ThenCleanClose() async throws {
        let port = try startBudgetedServer()
        let client = try await RawHTTPClient(port: port)
        let chunk = "f4240\r\n" + String(repeating: "x", count: 1_000_000) + "\r\n"
        try await client.send("POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n" + chunk + "1\r\n")
        try await client.send("y\r\n" + chunk + "0\r\n\r\n")
        let response = try await client.readResponse()
        XCTAssertEqual(response.status, 503)
        XCTAssertTrue(response.bodyText.contains(Self.message), response.bodyText)
        let rest = try await client.readUntilClose()
        XCTAssertEqual(rest, [], "the rest of the body is drained, then a FIN")

        guard case .response(200, _, "{\"ok\":true}") = try await RawHTTPClient.exchange(port: port, "GET", "/json")
        else { return XCTFail("the server keeps serving") }
    }

    /// Like `uploadHoldingItsShare`, but a 503 (the share is still held by a connection the
    /// server has not yet seen close) is retried for up to five seconds.
    private func uploadOnceTheShareIsBack(port: Int, length: Int) async throws -> RawHTTPClient? {
        let deadline = Date().addingTimeInterval(5)
        repeat {
            let client = try await RawHTTPClient(port: port)
            try await client.send("POST /echo HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: \(length)\r\n\r\n")
            let interim = try await client.readResponse()
            if interim.status == 100 { return client }
            XCTAssertEqual(interim.status, 503)
            try await Task.sleep(for: .milliseconds(20))
        } while Date() < deadline
        return nil
    }

    func test_connectionsDyingMidBody_GiveTheirShareBack() async throws {
        let port = try startBudgetedServer()
        for round in 0..<3 {
            let holder = try await uploadOnceTheShareIsBack(port: port, length: 900_000)
            guard let holder else { return XCTFail("round \(round): the share of the closed upload never came back") }
            try await holder.send(Self.body(300_000, seed: 1))
            // `holder` goes out of scope here: its socket closes with 600,000 bytes unsent.
        }
        let body = Self.body(900_000, seed: 5)
        let deadline = Date().addingTimeInterval(5)
        var status = 0
        repeat {
            let client = try await RawHTTPClient(port: port)
            try await client.send("POST", "/echo", body: body)
            let response = try await client.readResponse()
            status = response.status
            if status == 200 { XCTAssertEqual(response.body, body) }
            if status == 503 { try await Task.sleep(for: .milliseconds(20)) }
        } while status == 503 && Date() < deadline
        XCTAssertEqual(status, 200, "the closed uploads' shares are back in the budget")
    }
}
