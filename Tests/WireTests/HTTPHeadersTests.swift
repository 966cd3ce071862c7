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
    /// The known headers' bits follow every way a field comes and goes, in any case of the name.
    @Test func knownHeadersAreFoundAfterEveryChange_inAnyCase() {
        var headers = HTTPHeaders([(name: "CONTENT-type", value: "a/b"), (name: "Accept", value: "*/*")])
        #expect(headers[.contentType] == "a/b")
        #expect(headers[.authorization] == nil)
        headers.add(name: "x-mock-DELAY", value: "5")
        #expect(headers[.xMockDelay] == "5")
        headers.replaceOrAdd(name: "X-Mock-Delay", value: "7")
        #expect(headers[.xMockDelay] == "7")
        #expect(headers.values(for: "x-mock-delay") == ["7"])
        headers.remove(name: "content-TYPE")
        #expect(headers[.contentType] == nil)
        #expect(!headers.contains(.contentType))
        headers.remove(name: "Accept")
        #expect(headers.contains(.xMockDelay))
        let literal: HTTPHeaders = ["token": "t", "Set-Cookie": "a=1"]
        #expect(literal[.token] == "t")
        #expect(literal[.setCookie] == "a=1")
        #expect(literal[.cookie] == nil)
    }

    /// A block of fields appended at once keeps its order after the fields already there, and
    /// its known headers are found (and removed) like fields added one by one.
    @Test func appendingABlockKeepsOrderAndKnownHeaders() {
        var headers: HTTPHeaders = ["Accept": "*/*"]
        let block: HTTPHeaders = ["x-mock-delay": "5", "Vary": "Origin"]
        headers.append(contentsOf: block)
        #expect(headers.fields.map(\.name) == ["Accept", "x-mock-delay", "Vary"])
        #expect(headers[.xMockDelay] == "5")
        #expect(headers[.vary] == "Origin")
        #expect(headers[.contentType] == nil)
        headers.remove(name: "X-Mock-Delay")
        #expect(!headers.contains(.xMockDelay))
        #expect(block[.xMockDelay] == "5")
    }

    /// Every known header is recognised by its name in any case, and a name one letter off is not.
    @Test(arguments: KnownHeader.allCases)
    func everyKnownHeaderIsRecognisedByName(_ known: KnownHeader) {
        #expect(HTTPHeaders([(name: known.name.uppercased(), value: "v")])[known] == "v")
        #expect(HTTPHeaders([(name: known.name.lowercased(), value: "v")]).contains(known))
        #expect(!HTTPHeaders([(name: known.name + "x", value: "v")]).contains(known))
        #expect(!HTTPHeaders([(name: "q" + known.name.dropFirst(), value: "v")]).contains(known))
    }
}
