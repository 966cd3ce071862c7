import Testing
import Wire

/// The one header list: order and repeats kept, lookup ignoring ASCII case.
struct HTTPHeadersTests {
    @Test func lookupIgnoresCase_andRepeatsAreKeptInOrder() {
        var headers: HTTPHeaders = ["Content-Type": "text/plain", "X-Tag": "a"]
        headers.add(name: "x-tag", value: "b")
        #expect(headers["content-type"] == "text/plain")
        #expect(headers["X-TAG"] == "a")
        #expect(headers.values(for: "X-Tag") == ["a", "b"])
        #expect(headers.contains("CONTENT-TYPE"))
        #expect(headers.map(\.name) == ["Content-Type", "X-Tag", "x-tag"])
    }

    @Test func replaceOrAdd_replacesEveryRepeat_andRemoveDropsThemAll() {
        var headers: HTTPHeaders = ["A": "1", "a": "2", "B": "3"]
        headers.replaceOrAdd(name: "A", value: "9")
        #expect(headers.map(\.value) == ["3", "9"])
        headers.remove(name: "b")
        #expect(headers.count == 1)
    }

    @Test func equalityAndHashing_followNamesValuesAndOrder() {
        let first: HTTPHeaders = ["A": "1", "B": "2"]
        #expect(first == ["A": "1", "B": "2"])
        #expect(first != ["B": "2", "A": "1"])
        #expect(Set([first, ["A": "1", "B": "2"]]).count == 1)
    }
}
