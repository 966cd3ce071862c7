import Testing
import APIRoutes

/// Business errors of the event and catalogue routes: HTTP 200 with the Maka code, nothing written.
@Suite struct MakaEventErrorTests {
    let server: MakaTestServer
    let client: MakaClient

    init() async throws {
        server = try await MakaTestServer()
        client = MakaClient(server: server)
    }

    @Test func eventErrors() async throws {
        let owner = try await client.register("owner@maka.im")
        let other = try await client.register("other@maka.im")
        let create = { (form: [(String, String)]) in try await client.send("POST", "/app/event", form: form, token: owner.token) }
        expectFailure(try await client.send("POST", "/app/event", form: [("title", "x")]), code: 401, mentioning: "token")
        expectFailure(try await create([]), code: 400, mentioning: "title")
        expectFailure(try await create([("title", "")]), code: 422, mentioning: "title")
        expectFailure(try await create([("title", String(repeating: "婚", count: 101))]), code: 422, mentioning: "title")
        expectFailure(try await create([("title", "两行\n标题")]), code: 422, mentioning: "title")
        expectFailure(try await create([("title", "t"), ("templateId", "T_ZZZZZZZZ")]), code: 404, mentioning: "template")
        expectFailure(try await create([("title", "t"), ("templateId", "abc")]), code: 422, mentioning: "templateId")
        expectFailure(try await create([("title", "t"), ("tagId", "7")]), code: 404, mentioning: "tag")
        expectFailure(try await create([("title", "t"), ("pages", "{\"index\":1}")]), code: 422, mentioning: "pages")
        expectFailure(try await create([("title", "t"), ("pages", "[1,2]")]), code: 422, mentioning: "pages")
        expectFailure(try await create([("title", "t"), ("pages", "[{")]), code: 422, mentioning: "pages")
        expectFailure(try await create([("title", "t"), ("firstImgUrl", "ftp://x/y.jpg")]), code: 422, mentioning: "firstImgUrl")
        #expect(try await client.get("/app/events", token: owner.token).page?["total"]?.intValue == 0)
        #expect(try await create([("title", "恰好一百个字" + String(repeating: "字", count: 94))]).code == 200)

        let id = try await client.createEvent("我的活动", token: owner.token)
        expectFailure(try await client.send("PUT", "/app/event/424242", form: [("title", "x")], token: owner.token),
                      code: 404, mentioning: "424242")
        expectFailure(try await client.send("PUT", "/app/event/abc", form: [("title", "x")], token: owner.token),
                      code: 404, mentioning: "abc")
        expectFailure(try await client.send("POST", "/app/event/424242", token: owner.token), code: 404, mentioning: "424242")
        expectFailure(try await client.send("PUT", "/app/event/\(id)", form: [("title", "x")], token: other.token),
                      code: 403, mentioning: "owner")
        expectFailure(try await client.send("POST", "/app/event/\(id)", token: other.token), code: 403, mentioning: "owner")
        expectFailure(try await client.send("PUT", "/app/event/\(id)", form: [("status", "1")], token: owner.token),
                      code: 422, mentioning: "read-only")
        expectFailure(try await client.send("PUT", "/app/event/\(id)", form: [("color", "red")], token: owner.token),
                      code: 422, mentioning: "unknown field color")
        expectFailure(try await client.send("PUT", "/app/event/\(id)", token: owner.token), code: 400, mentioning: "key")
        expectFailure(try await client.send("POST", "/app/event/\(id)", form: [("tagId", "0")], token: owner.token),
                      code: 422, mentioning: "tagId")
        let mine = try await client.get("/app/events", token: owner.token)
        #expect(mine.items.first?["title"]?.stringValue == "我的活动")
        #expect(mine.items.first?["status"]?.intValue == 0, "nothing refused was published")
        #expect(try await client.get("/app/publicEvents").page?["total"]?.intValue == 0)
    }

    @Test func unknownIdsInTheCatalogue() async throws {
        expectFailure(try await client.get("/app/template/424242"), code: 404, mentioning: "template")
        expectFailure(try await client.get("/app/template/x1"), code: 404, mentioning: "template")
        expectFailure(try await client.get("/app/templates?categoryId=9"), code: 404, mentioning: "category")
        expectFailure(try await client.get("/app/pictures?categoryId=9"), code: 404, mentioning: "category")
        expectFailure(try await client.get("/app/publicEvents?tagId=9"), code: 404, mentioning: "tag")
        expectFailure(try await client.get("/app/publicEvents?tagId=x"), code: 422, mentioning: "tagId")
        let all = try await client.get("/app/publicEvents?tagId=")
        #expect(all.code == 200, "an empty filter means all")
    }
}
