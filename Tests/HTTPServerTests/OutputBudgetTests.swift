import Foundation
import TestSupport
import XCTest
@testable import HTTPServer

/// Small pipelined requests for large answers: a connection queues at most about
/// `Connection.maxPendingOutput` of unwritten output, parses the requests it already holds once
/// that drains, and answers every one in order.
final class OutputBudgetTests: XCTestCase {
    private static let request = "GET /big/64 HTTP/1.1\r\nHost: t\r\n\r\n"

    func test_pipelinedRequestsForLargeAnswers_AreAllAnswered_AfterTheOutputDrains() async throws {
        let (_, port) = try startServer { $0.accessLog = false }
        let client = try await RawHTTPClient(port: port)
        try await client.send(String(repeating: Self.request, count: 100))
        for index in 0..<100 {
            let response = try await client.readResponse()
            XCTAssertEqual(response.status, 200, "response \(index)")
            XCTAssertEqual(response.body.count, 64 * 1024, "response \(index)")
        }
    }

    /// Over a socket pair whose peer never reads: 100 requests for 64 KiB each must not queue
    /// 6.4 MB; the queue stops within one answer of the cap.
    func test_unreadAnswers_StopParsingAtTheOutputCap() async throws {
        var pair: [Int32] = [0, 0]
        XCTAssertEqual(socketpair(AF_UNIX, PlatformSocket.stream, 0, &pair), 0)
        let (serverEnd, clientEnd) = (pair[0], pair[1])
        defer { close(clientEnd) }
        Socket.setNonBlocking(serverEnd)
        let context = ServerContext(
            configuration: ServerConfiguration(accessLog: false), responder: TestResponder(), errorResponder: .plainJSON,
            bodyBudget: BodyBudget(limit: 1 << 20), observer: nil, observerWantsAnsweredRequests: false, connectionClosed: {})
        let loop = EventLoop(index: 0, context: context)
        loop.execute { loop.adopt(serverEnd) }
        let requests = Array(String(repeating: Self.request, count: 100).utf8)
        XCTAssertEqual(requests.withUnsafeBytes { send(clientEnd, $0.baseAddress, $0.count, 0) }, requests.count)
        try await Task.sleep(for: .milliseconds(300))
        let pending = await withCheckedContinuation { continuation in
            loop.execute {
                let connection = loop.connections.values.first
                connection?.close(reset: true)
                continuation.resume(returning: connection.map { $0.output.count - $0.outputOffset } ?? -1)
            }
        }
        await withCheckedContinuation { continuation in loop.stop { continuation.resume() } }
        XCTAssertGreaterThan(pending, 0, "the peer reads nothing, so output is waiting")
        XCTAssertLessThanOrEqual(pending, Connection.maxPendingOutput + 65 * 1024)
    }
}
