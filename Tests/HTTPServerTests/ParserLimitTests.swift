import XCTest
@testable import HTTPServer

final class ParserLimitTests: XCTestCase {
    func test_requestLine_atTheLimit_isAccepted_andOneOver_is414() {
        let fixture = ParserFixture(limits: HTTPLimits(maxRequestLineBytes: 40))
        let atLimit = "GET /" + String(repeating: "a", count: 40 - 14) + " HTTP/1.1"
        XCTAssertEqual(atLimit.utf8.count, 40)
        XCTAssertNotNil(fixture.request(atLimit + "\r\nHost: h\r\n\r\n"))
        let over = "GET /" + String(repeating: "a", count: 41 - 14) + " HTTP/1.1"
        fixture.assertError(over + "\r\nHost: h\r\n\r\n", 414, "request line longer than 40 bytes")
    }

    func test_requestLineOverLimit_is414_beforeTheLineEnds() {
        var parser = RequestParser(limits: HTTPLimits(maxRequestLineBytes: 40))
        parser.append(Array(("GET /" + String(repeating: "a", count: 36)).utf8))
        guard case .needMore = parser.next() else { return XCTFail("41 bytes may still be a 40-byte line + CR") }
        parser.append([0x61])
        guard case .error(let error) = parser.next() else { return XCTFail("expected 414") }
        XCTAssertEqual(error.status.code, 414)
    }

    func test_requestLine_atDefaultLimit_isAccepted() {
        let fixture = ParserFixture()
        let atLimit = "GET /" + String(repeating: "a", count: 8192 - 14) + " HTTP/1.1"
        XCTAssertEqual(fixture.events(atLimit + "\r\nHost: h\r\n\r\n", splitEverywhere: false).count, 1)
        let over = "GET /" + String(repeating: "a", count: 8193 - 14) + " HTTP/1.1"
        fixture.assertError(over + "\r\nHost: h\r\n\r\n", 414, "8192", splitEverywhere: false)
    }

    func test_headerSection_atTheLimit_isAccepted_andOneOver_is431() {
        let fixture = ParserFixture(limits: HTTPLimits(maxHeaderBytes: 30))
        // "Host: h\r\n" is 9 bytes; "X-A: " + value + "\r\n" fills the remaining 21.
        let atLimit = "GET / HTTP/1.1\r\nHost: h\r\nX-A: " + String(repeating: "v", count: 14) + "\r\n\r\n"
        XCTAssertNotNil(fixture.request(atLimit))
        let over = "GET / HTTP/1.1\r\nHost: h\r\nX-A: " + String(repeating: "v", count: 15) + "\r\n\r\n"
        fixture.assertError(over, 431, "header section larger than 30 bytes")
    }

    func test_headerSectionOverDefaultLimit_is431() {
        let fixture = ParserFixture()
        let field = "X-Pad: " + String(repeating: "p", count: 1000) + "\r\n"
        let raw = "GET / HTTP/1.1\r\nHost: h\r\n" + String(repeating: field, count: 66) + "\r\n"
        fixture.assertError(raw, 431, "65536", splitEverywhere: false)
    }

    func test_headerCount_atTheLimit_isAccepted_andOneOver_is431() {
        let fixture = ParserFixture()
        let fields = (1...99).map { "X-\($0): v\r\n" }.joined()
        XCTAssertNotNil(fixture.request("GET / HTTP/1.1\r\nHost: h\r\n" + fields + "\r\n"))
        fixture.assertError("GET / HTTP/1.1\r\nHost: h\r\n" + fields + "X-100: v\r\n\r\n", 431, "more than 100 header fields")
    }

    func test_contentLength_atTheLimit_isAccepted_andOneOver_is413_beforeTheBody() {
        let fixture = ParserFixture(limits: HTTPLimits(maxBodyBytes: 8))
        XCTAssertEqual(fixture.request("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 8\r\n\r\n12345678")?.bodyText, "12345678")
        // No body bytes sent at all: the 413 must not wait for them.
        fixture.assertError("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 9\r\n\r\n", 413, "body larger than 8 bytes")
    }

    func test_hugeContentLength_is413_notAnOverflow() {
        let fixture = ParserFixture()
        fixture.assertError("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 99999999999999999999999999\r\n\r\n", 413, "body larger")
    }

    func test_chunkedBody_atTheLimit_isAccepted_andGrowingPast_is413() {
        let fixture = ParserFixture(limits: HTTPLimits(maxBodyBytes: 8))
        let head = "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n"
        XCTAssertEqual(fixture.request(head + "4\r\n1234\r\n4\r\n5678\r\n0\r\n\r\n")?.bodyText, "12345678")
        fixture.assertError(head + "4\r\n1234\r\n5\r\n", 413, "body larger than 8 bytes")
    }

    func test_trailers_overTheHeaderLimit_are431() {
        let fixture = ParserFixture(limits: HTTPLimits(maxHeaderBytes: 40))
        let head = "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n"
        XCTAssertNotNil(fixture.request(head + "0\r\nX-T: " + String(repeating: "t", count: 33) + "\r\n\r\n"))
        fixture.assertError(head + "0\r\nX-T: " + String(repeating: "t", count: 34) + "\r\n\r\n", 431, "trailer section")
    }
}
