import Testing
import Wire

/// `HTTPHeaders.isSameList(as:)` for lists made by code: the same strings compare at once, equal
/// strings in other storage still compare equal, and any difference makes them different.
struct HTTPHeadersSameListTests {
    /// A long text built at run time, so each call makes new storage of the same bytes.
    private static func longText(_ tail: String) -> String {
        String(repeating: "x", count: 40) + tail
    }

    @Test func theSameStringsAreTheSameList() {
        let name = Self.longText("-Name"), value = Self.longText("value")
        let list = HTTPHeaders([(name: name, value: value), (name: "Vary", value: "Origin")])
        let again = HTTPHeaders([(name: name, value: value), (name: "Vary", value: "Origin")])
        #expect(list.isSameList(as: again))
        #expect(HTTPHeaders().isSameList(as: HTTPHeaders()))
    }

    @Test func equalStringsInOtherStorageAreTheSameList() {
        let list = HTTPHeaders([(name: Self.longText("-Name"), value: Self.longText("value"))])
        let again = HTTPHeaders([(name: Self.longText("-Name"), value: Self.longText("value"))])
        #expect(list.isSameList(as: again))
    }

    @Test func differentFieldsOrCountsAreNotTheSameList() {
        let list = HTTPHeaders([(name: Self.longText("-Name"), value: Self.longText("value"))])
        #expect(!list.isSameList(as: HTTPHeaders([(name: Self.longText("-Name"), value: Self.longText("other"))])))
        #expect(!list.isSameList(as: HTTPHeaders([(name: Self.longText("-Nome"), value: Self.longText("value"))])))
        #expect(!list.isSameList(as: HTTPHeaders()))
        let short = HTTPHeaders([(name: "A", value: "1")])
        #expect(!short.isSameList(as: HTTPHeaders([(name: "A", value: "2")])))
        #expect(!short.isSameList(as: HTTPHeaders([(name: "A", value: "1"), (name: "A", value: "1")])))
    }
}
