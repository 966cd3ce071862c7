import XCTest
@testable import HTTPServer

final class ParameterTests: XCTestCase {
    private func request(
        query: String? = nil, contentType: String? = nil, body: String = ""
    ) -> HTTPRequest {
        var headers = HTTPHeaders()
        if let contentType { headers.add(name: "Content-Type", value: contentType) }
        return HTTPRequest(method: .POST, target: "/", path: "/", query: query, headers: headers, body: Array(body.utf8))
    }

    private func pairs(_ parameters: Parameters) -> [String] {
        parameters.map { "\($0.name)=\($0.value)" }
    }

    private func assertError(
        _ body: @autoclosure () throws(ParameterError) -> Parameters, _ message: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        do {
            let parameters = try body()
            XCTFail("expected an error, got \(pairs(parameters))", file: file, line: line)
        } catch {
            XCTAssertTrue(error.message.contains(message), "'\(error.message)' lacks '\(message)'", file: file, line: line)
        }
    }

    func test_query_isDecoded_withPlusAsSpace_andRepeatsKept() throws {
        let parameters = try request(query: "q=%E8%BF%9E%E8%A1%A3+%E8%A3%99&tag=a&tag=b&flag&&empty=").queryParameters()
        XCTAssertEqual(pairs(parameters), ["q=连衣 裙", "tag=a", "tag=b", "flag=", "empty="])
        XCTAssertEqual(parameters["tag"], "a")
        XCTAssertEqual(parameters.values(for: "tag"), ["a", "b"])
        XCTAssertEqual(parameters.names, ["q", "tag", "flag", "empty"])
        XCTAssertTrue(parameters.contains("flag"))
        XCTAssertNil(parameters["missing"])
    }

    func test_query_keepsEncodedAmpersandAndEquals() throws {
        XCTAssertEqual(pairs(try request(query: "a=1%262%3D3&b%2Bc=%2B").queryParameters()), ["a=1&2=3", "b+c=+"])
    }

    func test_noQuery_isEmpty() throws {
        XCTAssertTrue(try request().queryParameters().isEmpty)
        XCTAssertTrue(try request(query: "").queryParameters().isEmpty)
    }

    func test_badPercentEscape_inQuery_isAnError() {
        assertError(try request(query: "a=%zz").queryParameters(), "invalid percent-encoding or UTF-8 in query parameter 'a'")
        assertError(try request(query: "a=%E8%BF").queryParameters(), "query parameter 'a'")
        assertError(try request(query: "%4=1").queryParameters(), "parameter name")
    }

    func test_formBody_isDecoded_andCharsetTolerated() throws {
        let parameters = try request(contentType: "application/x-www-form-urlencoded; charset=UTF-8",
                                     body: "mobile=13800000000&name=%E6%9C%89%E8%8C%83+x").bodyParameters()
        XCTAssertEqual(pairs(parameters), ["mobile=13800000000", "name=有范 x"])
        let raw = try request(contentType: "application/x-www-form-urlencoded", body: "name=有范儿&city=上海").bodyParameters()
        XCTAssertEqual(pairs(raw), ["name=有范儿", "city=上海"])
    }

    func test_formBody_withInvalidUTF8_isAnError() {
        var bad = request(contentType: "application/x-www-form-urlencoded")
        bad.body = Array("a=".utf8) + [0xFF]
        assertError(try bad.bodyParameters(), "invalid percent-encoding or UTF-8 in form parameter 'a'")
        bad.body = Array("a=%E8%BF&b=1".utf8)
        assertError(try bad.bodyParameters(), "invalid percent-encoding or UTF-8 in form parameter 'a'")
    }

    func test_jsonBody_keepsScalarsAsText_nestedAsJSON_andOmitsNull() throws {
        let body = #"{"uid": 42, "name": "有范\n\"x\" \u00e9\ud83d\ude00", "vip": true, "off": false, "none": null, "#
            + #""ratio": -1.5e3, "tags": ["a", 1], "meta": {"k": [ ]}}"#
        let parameters = try request(contentType: "application/json; charset=utf-8", body: body).bodyParameters()
        XCTAssertEqual(pairs(parameters), [
            "uid=42", "name=有范\n\"x\" é😀", "vip=true", "off=false", "ratio=-1.5e3", #"tags=["a", 1]"#, #"meta={"k": [ ]}"#,
        ])
    }

    func test_jsonBody_emptyObjectOrBlank_isEmpty() throws {
        XCTAssertTrue(try request(contentType: "application/json", body: " {} ").bodyParameters().isEmpty)
        XCTAssertTrue(try request(contentType: "application/json", body: " \n").bodyParameters().isEmpty)
    }

    func test_jsonBody_thatIsNotAnObject_isAnError() {
        assertError(try request(contentType: "application/json", body: "[1,2]").bodyParameters(), "must be an object")
        assertError(try request(contentType: "application/json", body: "\"text\"").bodyParameters(), "must be an object")
    }

    func test_unparsableJSON_isAnError_namingTheProblem() {
        let cases: [(String, String)] = [
            (#"{"a":1"#, "unexpected end of input"),
            (#"{"a" 1}"#, "expected ':'"),
            (#"{"a":01}"#, "expected ',' or '}'"),
            (#"{"a":tru}"#, "invalid literal"),
            (#"{"a":"x\q"}"#, "invalid escape"),
            (#"{"a":"\ud800"}"#, "unpaired surrogate"),
            (#"{a:1}"#, "expected a member name"),
            (#"{"a":1} x"#, "unexpected text after"),
            (#"{"a":[1,}"#, "expected a value"),
            ("{\"a\":\"\u{1}\"}", "control character"),
            (#"{"a":-}"#, "invalid number"),
            (#"{"a":1.}"#, "invalid number"),
        ]
        for (body, message) in cases {
            assertError(try request(contentType: "application/json", body: body).bodyParameters(), message)
        }
        assertError(try request(contentType: "application/json",
                                body: String(repeating: "[", count: 600)).bodyParameters(), "nested deeper")
    }

    func test_jsonBody_withInvalidUTF8_isAnError() {
        var bad = request(contentType: "application/json")
        bad.body = Array(#"{"a":""#.utf8) + [0xC3] + Array(#""}"#.utf8)
        assertError(try bad.bodyParameters(), "not valid UTF-8")
    }

    func test_vendorJSONType_isParsedAsJSON() throws {
        XCTAssertEqual(try request(contentType: "application/vnd.api+json", body: #"{"a":"b"}"#).bodyParameters()["a"], "b")
    }

    func test_multipartTextFields_areRead_andFilePartsSkipped() throws {
        let body = "preamble\r\n--XyZ\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\n有范 title\r\n"
            + "--XyZ\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"a.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n\u{FF}binary\r\n"
            + "--XyZ\r\ncontent-disposition: form-data; name=\"multi\"\r\n\r\nline1\r\nline2\r\n"
            + "--XyZ\r\nContent-Disposition: form-data; name=\"empty\"\r\n\r\n\r\n"
            + "--XyZ--\r\nepilogue"
        let parameters = try request(contentType: "multipart/form-data; boundary=\"XyZ\"", body: body).bodyParameters()
        XCTAssertEqual(pairs(parameters), ["title=有范 title", "multi=line1\r\nline2", "empty="])
    }

    func test_brokenMultipart_isAnError() {
        let type = "multipart/form-data; boundary=B"
        assertError(try request(contentType: "multipart/form-data", body: "--B--").bodyParameters(), "boundary parameter")
        assertError(try request(contentType: type, body: "no boundary here").bodyParameters(), "does not contain its boundary")
        assertError(try request(contentType: type, body: "--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nvalue").bodyParameters(),
                    "not terminated by its closing boundary")
        assertError(try request(contentType: type, body: "--B\r\nContent-Disposition: form-data; name=\"a\"").bodyParameters(),
                    "headers are not terminated")
        assertError(try request(contentType: type, body: "--B\r\nContent-Type: text/plain\r\n\r\nv\r\n--B--").bodyParameters(),
                    "no Content-Disposition")
        assertError(try request(contentType: type, body: "--B\r\nContent-Disposition: form-data\r\n\r\nv\r\n--B--").bodyParameters(),
                    "has no name")
        assertError(try request(contentType: type, body: "--BX").bodyParameters(), "not followed by CRLF")
    }

    func test_otherOrMissingContentType_givesNoBodyParameters() throws {
        XCTAssertTrue(try request(contentType: "text/plain", body: "a=b").bodyParameters().isEmpty)
        XCTAssertTrue(try request(body: "a=b").bodyParameters().isEmpty)
    }

    func test_parameters_takeBodyFirst_thenQuery_bodyWins() throws {
        let combined = try request(query: "uid=1&page=2", contentType: "application/x-www-form-urlencoded",
                                   body: "uid=9&name=x").parameters()
        XCTAssertEqual(pairs(combined), ["uid=9", "name=x", "page=2"])
    }

    func test_parameters_reportBodyErrors() {
        assertError(try request(query: "a=1", contentType: "application/json", body: "{").parameters(), "unparsable JSON")
    }
}
