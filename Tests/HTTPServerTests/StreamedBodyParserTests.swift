import XCTest
@testable import HTTPServer

/// A body over `maxBodyBytes` when the parser offers it as a stream: the head first (body empty),
/// then the de-chunked bytes as pieces and the end, whatever the input's splits; nothing of it
/// kept; the next request parsed after it.
final class StreamedBodyParserTests: XCTestCase {
    let fixture = ParserFixture(limits: HTTPLimits(maxBodyBytes: 4), streamsLargeBodies: true)

    func test_contentLengthBodyOverTheLimit_isStreamed_andThePipelinedRequestFollows() {
        let events = fixture.events("POST /up HTTP/1.1\r\nHost: h\r\nContent-Length: 10\r\n\r\n0123456789"
            + "GET /next HTTP/1.1\r\nHost: h\r\n\r\n")
        XCTAssertEqual(events.count, 4, "\(events)")
        guard case .largeBody(let head) = events.first else { return XCTFail("\(events)") }
        XCTAssertEqual(head.path, "/up")
        XCTAssertEqual(head.body, [], "the body is not in the head")
        XCTAssertEqual(Array(events.dropFirst()).prefix(2), [.bodyPiece(Array("0123456789".utf8)), .bodyEnd])
        XCTAssertEqual(events.last?.request?.path, "/next")
    }

    func test_chunkedBodyGoingOverTheLimit_isStreamed_withTheChunksBeforeItAsTheFirstPiece() {
        let events = fixture.events("POST /up HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "3\r\nabc\r\n5;ext=1\r\ndefgh\r\n2\r\nij\r\n0\r\nTrailer: x\r\n\r\n")
        XCTAssertEqual(events.count, 3, "\(events)")
        guard case .largeBody(let head) = events.first else { return XCTFail("\(events)") }
        XCTAssertEqual(head.headers, ["Host: h", "Transfer-Encoding: chunked"])
        XCTAssertEqual(Array(events.dropFirst()), [.bodyPiece(Array("abcdefghij".utf8)), .bodyEnd])
    }

    func test_expectContinue_isOwedAfterTheOffer_notBefore() {
        let events = fixture.events("POST / HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\nabcde")
        XCTAssertEqual(events.count, 4, "\(events)")
        XCTAssertEqual(Array(events.dropFirst()), [.expectContinue, .bodyPiece(Array("abcde".utf8)), .bodyEnd])
    }

    func test_brokenChunkFraming_midStream_isA400AfterThePiecesBeforeIt() {
        let events = fixture.events("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n6\r\nabcdefXX\r\n")
        XCTAssertEqual(events.count, 3, "\(events)")
        XCTAssertEqual(events[1], .bodyPiece(Array("abcdef".utf8)))
        XCTAssertEqual(events.last?.error?.status.code, 400)
    }

    func test_bodiesWithinTheLimit_stayWhole() {
        XCTAssertEqual(fixture.request("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 4\r\n\r\nabcd")?.bodyText, "abcd")
    }

    func test_aRefusedBody_isThe413AParserThatOffersNothingSends() {
        var parser = RequestParser(limits: HTTPLimits(maxBodyBytes: 4))
        parser.offersLargeBodies = true
        parser.append(Array("POST /up HTTP/1.1\r\nHost: h\r\nContent-Length: 10\r\n\r\n01234".utf8))
        guard case .largeBody = parser.next() else { return XCTFail("no offer") }
        parser.refuseBody()
        guard case .error(let error) = parser.next() else { return XCTFail("no error") }
        XCTAssertEqual(error.status.code, 413)
        XCTAssertEqual(error.message, "body larger than 4 bytes")
        XCTAssertEqual(error.path, "/up")
    }
}
