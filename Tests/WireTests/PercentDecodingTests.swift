import Testing
import Wire

/// The one percent-decoding rule, shared by request targets, forms and captured URLs.
struct PercentDecodingTests {
    @Test func decodesEscapes_andPlusOnlyWhenAsked() {
        #expect(PercentDecoding.decode("/a%20b+c") == "/a b+c")
        #expect(PercentDecoding.decode("a%20b+c", plusAsSpace: true) == "a b c")
        #expect(PercentDecoding.decode("%E6%9C%89") == "有")
        #expect(PercentDecoding.decode("+", plusAsSpace: true) == " ")
        #expect(PercentDecoding.decode("+") == "+")
        #expect(PercentDecoding.decode("%2B", plusAsSpace: true) == "+")
    }

    @Test func refusesBrokenEscapes_decodedNUL_andInvalidUTF8() {
        #expect(PercentDecoding.decode("%zz") == nil)
        #expect(PercentDecoding.decode("%4") == nil)
        #expect(PercentDecoding.decode("a%00b") == nil)
        #expect(PercentDecoding.decode("%E6%9C") == nil)
        for lone in ["%", "a%", "%a", "%%41", "1%+2"] {
            #expect(PercentDecoding.decode(lone, plusAsSpace: true) == nil, "\(lone)")
        }
        // Escapes that decode to bytes which are not UTF-8: a lone continuation byte, a lead
        // byte cut short, bytes UTF-8 never uses, an over-long encoding of `/`.
        for invalid in ["%80", "%C3", "a%C3b", "%FF", "%FE%FF", "%C0%AF"] {
            #expect(PercentDecoding.decode(invalid, plusAsSpace: true) == nil, "\(invalid)")
        }
    }

    /// Text with nothing to decode is taken as it is: short or long, ASCII or not; bytes that
    /// are not UTF-8 are refused there too.
    @Test func textWithoutEscapesIsKept_unlessItIsNotUTF8() {
        for text in ["", "m", "Product", "getRecommedProductList", String(repeating: "x", count: 300), "有范儿", "café=1"] {
            #expect(PercentDecoding.decode(text, plusAsSpace: true) == text)
        }
        let invalid: [UInt8] = [0x61, 0xFF, 0x62]
        #expect(invalid.withUnsafeBufferPointer { PercentDecoding.decode(0..<3, in: $0) } == nil)
    }

    /// Only the bytes in the range count: an escape cut by the range's end is broken even when
    /// the buffer goes on with hex digits.
    @Test func decodesOnlyTheRange() {
        let bytes = Array("v=%41&w=%4142".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            #expect(PercentDecoding.decode(2..<5, in: buffer) == "A")
            #expect(PercentDecoding.decode(2..<4, in: buffer) == nil)
            #expect(PercentDecoding.decode(8..<12, in: buffer) == "A4")
            #expect(PercentDecoding.decode(0..<1, in: buffer) == "v")
            #expect(PercentDecoding.decode(5..<5, in: buffer) == "")
        }
    }
}
