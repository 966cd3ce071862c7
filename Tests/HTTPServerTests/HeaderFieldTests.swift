import XCTest
@testable import HTTPServer
import Wire

final class HeaderFieldTests: XCTestCase {
    let fixture = ParserFixture()

    func test_headers_keepOrderAndRepeats_andLookupIgnoresCase() {
        let raw = "GET / HTTP/1.1\r\nHost: h\r\nX-Tag: a\r\nx-tag: b\r\nACCEPT:  */*  \r\n\r\n"
        guard let parsed = fixture.request(raw) else { return }
        XCTAssertEqual(parsed.headers, ["Host: h", "X-Tag: a", "x-tag: b", "ACCEPT: */*"])
        var parser = RequestParser()
        parser.append(Array(raw.utf8))
        guard case .request(let request) = parser.next() else { return XCTFail("no request") }
        XCTAssertEqual(request.headers.values(for: "X-TAG"), ["a", "b"])
        XCTAssertEqual(request.headers["accept"], "*/*")
    }

    /// The parser notes the known headers as it reads them, whatever their case: a lookup by
    /// `KnownHeader` finds them, and an absent one is absent.
    func test_knownHeaders_areFoundByTheParsersNote_inAnyCase() {
        let raw = "GET / HTTP/1.1\r\nhOsT: h\r\nCONTENT-TYPE: a/b\r\nx-request-ID: r1\r\nX-Tokenish: 1\r\n\r\n"
        var parser = RequestParser()
        parser.remoteAddress = "127.0.0.1:9"
        parser.append(Array(raw.utf8))
        guard case .request(let request) = parser.next() else { return XCTFail("no request") }
        XCTAssertEqual(request.remoteAddress, "127.0.0.1:9")
        XCTAssertEqual(request.headers[.host], "h")
        XCTAssertEqual(request.headers[.contentType], "a/b")
        XCTAssertEqual(request.headers[.xRequestID], "r1")
        XCTAssertNil(request.headers[.token])
        XCTAssertNil(request.headers[.authorization])
    }

    /// A request is a value: a copy changed (as routing and sessions change theirs) leaves the
    /// original as it was.
    func test_aChangedCopy_leavesTheRequestItCameFromAlone() {
        let original = HTTPRequest(method: .GET, target: "/a?b=1", path: "/a", query: "b=1", headers: ["Host": "h"])
        var copy = original
        copy.path = "/b"
        copy.pathParameters = ["uid": "1"]
        copy.headers.add(name: "token", value: "t")
        XCTAssertEqual(original.path, "/a")
        XCTAssertEqual(original.pathParameters, [:])
        XCTAssertNil(original.headers[.token])
        XCTAssertEqual(copy.path, "/b")
        XCTAssertEqual(copy.target, "/a?b=1")
        XCTAssertEqual(copy.headers[.token], "t")
        XCTAssertEqual(copy.pathParameters, ["uid": "1"])
    }

    func test_emptyFieldValue_isKept() {
        XCTAssertEqual(fixture.request("GET / HTTP/1.1\r\nHost: h\r\nX-Empty:\r\n\r\n")?.headers, ["Host: h", "X-Empty: "])
    }

    func test_fieldValue_keepsInnerWhitespaceAndUTF8() {
        let request = fixture.request("GET / HTTP/1.1\r\nHost: h\r\nX-Name: 有范 \t儿\r\n\r\n")
        XCTAssertEqual(request?.headers.last, "X-Name: 有范 \t儿")
    }

    func test_missingHost_onHTTP11_isRejectedWith400() {
        fixture.assertError("GET / HTTP/1.1\r\nAccept: */*\r\n\r\n", 400, "missing Host")
    }

    func test_invalidHost_isRejectedWith400() {
        for host in ["a b", "a/b", "user@host", "a\"b", "长.com"] {
            fixture.assertError("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n", 400, "invalid Host header")
        }
    }

    func test_emptyHost_isAccepted_withoutAuthority() {
        let request = fixture.request("GET / HTTP/1.1\r\nHost:\r\n\r\n")
        XCTAssertNotNil(request)
        XCTAssertNil(request?.authority)
    }

    func test_hostAuthority_isTheOneReceived_afterTheHeadersChange() {
        var parser = RequestParser()
        parser.append(Array("GET / HTTP/1.1\r\nHost: api.maka.im:8080\r\n\r\n".utf8))
        guard case .request(var request) = parser.next() else { return XCTFail("no request") }
        XCTAssertEqual(request.authority, "api.maka.im")
        request.headers = HTTPHeaders([(name: "Host", value: "other.example")])
        XCTAssertEqual(request.authority, "api.maka.im")
        request.authority = nil
        XCTAssertNil(request.authority)
    }

    func test_requestMadeByCode_hasOnlyTheAuthorityItIsGiven() {
        let headers = HTTPHeaders([(name: "Host", value: "h")])
        XCTAssertNil(HTTPRequest(method: .GET, target: "/", path: "/", headers: headers).authority)
        XCTAssertEqual(HTTPRequest(method: .GET, target: "/", path: "/", headers: headers, authority: "a").authority, "a")
    }

    func test_duplicateHost_isRejectedWith400() {
        fixture.assertError("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400, "more than one Host")
    }

    func test_whitespaceBeforeColon_isRejectedWith400() {
        fixture.assertError("GET / HTTP/1.1\r\nHost : h\r\n\r\n", 400, "whitespace between header field name and colon")
        fixture.assertError("GET / HTTP/1.1\r\nHost: h\r\nContent-Length\t: 0\r\n\r\n", 400, "whitespace between")
    }

    func test_obsFold_isRejectedWith400() {
        fixture.assertError("GET / HTTP/1.1\r\nHost: h\r\nX-A: one\r\n two\r\n\r\n", 400, "obsolete line folding")
        fixture.assertError("GET / HTTP/1.1\r\nHost: h\r\nX-A: one\r\n\ttwo\r\n\r\n", 400, "obsolete line folding")
    }

    func test_nulInField_isRejectedWith400() {
        fixture.assertError("GET / HTTP/1.1\r\nHost: h\r\nX-A: a\0b\r\n\r\n", 400, "NUL byte")
        fixture.assertError("GET / HTTP/1.1\r\nHost: h\r\nX-\0A: ab\r\n\r\n", 400, "NUL byte")
    }

    func test_bareCR_inField_isRejectedWith400() {
        fixture.assertError("GET / HTTP/1.1\r\nHost: h\r\nX-A: a\rb\r\n\r\n", 400, "bare CR")
        fixture.assertError("GET / HTTP/1.1\r\nHost: h\r\nX-A\r: ab\r\n\r\n", 400, "bare CR")
    }

    func test_bareLF_inField_isRejectedWith400() {
        fixture.assertError("GET / HTTP/1.1\r\nHost: h\r\nX-A: a\nb\r\n\r\n", 400, "bare LF")
        fixture.assertError("GET / HTTP/1.1\r\nHost: h\n\r\n", 400, "bare LF")
        fixture.assertError("GET / HTTP/1.1\r\nHost: h\r\n\n", 400, "bare LF")
    }

    func test_otherControlCharacter_inField_isRejectedWith400() {
        fixture.assertError("GET / HTTP/1.1\r\nHost: h\r\nX-A: a\u{1}b\r\n\r\n", 400, "control character")
        fixture.assertError("GET / HTTP/1.1\r\nHost: h\r\nX-A: a\u{7F}\r\n\r\n", 400, "control character")
    }

    func test_invalidFieldName_isRejectedWith400() {
        fixture.assertError("GET / HTTP/1.1\r\nHost: h\r\nX(A): b\r\n\r\n", 400, "invalid character in header field name")
        fixture.assertError("GET / HTTP/1.1\r\nHost: h\r\n: b\r\n\r\n", 400, "empty header field name")
        fixture.assertError("GET / HTTP/1.1\r\nHost: h\r\nNoColonHere\r\n\r\n", 400, "without a colon")
        fixture.assertError("GET / HTTP/1.1\r\nHost: h\r\nBad Name: b\r\n\r\n", 400, "invalid character")
    }

    func test_controlCharacter_deepInsideALongValue_isFound() {
        let prefix = String(repeating: "abcdefgh", count: 3)
        for (bad, message) in [("\u{1}", "control character"), ("\u{7F}", "control character"), ("\0", "NUL byte"), ("\r", "bare CR")] {
            for offset in 0..<9 {
                let value = prefix + String(repeating: "x", count: offset) + bad + "tail"
                fixture.assertError("GET / HTTP/1.1\r\nHost: h\r\nX-Long: \(value)\r\n\r\n", 400, message, splitEverywhere: false)
            }
        }
    }

    func test_tabsAndObsText_inALongValue_areAccepted() {
        let value = "a\tb\tc\td\te\tf\tg\th\ti\tj 长长长长 \u{80}end"
        XCTAssertEqual(fixture.request("GET / HTTP/1.1\r\nHost: h\r\nX-Long: \(value)\r\n\r\n")?.headers.last, "X-Long: \(value)")
    }

    /// Fields the parser read stay bytes until asked for: they equal, hash like and change like
    /// the same fields written by code, and a lone byte that is not UTF-8 reads as U+FFFD.
    func test_receivedFields_behaveLikeWrittenOnes() {
        var parser = RequestParser()
        parser.append(Array("GET / HTTP/1.1\r\nHost: h:80\r\nX-Tag: a\r\nx-tag: b\r\nX-Raw: ".utf8))
        parser.append([0xFF, 0x0D, 0x0A, 0x0D, 0x0A])
        guard case .request(let request) = parser.next() else { return XCTFail("no request") }
        let written: HTTPHeaders = ["Host": "h:80", "X-Tag": "a", "x-tag": "b", "X-Raw": "\u{FFFD}"]
        XCTAssertEqual(request.headers, written)
        XCTAssertEqual(Set([request.headers, written]).count, 1)
        XCTAssertEqual(request.headers.count, 4)
        XCTAssertEqual(request.headers.map(\.name), ["Host", "X-Tag", "x-tag", "X-Raw"])
        XCTAssertEqual(request.headers["X-RAW"], "\u{FFFD}")
        XCTAssertEqual(request.headers[.host], "h:80")
        XCTAssertTrue(request.headers.contains("x-TAG"))
        XCTAssertFalse(request.headers.contains("X-Ta"))
        XCTAssertNil(request.headers["X-Tags"])

        var changed = request.headers
        changed.remove(name: "X-TAG")
        changed.add(name: "Token", value: "t")
        XCTAssertEqual(changed.fields.map(\.name), ["Host", "X-Raw", "Token"])
        XCTAssertEqual(changed[.token], "t")
        XCTAssertEqual(changed[.host], "h:80")
        XCTAssertEqual(request.headers.values(for: "X-Tag"), ["a", "b"], "the request's own fields are unchanged")
    }

    /// A head whose fields arrive in two reads, with the parser dropping the consumed bytes
    /// before it (a large body) in between, keeps every field it had read before the drop.
    func test_fieldsReadBeforeTheBufferIsCompacted_areKept() {
        let body = String(repeating: "b", count: 20_000)
        let posted = Array("POST /a HTTP/1.1\r\nHost: h\r\nContent-Length: 20000\r\n\r\n\(body)".utf8)
        // Slightly more than the first request follows it: the buffer is not compacted when that
        // request completes, only once the second head has started (at least half consumed).
        let big = String(repeating: "x", count: posted.count + 1 - 36)
        let secondStart = Array("GET /b HTTP/1.1\r\nHost: h2\r\nX-Big: \(big)\r\n".utf8)
        var parser = RequestParser()
        parser.append(posted + secondStart)
        guard case .request(let first) = parser.next() else { return XCTFail("no first request") }
        XCTAssertEqual(first.body.count, 20_000)
        XCTAssertEqual(parser.readIndex, posted.count, "not compacted yet")
        guard case .needMore = parser.next() else { return XCTFail("the second head is not complete yet") }
        XCTAssertEqual(parser.fieldsStart, 0, "compacted while the second head's fields were read")
        parser.append(Array("X-Two: 2\r\n\r\n".utf8))
        guard case .request(let second) = parser.next() else { return XCTFail("no second request") }
        XCTAssertEqual(second.path, "/b")
        XCTAssertEqual(second.headers, ["Host": "h2", "X-Big": big, "X-Two": "2"])
        XCTAssertEqual(second.authority, "h2")
        XCTAssertTrue(parser.isIdle)
    }
}
