import XCTest
@testable import HTTPServer

final class RequestLineTests: XCTestCase {
    let fixture = ParserFixture()

    func test_request_isParsed_whenOriginFormWithQuery() {
        let request = fixture.request("GET /app/events?page=2&size=10 HTTP/1.1\r\nHost: api.maka.im\r\n\r\n")
        XCTAssertEqual(request?.method, "GET")
        XCTAssertEqual(request?.target, "/app/events?page=2&size=10")
        XCTAssertEqual(request?.path, "/app/events")
        XCTAssertEqual(request?.query, "page=2&size=10")
        XCTAssertEqual(request?.version, .http1_1)
        XCTAssertEqual(request?.authority, "api.maka.im")
        XCTAssertEqual(request?.body, [])
    }

    func test_query_isEmptyNotNil_whenTargetEndsWithQuestionMark() {
        XCTAssertEqual(fixture.request("GET /a? HTTP/1.1\r\nHost: h\r\n\r\n")?.query, "")
        XCTAssertNil(fixture.request("GET /a HTTP/1.1\r\nHost: h\r\n\r\n")?.query)
    }

    func test_path_isPercentDecoded_andQueryStaysRaw() {
        let request = fixture.request("GET /app/tag/%E8%BF%9E%E8%A1%A3%20x?q=%E8%A3%99+y HTTP/1.1\r\nHost: h\r\n\r\n")
        XCTAssertEqual(request?.path, "/app/tag/连衣 x")
        XCTAssertEqual(request?.query, "q=%E8%A3%99+y")
    }

    func test_path_acceptsRawUTF8_asCurlSendsIt() {
        XCTAssertEqual(fixture.request("GET /search/裙 HTTP/1.1\r\nHost: h\r\n\r\n")?.path, "/search/裙")
    }

    func test_emptyPathSegments_collapse_butAnEncodedSlashStays() {
        // FP's wire target (WIRE.md §4.1): base URL ending in "/" + path starting with "/".
        let fp = fixture.request("GET //app/storeTemplates?&cateId=-1&order=&pageNumber=20&timestamp=1474272000000.000000 HTTP/1.1\r\nHost: h\r\n\r\n")
        XCTAssertEqual(fp?.path, "/app/storeTemplates")
        XCTAssertEqual(fp?.query, "&cateId=-1&order=&pageNumber=20&timestamp=1474272000000.000000")
        XCTAssertEqual(fp?.target, "//app/storeTemplates?&cateId=-1&order=&pageNumber=20&timestamp=1474272000000.000000")
        XCTAssertEqual(fixture.request("GET /a///b// HTTP/1.1\r\nHost: h\r\n\r\n")?.path, "/a/b/")
        XCTAssertEqual(fixture.request("GET http://api.maka.im//app/x HTTP/1.1\r\nHost: h\r\n\r\n")?.path, "/app/x")
        XCTAssertEqual(fixture.request("GET /a/%2F/b HTTP/1.1\r\nHost: h\r\n\r\n")?.path, "/a///b")
    }

    func test_doubleSlash_isFound_atEveryPlaceOfALongPath() {
        // Eight bytes are looked at per step: a pair inside a word, across two words, and in
        // the bytes after the last whole word.
        for offset in 1..<20 {
            let prefix = "/" + String(repeating: "a", count: offset)
            let target = prefix + "//b/c"
            XCTAssertEqual(fixture.request("GET \(target) HTTP/1.1\r\nHost: h\r\n\r\n")?.path, prefix + "/b/c", target)
            let single = prefix + "/b/c/" + String(repeating: "d", count: offset)
            XCTAssertEqual(fixture.request("GET \(single) HTTP/1.1\r\nHost: h\r\n\r\n")?.path, single)
        }
    }

    func test_badPercentEscape_isRejectedWith400() {
        fixture.assertError("GET /a%zz HTTP/1.1\r\nHost: h\r\n\r\n", 400, "percent-encoding")
        fixture.assertError("GET /a%4 HTTP/1.1\r\nHost: h\r\n\r\n", 400, "percent-encoding")
        fixture.assertError("GET /a%00b HTTP/1.1\r\nHost: h\r\n\r\n", 400, "percent-encoding")
        fixture.assertError("GET /a%FF HTTP/1.1\r\nHost: h\r\n\r\n", 400, "percent-encoding")
    }

    func test_absoluteForm_isRoutedByItsPath_andKeepsAuthority() {
        let request = fixture.request("GET http://api.maka.im/app/events?x=1 HTTP/1.1\r\nHost: api.maka.im\r\n\r\n")
        XCTAssertEqual(request?.path, "/app/events")
        XCTAssertEqual(request?.query, "x=1")
        XCTAssertEqual(request?.authority, "api.maka.im")
        XCTAssertEqual(request?.target, "http://api.maka.im/app/events?x=1")
    }

    func test_absoluteForm_withPortAndNoPath_hasRootPath() {
        let request = fixture.request("GET HTTP://Example.com:8080 HTTP/1.1\r\nHost: example.com:8080\r\n\r\n")
        XCTAssertEqual(request?.path, "/")
        XCTAssertEqual(request?.authority, "Example.com")
        let withQuery = fixture.request("GET https://example.com?a=b HTTP/1.1\r\nHost: example.com\r\n\r\n")
        XCTAssertEqual(withQuery?.path, "/")
        XCTAssertEqual(withQuery?.query, "a=b")
    }

    func test_absoluteForm_withUserInfo_isRejected() {
        fixture.assertError("GET http://user@example.com/ HTTP/1.1\r\nHost: example.com\r\n\r\n", 400, "user information")
        fixture.assertError("GET ftp://example.com/ HTTP/1.1\r\nHost: example.com\r\n\r\n", 400, "request target")
    }

    func test_authority_comesFromHostHeader_withoutPort() {
        XCTAssertEqual(fixture.request("GET / HTTP/1.1\r\nHost: localhost:8080\r\n\r\n")?.authority, "localhost")
        XCTAssertEqual(fixture.request("GET / HTTP/1.1\r\nHost: [::1]:8080\r\n\r\n")?.authority, "[::1]")
    }

    func test_asteriskForm_isAccepted_onlyForOptions() {
        let request = fixture.request("OPTIONS * HTTP/1.1\r\nHost: h\r\n\r\n")
        XCTAssertEqual(request?.path, "*")
        XCTAssertEqual(request?.method, "OPTIONS")
        fixture.assertError("GET * HTTP/1.1\r\nHost: h\r\n\r\n", 400, "only allowed with OPTIONS")
    }

    func test_authorityForm_isAccepted_onlyForConnect() {
        let request = fixture.request("CONNECT api.maka.im:443 HTTP/1.1\r\nHost: api.maka.im:443\r\n\r\n")
        XCTAssertEqual(request?.authority, "api.maka.im")
        XCTAssertEqual(request?.target, "api.maka.im:443")
        fixture.assertError("GET api.maka.im:443 HTTP/1.1\r\nHost: h\r\n\r\n", 400, "only allowed with CONNECT")
        fixture.assertError("CONNECT /app HTTP/1.1\r\nHost: h\r\n\r\n", 400, "CONNECT needs")
    }

    func test_http10_isAccepted_withoutHost() {
        let request = fixture.request("GET /health HTTP/1.0\r\n\r\n")
        XCTAssertEqual(request?.version, .http1_0)
        XCTAssertNil(request?.authority)
    }

    func test_http2OrOtherMajor_isRejectedWith505() {
        fixture.assertError("GET / HTTP/2.0\r\nHost: h\r\n\r\n", 505, "HTTP/2.0 is not supported")
        fixture.assertError("GET / HTTP/0.9\r\nHost: h\r\n\r\n", 505, "not supported")
    }

    func test_malformedRequestLine_isRejectedWith400() {
        let malformed = [
            "GET /\r\nHost: h\r\n\r\n",
            "GET / HTTP/1.1 extra\r\nHost: h\r\n\r\n",
            "GET  / HTTP/1.1\r\nHost: h\r\n\r\n",
            "GET / http/1.1\r\nHost: h\r\n\r\n",
            "GET / HTTP/1.10\r\nHost: h\r\n\r\n",
            "GET / HTTP/1\r\nHost: h\r\n\r\n",
            " GET / HTTP/1.1\r\nHost: h\r\n\r\n",
            "GET\t/ HTTP/1.1\r\nHost: h\r\n\r\n",
        ]
        for raw in malformed {
            guard let error = fixture.error(raw) else { continue }
            XCTAssertEqual(error.status.code, 400, raw.debugDescription)
            XCTAssertNil(error.path, raw.debugDescription)
        }
    }

    func test_invalidMethodCharacter_isRejectedWith400() {
        fixture.assertError("G@T / HTTP/1.1\r\nHost: h\r\n\r\n", 400, "invalid character in method")
        fixture.assertError("GE(T / HTTP/1.1\r\nHost: h\r\n\r\n", 400, "invalid character in method")
    }

    func test_extensionMethod_isKeptCaseSensitive() {
        XCTAssertEqual(fixture.request("PROPFIND / HTTP/1.1\r\nHost: h\r\n\r\n")?.method, "PROPFIND")
        XCTAssertEqual(fixture.request("get / HTTP/1.1\r\nHost: h\r\n\r\n")?.method, "get")
    }

    func test_targetWithControlCharacterOrFragment_isRejected() {
        fixture.assertError("GET /a\u{7F} HTTP/1.1\r\nHost: h\r\n\r\n", 400, "invalid character in request target")
        fixture.assertError("GET /a#frag HTTP/1.1\r\nHost: h\r\n\r\n", 400, "fragment")
        fixture.assertError("GET /a\rb HTTP/1.1\r\nHost: h\r\n\r\n", 400, "bare CR")
    }

    /// The access log writes a target the parser took without mending it
    /// (`AccessLogEntry.targetMayHoldControlBytes`): no control byte, at any place in the
    /// eight-byte words the scan reads, gets through.
    func test_targetWithAnyControlByteAtAnyPlace_isRejected() {
        for byte in Array(0x00..<0x20) + [0x7F] {
            for place in 1...9 {
                var target = Array("/abcdefghijklmnop".utf8)
                target[place] = UInt8(byte)
                let raw = "GET " + String(decoding: target, as: UTF8.self) + " HTTP/1.1\r\nHost: h\r\n\r\n"
                XCTAssertEqual(fixture.error(raw, splitEverywhere: false)?.status.code, 400, "byte \(byte) at \(place)")
            }
        }
    }

    func test_requestLine_withBareLF_isRejected() {
        fixture.assertError("GET / HTTP/1.1\nHost: h\r\n\r\n", 400, "bare LF")
    }

    func test_leadingEmptyLines_areSkipped() {
        XCTAssertEqual(fixture.request("\r\n\r\nGET /x HTTP/1.1\r\nHost: h\r\n\r\n")?.path, "/x")
    }

    func test_errorCarriesPath_whenRequestLineWasRead() {
        let error = fixture.error("POST /app/user/login HTTP/1.1\r\nContent-Length: 1\r\n\r\nx")
        XCTAssertEqual(error?.status.code, 400)
        XCTAssertEqual(error?.path, "/app/user/login")
    }

    func test_head_isParsedLikeGet() {
        let request = fixture.request("HEAD /app/events HTTP/1.1\r\nHost: h\r\n\r\n")
        XCTAssertEqual(request?.method, "HEAD")
        XCTAssertEqual(request?.body, [])
    }

    func test_badByte_deepInsideALongTarget_isFound() {
        let prefix = "/" + String(repeating: "abcdefgh", count: 3)
        for offset in 0..<9 {
            let padding = String(repeating: "x", count: offset)
            fixture.assertError("GET \(prefix)\(padding)#f HTTP/1.1\r\nHost: h\r\n\r\n", 400, "fragment", splitEverywhere: false)
            fixture.assertError("GET \(prefix)\(padding)\u{7F} HTTP/1.1\r\nHost: h\r\n\r\n", 400, "invalid character", splitEverywhere: false)
            fixture.assertError("GET \(prefix)\(padding)\u{1} HTTP/1.1\r\nHost: h\r\n\r\n", 400, "invalid character", splitEverywhere: false)
            XCTAssertEqual(fixture.request("GET \(prefix)\(padding)张 HTTP/1.1\r\nHost: h\r\n\r\n")?.path, "\(prefix)\(padding)张")
        }
    }

    func test_targetWithInvalidUTF8_isRejected() {
        var raw = Array("GET /a".utf8)
        raw += [0xC3, 0x28]
        raw += Array(" HTTP/1.1\r\nHost: h\r\n\r\n".utf8)
        XCTAssertEqual(fixture.events(raw).last?.error?.message, "request target is not valid UTF-8")
    }
}
