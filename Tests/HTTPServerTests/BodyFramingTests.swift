import XCTest
@testable import HTTPServer

final class BodyFramingTests: XCTestCase {
    let fixture = ParserFixture()

    func test_body_isParsed_whenContentLengthIsProvided() {
        let request = fixture.request("POST /app/login HTTP/1.1\r\nHost: h\r\nContent-Length: 11\r\n\r\nhello world")
        XCTAssertEqual(request?.bodyText, "hello world")
    }

    func test_body_isEmpty_whenContentLengthIsZero() {
        XCTAssertEqual(fixture.request("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 0\r\n\r\n")?.body, [])
    }

    func test_body_isEmpty_whenNoFramingHeaders() {
        let events = fixture.events("POST / HTTP/1.1\r\nHost: h\r\n\r\nGET / HTTP/1.1\r\nHost: h\r\n\r\n")
        XCTAssertEqual(events.count, 2)
        XCTAssertEqual(events.first?.request?.body, [])
    }

    func test_body_isBinarySafe() {
        var raw = Array("PUT /blob HTTP/1.1\r\nHost: h\r\nContent-Length: 6\r\n\r\n".utf8)
        raw += [0, 13, 10, 255, 0x80, 10]
        let events = fixture.events(raw)
        XCTAssertEqual(events.first?.request?.body, [0, 13, 10, 255, 0x80, 10])
    }

    func test_identicalRepeatedContentLength_isAccepted() {
        XCTAssertEqual(fixture.request("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\nabc")?.bodyText, "abc")
        XCTAssertEqual(fixture.request("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 3, 3\r\n\r\nabc")?.bodyText, "abc")
    }

    func test_conflictingContentLength_isRejectedWith400() {
        fixture.assertError("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd", 400, "conflicting Content-Length")
        fixture.assertError("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 3, 4\r\n\r\nabcd", 400, "conflicting Content-Length")
    }

    func test_negativeOrNonNumericContentLength_isRejectedWith400() {
        for value in ["-1", "abc", "1.5", "+3", "0x10", "", "3 3", "3,"] {
            fixture.assertError("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: \(value)\r\n\r\nabc", 400,
                                "Content-Length is not a non-negative decimal number")
        }
    }

    func test_chunkedBody_isDecoded_withExtensionsIgnoredAndTrailersDropped() {
        let raw = "POST /upload HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "5;name=value\r\nhello\r\n"
            + "6 ; ext\r\n world\r\n"
            + "A\r\n0123456789\r\n"
            + "0\r\nX-Checksum: abc\r\nX-Other: d\r\n\r\n"
        let request = fixture.request(raw)
        XCTAssertEqual(request?.bodyText, "hello world0123456789")
        XCTAssertEqual(request?.headers, ["Host: h", "Transfer-Encoding: chunked"])
    }

    func test_chunkedBody_acceptsUpperAndLowerHex_andLeadingZeros() {
        let raw = "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: Chunked\r\n\r\n00b\r\nhello world\r\n0000\r\n\r\n"
        XCTAssertEqual(fixture.request(raw)?.bodyText, "hello world")
    }

    func test_chunkedBody_withOnlyLastChunk_isEmpty() {
        XCTAssertEqual(fixture.request("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n")?.body, [])
    }

    func test_badChunkFraming_isRejectedWith400() {
        let head = "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n"
        fixture.assertError(head + "xyz\r\nabc\r\n0\r\n\r\n", 400, "invalid chunk size")
        fixture.assertError(head + "\r\nabc\r\n0\r\n\r\n", 400, "invalid chunk size")
        fixture.assertError(head + "3 x\r\nabc\r\n0\r\n\r\n", 400, "invalid chunk size")
        fixture.assertError(head + "-3\r\nabc\r\n0\r\n\r\n", 400, "invalid chunk size")
        fixture.assertError(head + "3\r\nabcX\r\n0\r\n\r\n", 400, "missing CRLF after chunk data")
        fixture.assertError(head + "3\r\nabc\rX0\r\n\r\n", 400, "missing CRLF after chunk data")
        fixture.assertError(head + "3\nabc\r\n0\r\n\r\n", 400, "bare LF")
        fixture.assertError(head + "10000000000000000\r\n", 400, "chunk size too large")
        fixture.assertError(head + "3;a\0b\r\nabc\r\n0\r\n\r\n", 400, "control character in chunk extension")
        fixture.assertError(head + "3\r\nabc\r\n0\r\nX-A : b\r\n\r\n", 400, "whitespace between")
        fixture.assertError(head + "3\r\nabc\r\n0\r\nX-A: b\n\r\n", 400, "bare LF")
    }

    func test_chunkSizeLine_longerThanLimit_isRejected() {
        let head = "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n"
        let longExtension = "3;" + String(repeating: "e", count: RequestParser.maxChunkSizeLineBytes)
        fixture.assertError(head + longExtension + "\r\nabc\r\n0\r\n\r\n", 400, "chunk size line longer", splitEverywhere: false)
    }

    func test_unknownTransferCoding_isRejectedWith501() {
        fixture.assertError("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: gzip\r\n\r\n", 501, "'gzip' is not supported")
        fixture.assertError("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", 501, "'gzip' is not supported")
    }

    func test_chunkedNotLast_isRejectedWith501() {
        fixture.assertError("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked, identity\r\n\r\n", 501, "chunked must be the last")
        fixture.assertError("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n", 501, "chunked must be the last")
    }

    func test_emptyTransferEncoding_isRejectedWith400() {
        fixture.assertError("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: ,\r\n\r\n", 400, "empty Transfer-Encoding")
    }

    func test_transferEncodingOnHTTP10_isRejectedWith400() {
        fixture.assertError("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400, "HTTP/1.0")
    }

    func test_transferEncodingList_acrossFields_endingInChunked_isAccepted() {
        let raw = "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: , \r\nTransfer-Encoding: chunked\r\n\r\n1\r\na\r\n0\r\n\r\n"
        XCTAssertEqual(fixture.request(raw)?.bodyText, "a")
    }

    func test_expectContinue_isEmittedOnce_beforeTheBody() {
        let raw = "POST /up HTTP/1.1\r\nHost: h\r\nExpect: 100-Continue\r\nContent-Length: 3\r\n\r\nabc"
        let events = fixture.events(raw)
        XCTAssertEqual(events.count, 2)
        XCTAssertEqual(events.first, .expectContinue)
        XCTAssertEqual(events.last?.request?.bodyText, "abc")
    }

    func test_expectContinue_isEmitted_forChunkedBody() {
        let raw = "POST /up HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nx\r\n0\r\n\r\n"
        XCTAssertEqual(fixture.events(raw).first, .expectContinue)
    }

    func test_expectContinue_isNotEmitted_withoutBody_orOnHTTP10() {
        let noBody = fixture.events("GET / HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\n\r\n")
        XCTAssertEqual(noBody.count, 1)
        XCTAssertNotNil(noBody.first?.request)
        let http10 = fixture.events("POST / HTTP/1.0\r\nExpect: 100-continue\r\nContent-Length: 1\r\n\r\nx")
        XCTAssertEqual(http10.count, 1)
        XCTAssertNotNil(http10.first?.request)
    }

    func test_expectContinue_waitsForBody_afterItIsEmitted() {
        var parser = RequestParser()
        parser.append(Array("POST / HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n".utf8))
        guard case .expectContinue = parser.next() else { return XCTFail("no expectContinue") }
        guard case .needMore = parser.next() else { return XCTFail("expected needMore") }
        XCTAssertFalse(parser.isIdle)
        XCTAssertFalse(parser.isReadingHead)
        parser.append(Array("ok".utf8))
        guard case .request(let request) = parser.next() else { return XCTFail("no request") }
        XCTAssertEqual(request.body, Array("ok".utf8))
    }

    func test_expectContinue_isPrecededBy413_whenBodyTooLarge() {
        let fixture = ParserFixture(limits: HTTPLimits(maxBodyBytes: 10))
        let events = fixture.events("POST / HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 11\r\n\r\n")
        XCTAssertEqual(events.map(\.error?.status.code), [413])
    }
}
