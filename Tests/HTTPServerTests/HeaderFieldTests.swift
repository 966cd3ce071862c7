import XCTest
@testable import HTTPServer

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
}
