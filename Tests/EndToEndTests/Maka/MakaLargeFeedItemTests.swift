import Testing
import APIRoutes
import Wire

/// A public-events page is copied into an answer allocated for items of the seeded size
/// (`MakaListBody.feedItemBytes`, 384 bytes each); items many times larger (a 100-character
/// title, a 1,000-byte cover URL twice) are read again into the room they take: every item is
/// listed whole, newest first, with the page object after them.
@Suite struct MakaLargeFeedItemTests {
    @Test func itemsLargerThanTheirRoomAreListedWhole() async throws {
        let server = try await MakaTestServer()
        let client = MakaClient(server: server)
        let account = try await client.register("long@maka.im")
        let cover = "http://img.maka.im/" + String(repeating: "c", count: 1_000) + ".jpg"
        var published: [(id: String, title: String)] = []
        for number in 1...5 {
            let large = number % 2 == 1
            let title = large ? "\(number)" + String(repeating: "长", count: 99) : "短\(number)"
            let id = try await client.createEvent(title, token: account.token, extra: large ? [("firstImgUrl", cover)] : [])
            #expect(try await client.send("POST", "/app/event/\(id)", token: account.token).code == 200)
            published.append((id, title))
        }
        let newestFirst = Array(published.reversed())

        let whole = try await client.get("/app/publicEvents?pageSize=5")
        #expect(whole.items.compactMap { $0["id"]?.stringValue } == newestFirst.map(\.id))
        #expect(whole.items.compactMap { $0["title"]?.stringValue } == newestFirst.map(\.title))
        #expect(whole.items.compactMap { $0["firstImgUrl"]?.stringValue } == newestFirst.map { $0.title.hasPrefix("短") ? "" : cover })
        #expect(whole.text.hasPrefix(#"{"code":200,"msg":"ok","data":[{"id":""#))
        #expect(whole.text.hasSuffix(#"}],"page":{"index":1,"size":5,"total":5,"hasMore":false}}"#))

        let middle = try await client.get("/app/publicEvents?page=2&pageSize=2")
        #expect(middle.items.compactMap { $0["id"]?.stringValue } == newestFirst[2..<4].map(\.id))
        #expect(middle.text.hasSuffix(#"}],"page":{"index":2,"size":2,"total":5,"hasMore":true}}"#))
    }
}
