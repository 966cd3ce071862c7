import Wire
import XCTest

/// The one JSON value, parser and writer.
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

    func test_encoding_escapesAtEveryPosition_andCopiesTheRunsBetweenWhole() {
        let text = "\"start\t中文, a run longer than any small string\r\n\u{1F}\u{7F}\\end\""
        XCTAssertEqual(JSON.string(text).encodedString(),
                       #""\"start\t中文, a run longer than any small string\r\n\u001f\#u{7F}\\end\"""#)
        XCTAssertEqual(JSON.string("").encodedString(), #""""#)
    }

    /// Bytes read in place from a column are written as the `String` they decode to would be:
    /// well-formed UTF-8 straight from the bytes, anything else repaired as `String(decoding:)`
    /// repairs it (overlong forms, surrogates, past U+10FFFF, cut or stray continuation bytes).
    func test_encodingUTF8Bytes_writesWhatTheDecodedStringWrites() {
        let cases: [[UInt8]] = [
            Array("小明 \"a\"\n".utf8), Array("é😀𝄞\u{7F}\u{10FFFF}\u{FFFF}".utf8), [],
            [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF], [0xED, 0xA0, 0x80],
            [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xE4, 0xB8],
            [0x61, 0x80, 0x62], [0xE4, 0x41, 0xAD], [0xF0, 0x9F, 0x98], [0xFF], [0xC2, 0xA9, 0xE4, 0xB8, 0xAD],
        ]
        for bytes in cases {
            var fromBytes: [UInt8] = []
            bytes.withUnsafeBufferPointer { fromBytes.appendJSONString(utf8: $0) }
            var fromString: [UInt8] = []
            fromString.appendJSONString(String(decoding: bytes, as: UTF8.self))
            XCTAssertEqual(fromBytes, fromString, "\(bytes)")
            XCTAssertEqual(bytes.withUnsafeBufferPointer { [UInt8].isWellFormedUTF8($0) },
                           String(validating: bytes, as: UTF8.self) != nil, "\(bytes)")
        }
    }

    func test_encoding_writesIntegersInDecimal() {
        XCTAssertEqual(JSON.array([.int(-42), .int(0), .int(Int64.min), .int(Int64.max)]).encodedString(),
                       "[-42,0,-9223372036854775808,9223372036854775807]")
    }

    /// Numbers of every length, at each side of a power of ten, and the largest, after bytes
    /// already in the buffer.
    func test_appendDecimal_writesEveryLength() {
        var power: UInt = 1
        for _ in 0..<19 {
            for value in [power - 1, power, power + 1] {
                var bytes: [UInt8] = [7]
                bytes.appendDecimal(value)
                XCTAssertEqual(bytes, [7] + Array(String(value).utf8))
            }
            power *= 10
        }
        var bytes: [UInt8] = []
        bytes.appendDecimal(UInt.max)
        bytes.appendDecimal(Int.min)
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), String(UInt.max) + String(Int.min))
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
            ("{", "expected a member name in quotes"),
            ("[1,]", "expected a value"),
            ("01", "unexpected text after the JSON value"),
            (#""\x""#, "invalid escape '\\x'"),
            (#"{"a" 1}"#, "expected ':' after a member name"),
            ("1 2", "unexpected text after the JSON value"),
            (#""\ud800""#, "unpaired surrogate in \\u escape"),
            ("\"a\u{01}\"", "control character in a string (escape it)"),
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
        // Among them sequences whose repair (one U+FFFD, three bytes) is as long as they are.
        let invalid: [[UInt8]] = [[0xFF], [0x61, 0x80, 0x62], [0xE4, 0x41, 0xAD], [0xF0, 0x9F, 0x98], [0xED, 0xA0, 0x80],
                                  [0xC0, 0xAF], [0xE4, 0xB8]]
        for bytes in invalid {
            for prefix: [UInt8] in [[], Array(#"a\n"#.utf8)] {
                let document = [0x5B, 0x22] + prefix + bytes + [0x22, 0x5D]
                XCTAssertThrowsError(try JSON.parse(document), "\(bytes)") { error in
                    XCTAssertEqual((error as? JSONParseError)?.message, "string is not valid UTF-8")
                    XCTAssertEqual((error as? JSONParseError)?.offset, document.count - 1)
                }
            }
        }
    }

    func test_parse_keepsValidUTF8InStringsByteForByte_withAndWithoutEscapes() throws {
        for text in ["有范儿", "café", "😀 \u{FFFD}", "a\"b有\\c", String(repeating: "é", count: 40)] {
            let parsed = try JSON.parse(JSON.array([.string(text), .object([(text, .string(text))])]).encoded())
            XCTAssertEqual(parsed, .array([.string(text), .object([(text, .string(text))])]))
        }
    }

    func test_parse_refusesExcessiveNesting() {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        XCTAssertThrowsError(try JSON.parse(deep))
    }

    func test_parse_keepsNumberTextAsWritten() throws {
        let text = #"{"price":188.00,"n":1e2,"big":123456789012345678901234567890,"neg":-0,"i":7}"#
        let value = try JSON.parse(text)
        XCTAssertEqual(value.encodedString(), text)
        XCTAssertEqual(value["price"]?.doubleValue, 188)
        XCTAssertEqual(value["price"]?.intValue, 188)
        XCTAssertEqual(value["n"]?.intValue, 100)
        XCTAssertEqual(value["i"], .int(7))
        XCTAssertEqual(value["price"], .number(188))
        XCTAssertEqual(value["n"], .int(100))
    }

    func test_parse_keepingSourceOf_keepsThoseMembersAsCompactSourceText() throws {
        let text = #"{"body": {"a": "\u00e9\/", "n": [1.50, 2]}, "other": {"a": "\u00e9"}}"#
        let value = try JSON.parse(Array(text.utf8), keepingSourceOf: ["body"])
        XCTAssertEqual(value["body"]?.encodedString(), #"{"a":"\u00e9\/","n":[1.50,2]}"#)
        XCTAssertEqual(value["body"]?["a"]?.stringValue, "é/")
        XCTAssertEqual(value["other"]?.encodedString(), #"{"a":"é"}"#)
    }

    func test_parseError_namesLineAndColumn() {
        let text = Array("{\n  \"é\": x}".utf8)
        XCTAssertThrowsError(try JSON.parse(text)) { error in
            guard let error = error as? JSONParseError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.message, "expected a value")
            XCTAssertEqual(error.lineAndColumn(in: text).line, 2)
            XCTAssertEqual(error.lineAndColumn(in: text).column, 8)
        }
    }
}
