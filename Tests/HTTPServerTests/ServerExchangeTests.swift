import Foundation
import TestSupport
import XCTest
@testable import HTTPServer
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Requests and responses end to end over loopback: URLSession and raw bytes.
final class ServerExchangeTests: XCTestCase {
    func test_urlSession_GetsJSON_WithServerHeaders() async throws {
        let (_, port) = try startServer()
        let (response, data) = try await fetch("http://127.0.0.1:\(port)/json")
        XCTAssertEqual(response.statusCode, 200)
        XCTAssertEqual(String(decoding: data, as: UTF8.self), #"{"ok":true}"#)
        XCTAssertEqual(response.value(forHTTPHeaderField: "Content-Type"), "application/json; charset=utf-8")
        XCTAssertEqual(response.value(forHTTPHeaderField: "Content-Length"), "11")
        XCTAssertEqual(response.value(forHTTPHeaderField: "Server"), "MockServer")
        XCTAssertNotNil(response.value(forHTTPHeaderField: "Date").flatMap { $0.hasSuffix(" GMT") ? $0 : nil })
    }

    func test_urlSession_PostsBody_AndGetsItBack() async throws {
        let (_, port) = try startServer()
        let body = Data("name=测试&x=1".utf8)
        let (response, data) = try await fetch("http://127.0.0.1:\(port)/echo", method: "POST", body: body,
                                               headers: ["Content-Type": "application/x-www-form-urlencoded"])
        XCTAssertEqual(response.statusCode, 200)
        XCTAssertEqual(data, body)
        XCTAssertEqual(response.value(forHTTPHeaderField: "X-Method"), "POST")
    }

    func test_keepAlive_ServesManyRequestsOnOneConnection() async throws {
        let (_, port) = try startServer()
        let client = try await RawHTTPClient(port: port)
        for index in 0..<5 {
            try await client.send("GET /echo?n=\(index) HTTP/1.1\r\nHost: test\r\n\r\n")
            let response = try await client.readResponse()
            XCTAssertEqual(response.status, 200)
            XCTAssertEqual(response.header("Connection"), "keep-alive")
            XCTAssertEqual(response.header("X-Target"), "/echo?n=\(index)")
        }
    }

    /// The loop's own reading of the clock for the bytes it read is the request's: after the
    /// client sent it, before its handler ran (the journal times requests from it).
    func test_aRequestCarriesWhenItWasReadWhole() async throws {
        let (_, port) = try startServer()
        let client = try await RawHTTPClient(port: port)
        let sent = DispatchTime.now().uptimeNanoseconds
        try await client.send("GET /received HTTP/1.1\r\nHost: t\r\n\r\n")
        let response = try await client.readResponse()
        let received = try XCTUnwrap(response.header("X-Received").flatMap { UInt64($0) })
        let answered = try XCTUnwrap(response.header("X-Answered").flatMap { UInt64($0) })
        XCTAssertGreaterThanOrEqual(received, sent)
        XCTAssertLessThanOrEqual(received, answered)
        XCTAssertEqual(HTTPRequest(method: .GET, target: "/", path: "/").receivedAtUptimeNanoseconds, 0, "made by code")
    }

    func test_pipelinedRequests_AreAnsweredInRequestOrder_EvenWhenRepliesComeBackOutOfOrder() async throws {
        let (_, port) = try startServer()
        let client = try await RawHTTPClient(port: port)
        try await client.send("GET /late/150 HTTP/1.1\r\nHost: t\r\n\r\nGET /late/10 HTTP/1.1\r\nHost: t\r\n\r\n"
            + "GET /json HTTP/1.1\r\nHost: t\r\n\r\nGET /delay/30 HTTP/1.1\r\nHost: t\r\n\r\n")
        let body = try await client.readResponse().bodyText
        XCTAssertEqual(body, #"{"late":150}"#)
        let body2 = try await client.readResponse().bodyText
        XCTAssertEqual(body2, #"{"late":10}"#)
        let body3 = try await client.readResponse().bodyText
        XCTAssertEqual(body3, #"{"ok":true}"#)
        let body4 = try await client.readResponse().bodyText
        XCTAssertEqual(body4, #"{"delayed":true}"#)
    }

    func test_chunkedUpload_IsDechunked() async throws {
        let (_, port) = try startServer()
        let client = try await RawHTTPClient(port: port)
        try await client.send("POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "5;ext=1\r\nhello\r\n6\r\n world\r\n0\r\nX-Trailer: dropped\r\n\r\n")
        let response = try await client.readResponse()
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.bodyText, "hello world")
    }

    func test_expect100Continue_SendsContinueBeforeTheBody() async throws {
        let (_, port) = try startServer()
        let client = try await RawHTTPClient(port: port)
        try await client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\nExpect: 100-continue\r\n\r\n")
        let interim = try await client.readResponse()
        XCTAssertEqual(interim.status, 100)
        try await client.send("ping")
        let response = try await client.readResponse()
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.bodyText, "ping")
    }

    func test_urlSession_Expect100Continue() async throws {
        let (_, port) = try startServer()
        let body = Data(repeating: 65, count: 100_000)
        let (response, data) = try await fetch("http://127.0.0.1:\(port)/echo", method: "PUT", body: body,
                                               headers: ["Expect": "100-continue"])
        XCTAssertEqual(response.statusCode, 200)
        XCTAssertEqual(data, body)
    }

    func test_head_HasTheGetContentLength_AndNoBody() async throws {
        let (_, port) = try startServer()
        let client = try await RawHTTPClient(port: port)
        try await client.send("HEAD /json HTTP/1.1\r\nHost: t\r\n\r\n")
        let head = try await client.readResponse(isHead: true)
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.header("Content-Length"), "11")
        // If a body had been sent, it would be read here as the next response's status line.
        try await client.send("GET /json HTTP/1.1\r\nHost: t\r\n\r\n")
        let next = try await client.readResponse()
        XCTAssertEqual(next.status, 200)
        XCTAssertEqual(next.bodyText, #"{"ok":true}"#)
    }

    func test_noContent_HasNoContentLength() async throws {
        let (_, port) = try startServer()
        let client = try await RawHTTPClient(port: port)
        try await client.send("GET /nocontent HTTP/1.1\r\nHost: t\r\n\r\nGET /json HTTP/1.1\r\nHost: t\r\n\r\n")
        let response = try await client.readResponse()
        XCTAssertEqual(response.status, 204)
        XCTAssertNil(response.header("Content-Length"))
        let status = try await client.readResponse().status
        XCTAssertEqual(status, 200)
    }

    func test_largeResponse_ToASlowReader_ArrivesWhole_ThroughPartialWrites() async throws {
        let (_, port) = try startServer()
        let client = try await RawHTTPClient(port: port)
        let body = (0..<6_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try await client.send(Array("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body)
        try await Task.sleep(for: .milliseconds(200))  // let the server fill the socket buffers and wait for its socket to be writable
        try await client.send("GET /json HTTP/1.1\r\nHost: t\r\n\r\n")
        let echoed = try await client.readResponse()
        XCTAssertEqual(echoed.body.count, body.count)
        XCTAssertTrue(echoed.body == body, "every byte in order")
        let body2 = try await client.readResponse().bodyText
        XCTAssertEqual(body2, #"{"ok":true}"#, "the next response follows it intact")
    }

    func test_byteByByteClient_IsServed() async throws {
        let (_, port) = try startServer()
        let client = try await RawHTTPClient(port: port)
        for byte in Array("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\n\r\nabc".utf8) {
            try await client.send([byte])
            try await Task.sleep(for: .microseconds(100))
        }
        let response = try await client.readResponse()
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.bodyText, "abc")
    }

    func test_http10_ClosesAfterTheResponse() async throws {
        let (_, port) = try startServer()
        let client = try await RawHTTPClient(port: port)
        try await client.send("GET /json HTTP/1.0\r\n\r\n")
        let response = try await client.readResponse()
        XCTAssertEqual(response.header("Connection"), "close")
        let closed = await client.isClosedByPeer()
        XCTAssertTrue(closed)
    }

    func test_connectionClose_FromClientOrHandler_ClosesAfterTheResponse() async throws {
        let (_, port) = try startServer()
        let client = try await RawHTTPClient(port: port)
        try await client.send("GET /json HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        let header = try await client.readResponse().header("Connection")
        XCTAssertEqual(header, "close")
        let closed = await client.isClosedByPeer()
        XCTAssertTrue(closed)

        let second = try await RawHTTPClient(port: port)
        try await second.send("GET /close HTTP/1.1\r\nHost: t\r\n\r\n")
        let response = try await second.readResponse()
        XCTAssertEqual(response.header("Connection"), "close")
        XCTAssertEqual(response.bodyText, "bye")
        let closed2 = await second.isClosedByPeer()
        XCTAssertTrue(closed2)
    }

    func test_clientAbortMidBody_LeavesTheServerServing() async throws {
        let recorder = ExchangeRecorder()
        let (_, port) = try startServer(observer: recorder)
        do {
            let client = try await RawHTTPClient(port: port)
            try await client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 1000\r\n\r\nonly part")
        }
        let client = try await RawHTTPClient(port: port)
        try await client.send("GET /json HTTP/1.1\r\nHost: t\r\n\r\n")
        let status = try await client.readResponse().status
        XCTAssertEqual(status, 200)
        XCTAssertEqual(recorder.exchanges.map(\.request?.path), ["/json"], "the aborted request never reached the responder")
    }

    func test_observer_SeesEachExchangeOnce() async throws {
        let recorder = ExchangeRecorder()
        let (_, port) = try startServer(observer: recorder)
        let client = try await RawHTTPClient(port: port)
        try await client.send("GET /json HTTP/1.1\r\nHost: t\r\n\r\nGET /delay/20 HTTP/1.1\r\nHost: t\r\n\r\n")
        let first = try await client.readResponse()
        _ = try await client.readResponse()
        let exchanges = recorder.exchanges
        XCTAssertEqual(exchanges.map(\.request?.path), ["/json", "/delay/20"])
        XCTAssertEqual(exchanges.map(\.status), [200, 200])
        XCTAssertEqual(exchanges[0].bytesSent, first.body.count, "body bytes, without the head")
        XCTAssertEqual(exchanges[1].delay, .milliseconds(20))
        XCTAssertGreaterThanOrEqual(exchanges[1].duration, .milliseconds(20))
        XCTAssertTrue(exchanges[0].remoteAddress.hasPrefix("127.0.0.1:"))
    }

    func test_ipv6Loopback_IsServed() async throws {
        let server = HTTPServer(configuration: ServerConfiguration(host: "::1", port: 0, accessLog: false),
                                responder: TestResponder())
        let address: SocketAddress
        do {
            address = try server.start()
        } catch {
            throw XCTSkip("no IPv6 loopback here: \(error)")
        }
        addTeardownBlock {
            server.shutdown()
            await server.stopped()
        }
        XCTAssertEqual(address.url, "http://[::1]:\(address.port)")
        let client = try await RawHTTPClient(port: address.port, host: "::1")
        try await client.send("GET /echo HTTP/1.1\r\nHost: [::1]\r\n\r\n")
        let status = try await client.readResponse().status
        XCTAssertEqual(status, 200)
    }

    func test_startTwice_Refuses_AndBusyPortFails() async throws {
        let (server, port) = try startServer()
        XCTAssertThrowsError(try server.start())
        let second = HTTPServer(configuration: ServerConfiguration(port: port, accessLog: false), responder: TestResponder())
        XCTAssertThrowsError(try second.start()) { error in
            XCTAssertTrue("\(error)".contains("bind"), "\(error)")
        }
        await second.stopped()
    }
}
