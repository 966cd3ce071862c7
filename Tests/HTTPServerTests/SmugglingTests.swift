import XCTest
@testable import HTTPServer

/// Request smuggling relies on two parsers framing the same bytes differently; every
/// ambiguous framing is refused instead of guessed.
final class SmugglingTests: XCTestCase {
    let fixture = ParserFixture()

    func test_contentLengthWithTransferEncoding_isRejectedWith400() {
        let raw = "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 6\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nG"
        fixture.assertError(raw, 400, "Content-Length and Transfer-Encoding")
        let reversed = "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n"
        fixture.assertError(reversed, 400, "Content-Length and Transfer-Encoding")
    }

    func test_transferEncodingChunkedIdentity_isRejectedWith501() {
        let raw = "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked, identity\r\n\r\n0\r\n\r\n"
        fixture.assertError(raw, 501, "chunked must be the last")
    }

    func test_transferEncodingWithObsFold_isRejectedWith400() {
        let raw = "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding:\r\n chunked\r\n\r\n0\r\n\r\n"
        fixture.assertError(raw, 400, "obsolete line folding")
    }

    func test_transferEncodingWithSpaceBeforeColon_isRejectedWith400() {
        let raw = "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding : chunked\r\nContent-Length: 3\r\n\r\nabc"
        fixture.assertError(raw, 400, "whitespace between")
    }

    func test_misspelledChunked_isRejectedWith501() {
        fixture.assertError("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: xchunked\r\n\r\n0\r\n\r\n", 501, "not supported")
        fixture.assertError("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\u{1}\r\n\r\n0\r\n\r\n", 400, "control character")
    }

    func test_duplicatedDifferentContentLength_isRejectedWith400() {
        let raw = "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 0\r\nContent-Length: 44\r\n\r\nGET /admin HTTP/1.1\r\nHost: h\r\n\r\n"
        fixture.assertError(raw, 400, "conflicting Content-Length")
    }

    func test_pipelinedRequestAfterBody_isFramedExactlyByContentLength() {
        let raw = "POST /a HTTP/1.1\r\nHost: h\r\nContent-Length: 6\r\n\r\nGET /bGET /c HTTP/1.1\r\nHost: h\r\n\r\n"
        let events = fixture.events(raw)
        XCTAssertEqual(events.compactMap(\.request?.path), ["/a", "/c"])
        XCTAssertEqual(events.first?.request?.bodyText, "GET /b")
    }

    func test_chunkedBodyContainingRequest_staysInsideTheBody() {
        let smuggled = "GET /admin HTTP/1.1\r\nHost: h\r\n\r\n"
        let size = String(smuggled.utf8.count, radix: 16)
        let raw = "POST /a HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n\(size)\r\n\(smuggled)\r\n0\r\n\r\n"
        let events = fixture.events(raw)
        XCTAssertEqual(events.count, 1)
        XCTAssertEqual(events.first?.request?.bodyText, smuggled)
    }

    func test_parserStaysFailed_afterAnError() {
        var parser = RequestParser()
        parser.append(Array("GET / HTTP/1.1\r\nHost: h\r\nContent-Length: x\r\n\r\n".utf8))
        guard case .error(let first) = parser.next() else { return XCTFail("expected error") }
        parser.append(Array("GET / HTTP/1.1\r\nHost: h\r\n\r\n".utf8))
        guard case .error(let second) = parser.next() else { return XCTFail("expected the same error") }
        XCTAssertEqual(first, second)
    }
}
