import Foundation
import TestSupport
import XCTest
@testable import HTTPServer

/// Graceful shutdown in process: stop accepting, finish in-flight requests, close idle ones.
final class ServerShutdownTests: XCTestCase {
    func test_shutdown_FinishesTheRequestInFlight_ThenStops() async throws {
        let server = HTTPServer(configuration: ServerConfiguration(port: 0, accessLog: false), responder: TestResponder())
        let port = try server.start().port
        let busy = try await RawHTTPClient(port: port)
        let idle = try await RawHTTPClient(port: port)
        try await idle.send("GET /json HTTP/1.1\r\nHost: t\r\n\r\n")
        let status = try await idle.readResponse().status
        XCTAssertEqual(status, 200)
        try await busy.send("GET /delay/300 HTTP/1.1\r\nHost: t\r\n\r\n")
        try await Task.sleep(for: .milliseconds(50))

        server.shutdown()
        let closed = await idle.isClosedByPeer()
        XCTAssertTrue(closed, "an idle connection is closed at once")
        let response = try await busy.readResponse()
        XCTAssertEqual(response.bodyText, #"{"delayed":true}"#)
        XCTAssertEqual(response.header("Connection"), "close")
        let closed2 = await busy.isClosedByPeer()
        XCTAssertTrue(closed2)
        await server.stopped()
        do {
            _ = try await RawHTTPClient(port: port)
            XCTFail("no longer accepting")
        } catch {}
    }

    func test_shutdownDeadline_ClosesWhatIsStillBusy() async throws {
        let server = HTTPServer(configuration: ServerConfiguration(port: 0, shutdownDeadline: .milliseconds(200), accessLog: false),
                                responder: TestResponder())
        let port = try server.start().port
        let client = try await RawHTTPClient(port: port)
        try await client.send("GET /delay/5000 HTTP/1.1\r\nHost: t\r\n\r\n")
        try await Task.sleep(for: .milliseconds(50))
        let started = Date()
        server.shutdown()
        await server.stopped()
        XCTAssertLessThan(Date().timeIntervalSince(started), 2)
        let rest = try await client.readUntilClose()
        XCTAssertEqual(rest, [])
    }

    func test_shutdown_WithoutConnections_StopsAtOnce() async throws {
        let server = HTTPServer(configuration: ServerConfiguration(port: 0, accessLog: false), responder: TestResponder())
        _ = try server.start()
        server.shutdown()
        await server.stopped()
        server.shutdown()
    }

    /// Each loop counts the connections it closes in the shared ledger, without the control
    /// queue: after 200 connections came and went on four loops, a shutdown still waits for the
    /// one request in flight (the count did not reach zero early).
    func test_shutdown_AfterConnectionsCameAndWentOnEveryLoop_WaitsForTheOneInFlight() async throws {
        let server = HTTPServer(configuration: ServerConfiguration(port: 0, accessLog: false, eventLoopCount: 4),
                                responder: TestResponder())
        let port = try server.start().port
        for index in 0..<200 {
            let response = try await RawHTTPClient.exchangeUntilClose(port: port, "GET", "/echo?n=\(index)")
            XCTAssertEqual(response.status, 200)
        }
        let busy = try await RawHTTPClient(port: port)
        try await busy.send("GET /delay/300 HTTP/1.1\r\nHost: t\r\n\r\n")
        try await Task.sleep(for: .milliseconds(50))

        server.shutdown()
        let response = try await busy.readResponse()
        XCTAssertEqual(response.bodyText, #"{"delayed":true}"#)
        XCTAssertEqual(response.header("Connection"), "close")
        await server.stopped()
        do {
            _ = try await RawHTTPClient(port: port)
            XCTFail("the listener is closed once the server has stopped")
        } catch {}
    }
}
