import XCTest
@testable import HTTPServer

final class PipeliningTests: XCTestCase {
    let fixture = ParserFixture()

    func test_pipelinedRequests_comeOutInOrder() {
        let raw = "GET /1 HTTP/1.1\r\nHost: h\r\n\r\n"
            + "POST /2 HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\n\r\nabc"
            + "POST /3 HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nde\r\n0\r\n\r\n"
            + "HEAD /4 HTTP/1.0\r\n\r\n"
        let events = fixture.events(raw)
        XCTAssertEqual(events.compactMap(\.request?.path), ["/1", "/2", "/3", "/4"])
        XCTAssertEqual(events.compactMap(\.request?.bodyText), ["", "abc", "de", ""])
    }

    func test_requestsBeforeAnError_areStillDelivered() {
        let raw = "GET /ok HTTP/1.1\r\nHost: h\r\n\r\nGET /bad HTTP/1.1\r\n\r\n"
        let events = fixture.events(raw)
        XCTAssertEqual(events.first?.request?.path, "/ok")
        XCTAssertEqual(events.last?.error?.message, "missing Host header (required in HTTP/1.1)")
        XCTAssertEqual(events.last?.error?.path, "/bad")
    }

    func test_manyPipelinedRequests_surviveBufferCompaction() {
        let one = "GET /item HTTP/1.1\r\nHost: h\r\nX-Pad: " + String(repeating: "p", count: 200) + "\r\n\r\n"
        let raw = Array(String(repeating: one, count: 400).utf8)
        let byChunks = stride(from: 0, to: raw.count, by: 1000).map { Array(raw[$0..<min($0 + 1000, raw.count)]) }
        let events = fixture.feed(byChunks)
        XCTAssertEqual(events.count, 400)
        XCTAssertTrue(events.allSatisfy { $0.request?.path == "/item" })
    }

    func test_idleAndReadingHead_followTheConnectionState() {
        var parser = RequestParser()
        XCTAssertTrue(parser.isIdle)
        XCTAssertFalse(parser.isReadingHead)
        parser.append(Array("GET / HT".utf8))
        _ = parser.next()
        XCTAssertFalse(parser.isIdle)
        XCTAssertTrue(parser.isReadingHead)
        parser.append(Array("TP/1.1\r\nHost: h\r\nContent-Length: 2\r\n\r\n".utf8))
        _ = parser.next()
        XCTAssertFalse(parser.isIdle)
        XCTAssertFalse(parser.isReadingHead, "reading a body, not a head")
        parser.append(Array("okGET".utf8))
        guard case .request = parser.next() else { return XCTFail("no request") }
        _ = parser.next()
        XCTAssertFalse(parser.isIdle, "the next request has started")
        XCTAssertTrue(parser.isReadingHead)
        parser.append(Array(" / HTTP/1.1\r\nHost: h\r\n\r\n".utf8))
        guard case .request = parser.next() else { return XCTFail("no second request") }
        guard case .needMore = parser.next() else { return XCTFail("expected needMore") }
        XCTAssertTrue(parser.isIdle)
    }

    func test_rawBufferAppend_matchesArrayAppend() {
        var parser = RequestParser()
        let bytes = Array("GET /raw HTTP/1.1\r\nHost: h\r\n\r\n".utf8)
        bytes.withUnsafeBytes { parser.append($0) }
        guard case .request(let request) = parser.next() else { return XCTFail("no request") }
        XCTAssertEqual(request.path, "/raw")
    }
}
