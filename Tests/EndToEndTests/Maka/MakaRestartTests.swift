import Testing
import APIRoutes
import Store

/// What the server acknowledged is still there after a restart on the same database file,
/// and importing the seeds again changes nothing.
@Suite struct MakaRestartTests {
    @Test func accountsTokensEventsAndTheFeedSurviveARestart() async throws {
        let server = try await MakaTestServer(seeded: true)
        let client = MakaClient(server: server)
        let user = try await client.register("durable@maka.im", password: "持久化密码123")
        let draft = try await client.createEvent("重启前的草稿", token: user.token)
        let published = try await client.createEvent("重启前发布", token: user.token, extra: [("tagId", "3")])
        #expect(try await client.send("POST", "/app/event/\(published)", token: user.token).code == 200)
        #expect(try await client.send("PUT", "/app/user/\(user.uid)", form: [("key", "city"), ("value", "杭州")],
                                      token: user.token).code == 200)

        try await server.restart()

        let mine = try await client.get("/app/events", token: user.token)
        #expect(mine.code == 200, "the old token is still valid")
        #expect(mine.items.compactMap { $0["id"]?.stringValue } == [published, draft])
        #expect(try await client.get("/app/user/\(user.uid)").data["city"]?.stringValue == "杭州")
        let feed = try await client.get("/app/publicEvents?tagId=3")
        #expect(feed.items.first?["title"]?.stringValue == "重启前发布")
        #expect(try await client.get("/app/publicEvents").page?["total"]?.intValue == 152)
        #expect(try await client.login("durable@maka.im", password: "持久化密码123").uid == user.uid)
        #expect(try await client.login("demo@maka.im", password: "demo123456").uid == 10001)

        let next = try await client.createEvent("重启后", token: user.token)
        #expect(try await client.send("POST", "/app/event/\(next)", token: user.token).code == 200)
        #expect(try await client.get("/app/publicEvents").items.first?["id"]?.stringValue == next)
    }

    @Test func reimportingTheSeedsChangesNothing() async throws {
        let server = try await MakaTestServer(seeded: true)
        let client = MakaClient(server: server)
        let before = try await client.get("/app/publicEvents?pageSize=100&page=2").text
        let tagsBefore = try await client.get("/app/tagCategories").text
        await server.stop()
        let summary = try MakaSeededDatabase.importSeeds(into: server.databasePath)
        #expect(summary.new == 0)
        #expect(summary.unchanged == summary.read)
        try await server.restart()
        #expect(try await client.get("/app/publicEvents?pageSize=100&page=2").text == before)
        #expect(try await client.get("/app/tagCategories").text == tagsBefore)
        #expect(try await client.login("cici@demo.maka.im", password: "maka2015").uid == 10015)
    }
}
