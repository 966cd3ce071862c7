import Foundation
import XCTest
@testable import HTTPServer

/// Graceful shutdown in process: stop accepting, finish in-flight requests, close idle ones.
final class ServerShutdownTests: XCTestCase {
    func test_shutdown_FinishesTheRequestInFlight_ThenStops() throws {
        let server = HTTPServer(configuration: ServerConfiguration(port: 0, accessLog: false), responder: TestResponder())
        let port = try server.start().port
        let busy = try RawClient(port: port)
        let idle = try RawClient(port: port)
        try idle.send("GET /json HTTP/1.1\r\nHost: t\r\n\r\n")
        XCTAssertEqual(try idle.readResponse().status, 200)
        try busy.send("GET /delay/300 HTTP/1.1\r\nHost: t\r\n\r\n")
        usleep(50_000)

        server.shutdown()
        XCTAssertTrue(idle.isClosedByPeer(), "an idle connection is closed at once")
        let response = try busy.readResponse()
        XCTAssertEqual(response.bodyText, #"{"delayed":true}"#)
        XCTAssertEqual(response.header("Connection"), "close")
        XCTAssertTrue(busy.isClosedByPeer())
        server.waitUntilStopped()
        XCTAssertThrowsError(try RawClient(port: port), "no longer accepting")
    }

    func test_shutdownDeadline_ClosesWhatIsStillBusy() throws {
        let server = HTTPServer(configuration: ServerConfiguration(port: 0, shutdownDeadline: .milliseconds(200), accessLog: false),
                                responder: TestResponder())
        let port = try server.start().port
        let client = try RawClient(port: port)
        try client.send("GET /delay/5000 HTTP/1.1\r\nHost: t\r\n\r\n")
        usleep(50_000)
        let started = Date()
        server.shutdown()
        server.waitUntilStopped()
        XCTAssertLessThan(Date().timeIntervalSince(started), 2)
        XCTAssertEqual(try client.readUntilClose(), [])
    }

    func test_shutdown_WithoutConnections_StopsAtOnce() throws {
        let server = HTTPServer(configuration: ServerConfiguration(port: 0, accessLog: false), responder: TestResponder())
        _ = try server.start()
        server.shutdown()
        server.waitUntilStopped()
        server.shutdown()
    }
}
