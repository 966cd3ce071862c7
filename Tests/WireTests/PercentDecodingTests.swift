import Testing
import Wire

/// The one percent-decoding rule, shared by request targets, forms and captured URLs.
struct PercentDecodingTests {
    @Test func decodesEscapes_andPlusOnlyWhenAsked() {
        #expect(PercentDecoding.decode("/a%20b+c") == "/a b+c")
        #expect(PercentDecoding.decode("a%20b+c", plusAsSpace: true) == "a b c")
        #expect(PercentDecoding.decode("%E6%9C%89") == "有")
    }

    @Test func refusesBrokenEscapes_decodedNUL_andInvalidUTF8() {
        #expect(PercentDecoding.decode("%zz") == nil)
        #expect(PercentDecoding.decode("%4") == nil)
        #expect(PercentDecoding.decode("a%00b") == nil)
        #expect(PercentDecoding.decode("%E6%9C") == nil)
    }
}
