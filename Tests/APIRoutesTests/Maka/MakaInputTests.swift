import Testing
import HTTPServer
import Wire
@testable import APIRoutes

@Suite struct MakaInputTests {
    @Test func decimalsArePlainDigitsOnly() {
        #expect(MakaInput.decimal("0") == 0)
        #expect(MakaInput.decimal("20") == 20)
        #expect(MakaInput.decimal("999999999999999999") == 999_999_999_999_999_999)
        #expect(MakaInput.decimal("0010001") == 10001)
        for bad in ["", "-1", "+1", "1.0", " 1", "1 ", "1e3", "０", "9999999999999999999", "0000000000000000001", "0x10", "1/", "1:"] {
            #expect(MakaInput.decimal(bad) == nil, "\(bad)")
        }
    }

    @Test func emailsAreTrimmedLowercasedAndChecked() throws {
        #expect(try MakaInput.email("  Demo@Maka.IM\n") == "demo@maka.im")
        #expect(try MakaInput.email("first.last+tag@mail.example.co.uk") == "first.last+tag@mail.example.co.uk")
        #expect(try MakaInput.email(String(repeating: "a", count: 95) + "@a.im").count == 100)
        for bad in ["", "demo", "demo@", "@maka.im", "demo@maka", "de mo@maka.im", "demo@-maka.im", "demo@maka-.im",
                    ".demo@maka.im", "demo.@maka.im", "de..mo@maka.im", "demo@maka..im", "demo@maka.i", "演示@maka.im",
                    String(repeating: "a", count: 96) + "@a.im"] {
            #expect(throws: MakaFailure.self, "\(bad)") { try MakaInput.email(bad) }
        }
    }

    @Test func passwordsAreSixToThirtyTwoCharacters() throws {
        #expect(try MakaInput.password("123456") == "123456")
        #expect(try MakaInput.password("六个汉字密码") == "六个汉字密码", "characters, not bytes")
        #expect(try MakaInput.password(String(repeating: "p", count: 32)).count == 32)
        for bad in ["12345", String(repeating: "p", count: 33), "abc\tdef", "abc\u{0}def"] {
            #expect(throws: MakaFailure(code: 422, message: "password must be 6 to 32 characters without control characters")) {
                try MakaInput.password(bad)
            }
        }
    }

    @Test func urlsAreEmptyOrHTTP() throws {
        #expect(try MakaInput.url("", name: "avatar") == "")
        #expect(try MakaInput.url(" https://img.maka.im/a.jpg ", name: "avatar") == "https://img.maka.im/a.jpg")
        for bad in ["http://", "ftp://x/y", "img.maka.im/a.jpg", "http://a b", "javascript:alert(1)",
                    "http://" + String(repeating: "x", count: 1020)] {
            #expect(throws: MakaFailure.self, "\(bad)") { try MakaInput.url(bad, name: "avatar") }
        }
    }

    @Test func pagesMustBeAnArrayOfObjectsAndAreStoredCompact() throws {
        let pages = try MakaInput.pages(#"[ {"index": 1, "title": "婚礼/请柬"}, {} ]"#)
        #expect(pages.count == 2)
        #expect(pages.json == #"[{"index":1,"title":"婚礼/请柬"},{}]"#)
        #expect(try MakaInput.pages("[]").count == 0)
        let tooMany = "[" + Array(repeating: "{}", count: 101).joined(separator: ",") + "]"
        for bad in ["", "{}", "[1]", "[{}", "null", #"["a"]"#, tooMany] {
            #expect(throws: MakaFailure.self, "\(bad.prefix(20))") { try MakaInput.pages(bad) }
        }
    }

    @Test func pagingDefaultsAndLimits() throws {
        let defaults = try MakaPaging(Parameters())
        #expect(defaults == MakaPaging(index: 1, size: 20))
        let custom = try MakaPaging(Parameters([("page", "3"), ("pageSize", "100")]))
        #expect(custom.offset == 200)
        #expect(listBody(custom, total: 301) == #"{"code":200,"msg":"ok","data":[],"page":{"index":3,"size":100,"total":301,"hasMore":true}}"#)
        #expect(listBody(custom, total: 300) == #"{"code":200,"msg":"ok","data":[],"page":{"index":3,"size":100,"total":300,"hasMore":false}}"#)
        #expect(throws: MakaFailure(code: 422, message: "pageSize must be an integer from 1 to 100")) {
            try MakaPaging(Parameters([("pageSize", "101")]))
        }
    }

    /// An empty list answer of `paging`, as text.
    private func listBody(_ paging: MakaPaging, total: Int) -> String {
        var body = MakaListBody(roomFor: 0, itemsOf: 0)
        return String(decoding: body.response(paging, total: total).body, as: UTF8.self)
    }

    @Test func listBodiesSeparateTheirItemsAndKeepThemAsWritten() {
        var body = MakaListBody(roomFor: 3, itemsOf: 8)
        body.append { $0.append(contentsOf: #"{"id":"A"}"#.utf8) }
        body.append { JSON.object([("id", "B"), ("n", 2)]).encode(into: &$0) }
        body.append { $0.append(contentsOf: "[]".utf8) }
        let text = String(decoding: body.response(MakaPaging(index: 1, size: 3), total: 3).body, as: UTF8.self)
        #expect(text == #"{"code":200,"msg":"ok","data":[{"id":"A"},{"id":"B","n":2},[]],"page":{"index":1,"size":3,"total":3,"hasMore":false}}"#)
    }

    /// Pre-encoded elements, lent alone or in runs joined by commas, are copied whole, read once,
    /// whatever room each was given.
    @Test func preEncodedElementsAreCopiedWholeWhateverRoomTheyWereGiven() throws {
        let long = #"{"title":""# + String(repeating: "长", count: 40) + #""}"#
        let elements = [#"{"id":"A"}"#, "[]", long]
        let expected = #"{"code":200,"msg":"ok","data":[{"id":"A"},[],"# + long + #"],"page":{"index":2,"size":3,"total":7,"hasMore":true}}"#
        let roomy = try preEncodedAnswer(elements, elementBytes: 64)
        #expect(roomy.text == expected)
        #expect(roomy.reads == 1)
        let cramped = try preEncodedAnswer(elements, elementBytes: 4)
        #expect(cramped.text == expected)
        #expect(cramped.reads == 1)
        let runs = try preEncodedAnswer([#"{"id":"A"},[]"#, long], elementBytes: 4)
        #expect(runs.text == expected)
        let empty = try preEncodedAnswer([], elementBytes: 4)
        #expect(empty.text == #"{"code":200,"msg":"ok","data":[],"page":{"index":2,"size":3,"total":7,"hasMore":true}}"#)
        #expect(empty.reads == 1)
    }

    /// The answer of page 2 of 3 (7 in all) whose read lends `elements`, and how often it was read.
    private func preEncodedAnswer(_ elements: [String], elementBytes: Int) throws -> (text: String, reads: Int) {
        var reads = 0
        let response = try MakaListBody.response(MakaPaging(index: 2, size: 3), elementBytes: elementBytes) { element in
            reads += 1
            for text in elements { Array(text.utf8).withUnsafeBufferPointer(element) }
            return 7
        }
        return (String(decoding: response.body, as: UTF8.self), reads)
    }

    @Test func tokensAre256BitHexAndComeFromThreeCarriers() {
        let first = MakaTokens.generate()
        #expect(first.count == 64)
        #expect(first.allSatisfy { $0.isHexDigit && !$0.isUppercase })
        #expect(Set((0..<100).map { _ in MakaTokens.generate() }).count == 100)
        var request = HTTPRequest(method: .GET, target: "/app/events", path: "/app/events",
                                  headers: ["Authorization": "Bearer  abc ", "token": "def"])
        #expect(MakaTokens.presented(by: request, parameters: Parameters([("token", "ghi")])) == "abc")
        request.headers = ["Authorization": "Basic xyz", "token": "def"]
        #expect(MakaTokens.presented(by: request, parameters: Parameters([("token", "ghi")])) == "def")
        request.headers = [:]
        #expect(MakaTokens.presented(by: request, parameters: Parameters([("token", "ghi")])) == "ghi")
        #expect(MakaTokens.presented(by: request, parameters: Parameters([("token", " ")])) == nil)
    }
}
