import Testing
@testable import APIRoutes
import Wire

/// The list routes' integers read from a plain query in one pass (`MakaListFields`) are what the
/// decoded parameters give for the same names: first values, empty and other values included.
@Suite struct MakaListFieldsTests {
    static let queries = [
        "", "page=1&pageSize=20", "page=2&pageSize=20&tagId=8", "page=1&page=2", "&&page=&pageSize", "=x&page",
        "a=b=c&page=3", "pageSize=2&page=7&", "pag=1&pagee=2&page=3", "tagId&tagId=4", "tagId=&tagId=4",
        "categoryId=5&categoryId=x", "page=01&pageSize=020", "page=-1", "page=abc&pageSize=1.5",
        "page=123456789012345678&pageSize=1234567890123456789", "PAGE=2&Page=3", "tagid=1&TagId=2",
        "page=1=2", "pageSize", "x=1&y=2&z=3&page=9",
    ]

    @Test func everyFieldIsTheDecodedParametersFirstValue() throws {
        for text in Self.queries {
            let plain = try #require(PlainQuery(text), "\(text)")
            let fields = MakaListFields(plain)
            let decoded = try FormURLEncoded.parse(text, origin: "query")
            for name in ["page", "pageSize", "tagId", "categoryId"] {
                #expect(fields[name] == MakaInteger(decoded[name]), "'\(name)' in '\(text)'")
                #expect(MakaQuery.plain(plain, fields).integer(name) == MakaQuery.decoded(decoded).integer(name))
            }
            #expect(fields["cateId"] == nil)
        }
    }

    @Test func integersAreAbsentEmptyDecimalOrOther() {
        #expect(MakaInteger(nil) == .absent)
        #expect(MakaInteger("") == .empty)
        #expect(MakaInteger("007") == .decimal(7))
        #expect(MakaInteger("123456789012345678") == .decimal(123_456_789_012_345_678))
        for text in ["1234567890123456789", "-1", "+1", " 1", "1 ", "1.0", "x", "１"] {
            #expect(MakaInteger(text) == .other, "\(text)")
        }
    }
}
