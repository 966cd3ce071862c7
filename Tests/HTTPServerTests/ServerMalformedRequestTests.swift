import Foundation
import TestSupport
import XCTest
@testable import HTTPServer

/// Every malformed request gets its status, a JSON error body and `Connection: close`, the
/// socket is closed, and the server goes on serving the next client.
final class ServerMalformedRequestTests: XCTestCase {
    private struct Case {
        var name: String
        var bytes: String
        var status: Int
    }

    private let cases: [Case] = [
        Case(name: "missing Host on HTTP/1.1", bytes: "GET /json HTTP/1.1\r\n\r\n", status: 400),
        Case(name: "Content-Length with Transfer-Encoding",
             bytes: "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n",
             status: 400),
        Case(name: "conflicting Content-Length",
             bytes: "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd", status: 400),
        Case(name: "negative Content-Length", bytes: "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: -1\r\n\r\n", status: 400),
        Case(name: "non-numeric Content-Length", bytes: "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 1x\r\n\r\n", status: 400),
        Case(name: "bad chunk size",
             bytes: "POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n", status: 400),
        Case(name: "whitespace before the colon", bytes: "GET /json HTTP/1.1\r\nHost : t\r\n\r\n", status: 400),
        Case(name: "obs-fold", bytes: "GET /json HTTP/1.1\r\nHost: t\r\nX-A: a\r\n  folded\r\n\r\n", status: 400),
        Case(name: "NUL in a field value", bytes: "GET /json HTTP/1.1\r\nHost: t\r\nX-A: a\0b\r\n\r\n", status: 400),
        Case(name: "bare CR in a field value", bytes: "GET /json HTTP/1.1\r\nHost: t\r\nX-A: a\rb\r\n\r\n", status: 400),
        Case(name: "request line without version", bytes: "GET /json\r\nHost: t\r\n\r\n", status: 400),
        Case(name: "request line with extra spaces", bytes: "GET  /json HTTP/1.1\r\nHost: t\r\n\r\n", status: 400),
        Case(name: "unknown transfer-coding",
             bytes: "POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", status: 501),
        Case(name: "request line over 8 KiB",
             bytes: "GET /\(String(repeating: "a", count: 9000)) HTTP/1.1\r\nHost: t\r\n\r\n", status: 414),
        Case(name: "header section over 64 KiB",
             bytes: "GET /json HTTP/1.1\r\nHost: t\r\n" + String(repeating: "X-Big: \(String(repeating: "b", count: 1000))\r\n", count: 70) + "\r\n",
             status: 431),
        Case(name: "more than 100 header fields",
             bytes: "GET /json HTTP/1.1\r\nHost: t\r\n" + (0..<101).map { "X-\($0): v\r\n" }.joined() + "\r\n", status: 431),
        Case(name: "body over the limit (refused before it is read)",
             bytes: "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 17000000\r\n\r\n", status: 413),
    ]

    func test_eachMalformedRequest_GetsItsStatus_JSONBody_AndClose_ThenTheServerKeepsServing() async throws {
        let recorder = ExchangeRecorder()
        let (_, port) = try startServer(observer: recorder)
        for testCase in cases {
            let client = try await RawHTTPClient(port: port)
            try await client.send(testCase.bytes)
            let response = try await client.readResponse()
            XCTAssertEqual(response.status, testCase.status, testCase.name)
            XCTAssertEqual(response.header("Connection"), "close", testCase.name)
            XCTAssertEqual(response.header("Content-Type"), "application/json; charset=utf-8", testCase.name)
            let json = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
            let error = json?["error"] as? [String: Any]
            XCTAssertEqual(error?["status"] as? Int, testCase.status, testCase.name)
            XCTAssertFalse((error?["message"] as? String ?? "").isEmpty, testCase.name)
            let closed = await client.isClosedByPeer()
            XCTAssertTrue(closed, "\(testCase.name): the connection is closed")

            let next = try await RawHTTPClient(port: port)
            try await next.send("GET /json HTTP/1.1\r\nHost: t\r\n\r\n")
            let body = try await next.readResponse().bodyText
            XCTAssertEqual(body, #"{"ok":true}"#, "\(testCase.name): still serving")
        }
        let errors = recorder.exchanges.filter { $0.request == nil }
        XCTAssertEqual(errors.map(\.status), cases.map(\.status), "the observer sees every rejected request")
    }

    func test_responsesBeforeAMalformedPipelinedRequest_AreStillAnswered() async throws {
        let (_, port) = try startServer()
        let client = try await RawHTTPClient(port: port)
        try await client.send("GET /late/50 HTTP/1.1\r\nHost: t\r\n\r\nGET /json HTTP/1.1\r\nHost : t\r\n\r\n")
        let body = try await client.readResponse().bodyText
        XCTAssertEqual(body, #"{"late":50}"#)
        let status = try await client.readResponse().status
        XCTAssertEqual(status, 400)
        let closed = await client.isClosedByPeer()
        XCTAssertTrue(closed)
    }

    func test_customErrorResponder_GetsStatusMessageAndPath() async throws {
        let responder = ErrorResponder { status, message, path in
            .json(Array(#"{"code":\#(status.code),"path":"\#(path ?? "none")","message":"\#(message.isEmpty ? "" : "set")"}"#.utf8),
                  status: status)
        }
        let server = HTTPServer(configuration: ServerConfiguration(port: 0, accessLog: false),
                                responder: TestResponder(), errorResponder: responder)
        let port = try server.start().port
        addTeardownBlock {
            server.shutdown()
            await server.stopped()
        }
        let client = try await RawHTTPClient(port: port)
        try await client.send("POST /app/upload HTTP/1.1\r\nHost: t\r\nContent-Length: 99999999\r\n\r\n")
        let response = try await client.readResponse()
        XCTAssertEqual(response.status, 413)
        XCTAssertEqual(response.bodyText, #"{"code":413,"path":"/app/upload","message":"set"}"#)
    }
}
