import Wire
import XCTest

/// The query and body rules of `FormURLEncoded` and `BodyParameters`.
final class ParameterTests: XCTestCase {
    private func query(_ text: String) throws(ParameterError) -> Parameters {
        try FormURLEncoded.parse(text, origin: "query")
    }

    private func body(_ contentType: String, _ text: String) throws(ParameterError) -> Parameters {
        try body(contentType, Array(text.utf8))
    }

    private func body(_ contentType: String, _ bytes: [UInt8]) throws(ParameterError) -> Parameters {
        try BodyParameters.parse(bytes, contentType: contentType) ?? Parameters()
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
        let parameters = try query("q=%E8%BF%9E%E8%A1%A3+%E8%A3%99&tag=a&tag=b&flag&&empty=")
        XCTAssertEqual(pairs(parameters), ["q=连衣 裙", "tag=a", "tag=b", "flag=", "empty="])
        XCTAssertEqual(parameters["tag"], "a")
        XCTAssertEqual(parameters.values(for: "tag"), ["a", "b"])
        XCTAssertEqual(parameters.names, ["q", "tag", "flag", "empty"])
        XCTAssertTrue(parameters.contains("flag"))
        XCTAssertNil(parameters["missing"])
    }

    func test_query_keepsEncodedAmpersandAndEquals() throws {
        XCTAssertEqual(pairs(try query("a=1%262%3D3&b%2Bc=%2B")), ["a=1&2=3", "b+c=+"])
    }

    func test_noQuery_isEmpty() throws {
        XCTAssertTrue(try query("").isEmpty)
    }

    func test_plainQuery_givesTheParsedFirstValues_inPlace() throws {
        let queries = ["", "page=1&pageSize=20", "page=1&page=2", "&&page=&pageSize", "=x&page", "a=b=c&page=3",
                       "pageSize=2&page=7&", "pag=1&pagee=2&page=3", "tagId&tagId=4"]
        for text in queries {
            let plain = try XCTUnwrap(PlainQuery(text), text)
            let parsed = try query(text)
            for name in ["page", "pageSize", "", "a", "pag", "tagId", "missing"] {
                XCTAssertEqual(plain[name], parsed[name], "'\(name)' in '\(text)'")
            }
        }
    }

    func test_aQueryThatNeedsDecoding_isNotPlain() {
        for text in ["page=%31", "pa%67e=1", "q=a+b", "name=连衣裙", "a=%zz"] {
            XCTAssertNil(PlainQuery(text), text)
        }
    }

    func test_badPercentEscape_inQuery_isAnError() {
        assertError(try query("a=%zz"), "invalid percent-encoding or UTF-8 in query parameter 'a'")
        assertError(try query("a=%E8%BF"), "query parameter 'a'")
        assertError(try query("%4=1"), "parameter name")
    }

    func test_formBody_isDecoded_andCharsetTolerated() throws {
        let parameters = try body("application/x-www-form-urlencoded; charset=UTF-8", "mobile=13800000000&name=%E6%9C%89%E8%8C%83+x")
        XCTAssertEqual(pairs(parameters), ["mobile=13800000000", "name=有范 x"])
        let raw = try body("application/x-www-form-urlencoded", "name=有范儿&city=上海")
        XCTAssertEqual(pairs(raw), ["name=有范儿", "city=上海"])
    }

    func test_formBody_withInvalidUTF8_isAnError() {
        let form = "application/x-www-form-urlencoded"
        assertError(try body(form, Array("a=".utf8) + [0xFF]), "invalid percent-encoding or UTF-8 in form parameter 'a'")
        assertError(try body(form, "a=%E8%BF&b=1"), "invalid percent-encoding or UTF-8 in form parameter 'a'")
    }

    func test_jsonBody_keepsScalarsAsWritten_nestedAsCompactJSON_andOmitsNull() throws {
        let body = #"{"uid": 42, "name": "有范\n\"x\" \u00e9\ud83d\ude00", "vip": true, "off": false, "none": null, "#
            + #""ratio": -1.5e3, "tags": ["a", 1], "meta": {"k": [ ]}}"#
        let parameters = try self.body("application/json; charset=utf-8", body)
        XCTAssertEqual(pairs(parameters), [
            "uid=42", "name=有范\n\"x\" é😀", "vip=true", "off=false", "ratio=-1.5e3", #"tags=["a",1]"#, #"meta={"k":[]}"#,
        ])
    }

    func test_jsonBody_emptyObjectOrBlank_isEmpty() throws {
        XCTAssertTrue(try body("application/json", " {} ").isEmpty)
        XCTAssertTrue(try body("application/json", " \n").isEmpty)
    }

    func test_jsonBody_thatIsNotAnObject_isAnError() {
        assertError(try body("application/json", "[1,2]"), "must be an object")
        assertError(try body("application/json", "\"text\""), "must be an object")
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
            assertError(try self.body("application/json", body), message)
        }
        assertError(try body("application/json", String(repeating: "[", count: 600)), "nested deeper")
    }

    func test_jsonBody_withInvalidUTF8_isAnError() {
        assertError(try body("application/json", Array(#"{"a":""#.utf8) + [0xC3] + Array(#""}"#.utf8)), "not valid UTF-8")
    }

    func test_vendorJSONType_isParsedAsJSON() throws {
        XCTAssertEqual(try body("application/vnd.api+json", #"{"a":"b"}"#)["a"], "b")
    }

    func test_multipartTextFields_areRead_andFilePartsSkipped() throws {
        let body = "preamble\r\n--XyZ\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\n有范 title\r\n"
            + "--XyZ\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"a.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n\u{FF}binary\r\n"
            + "--XyZ\r\ncontent-disposition: form-data; name=\"multi\"\r\n\r\nline1\r\nline2\r\n"
            + "--XyZ\r\nContent-Disposition: form-data; name=\"empty\"\r\n\r\n\r\n"
            + "--XyZ--\r\nepilogue"
        let parameters = try self.body("multipart/form-data; boundary=\"XyZ\"", body)
        XCTAssertEqual(pairs(parameters), ["title=有范 title", "multi=line1\r\nline2", "empty="])
    }

    func test_brokenMultipart_isAnError() {
        let type = "multipart/form-data; boundary=B"
        assertError(try body("multipart/form-data", "--B--"), "boundary parameter")
        assertError(try body(type, "no boundary here"), "does not contain its boundary")
        assertError(try body(type, "--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nvalue"),
                    "not terminated by its closing boundary")
        assertError(try body(type, "--B\r\nContent-Disposition: form-data; name=\"a\""),
                    "headers are not terminated")
        assertError(try body(type, "--B\r\nContent-Type: text/plain\r\n\r\nv\r\n--B--"),
                    "no Content-Disposition")
        assertError(try body(type, "--B\r\nContent-Disposition: form-data\r\n\r\nv\r\n--B--"),
                    "has no name")
        assertError(try body(type, "--BX"), "not followed by CRLF")
    }

    func test_otherOrMissingContentType_carriesNoBodyParameters() throws {
        XCTAssertNil(try BodyParameters.parse(Array("a=b".utf8), contentType: "text/plain"))
        XCTAssertNil(try BodyParameters.parse(Array("a=b".utf8), contentType: nil))
    }

    func test_formComponent_isPercentEncoded_exceptUnreserved() throws {
        XCTAssertEqual(FormURLEncoded.encode("a b&c=有~"), "a%20b%26c%3D%E6%9C%89~")
        XCTAssertEqual(try query("n=" + FormURLEncoded.encode("a b&c=有~"))["n"], "a b&c=有~")
    }
}
