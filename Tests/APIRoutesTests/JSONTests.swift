import XCTest
@testable import APIRoutes

final class JSONTests: XCTestCase {
    func test_encoding_keepsMemberOrder_andWritesChineseAndSlashUnescaped() {
        let value: JSON = ["title": "婚礼请柬", "url": "http://img.maka.im/a.png", "n": 3, "ok": true, "x": nil]
        XCTAssertEqual(
            value.encodedString(),
            #"{"title":"婚礼请柬","url":"http://img.maka.im/a.png","n":3,"ok":true,"x":null}"#
        )
    }

    func test_encoding_escapesQuotesBackslashesAndControlCharacters() {
        XCTAssertEqual(JSON.string("a\"b\\c\nd\u{01}").encodedString(), #""a\"b\\c\nd\u0001""#)
    }

    func test_rawFragments_areWrittenByteForByte() {
        let value: JSON = ["data": .raw(Array(#"{"price":"188.00"}"#.utf8))]
        XCTAssertEqual(value.encodedString(), #"{"data":{"price":"188.00"}}"#)
    }

    func test_parse_roundTripsNestedValues() throws {
        let text = #"{"a":[1,2.5,-300,"中文é😀/"],"b":null,"c":true,"d":{},"e":[]}"#
        XCTAssertEqual(try JSON.parse(text).encodedString(), text)
    }

    func test_parse_decodesEscapesAndSurrogatePairs() throws {
        XCTAssertEqual(try JSON.parse(#""\u4e2d\ud83d\ude00\/\t""#), .string("中😀/\t"))
    }

    func test_parse_distinguishesIntegersFromNumbers() throws {
        XCTAssertEqual(try JSON.parse("[7, 7.5, 1e3]"), [.int(7), .number(7.5), .number(1000)])
        XCTAssertEqual(try JSON.parse("7").intValue, 7)
        XCTAssertEqual(try JSON.parse(#""42""#).intValue, 42)
    }

    func test_parse_refusesMalformedInput_withOffset() {
        let cases: [(String, String)] = [
            ("{", "expected a member name"),
            ("[1,]", "unexpected character"),
            ("01", "unexpected data after the JSON value"),
            (#""\x""#, "invalid escape"),
            (#"{"a" 1}"#, "expected ':'"),
            ("1 2", "unexpected data after the JSON value"),
            (#""\ud800""#, "unpaired surrogate"),
            ("\"a\u{01}\"", "control character in string"),
            ("", "unexpected end of input"),
            ("tru", "unexpected end of input"),
        ]
        for (input, message) in cases {
            XCTAssertThrowsError(try JSON.parse(input), input) { error in
                XCTAssertEqual((error as? JSONParseError)?.message, message, input)
            }
        }
    }

    func test_parse_refusesInvalidUTF8InStrings() {
        XCTAssertThrowsError(try JSON.parse([0x22, 0xFF, 0x22]))
    }

    func test_parse_refusesExcessiveNesting() {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        XCTAssertThrowsError(try JSON.parse(deep))
    }
}
