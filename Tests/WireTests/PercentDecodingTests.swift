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

    @Test func splitsATargetAtItsFirstQuestionMark() {
        var target = "/p/a?x=1?y"
        let (path, query) = target.withUTF8 { bytes in
            let parts = TargetSplit.pathAndQuery(0..<bytes.count, in: bytes)
            return (bytes.string(parts.path), parts.query.map { bytes.string($0) })
        }
        #expect(path == "/p/a")
        #expect(query == "x=1?y")
    }
}
