import Testing
import APIRoutes

/// The captured client's whole story, over real sockets, on the seeded database.
@Suite struct MakaClientStoryTests {
    let server: MakaTestServer
    let client: MakaClient

    init() async throws {
        server = try await MakaTestServer(seeded: true)
        client = MakaClient(server: server)
    }

    @Test func registerLoginEditCreatePublishAndBeRefusedByAnotherUser() async throws {
        // register → the user at the top level plus its token
        let registered = try await client.send("POST", "/app/user/register",
                                               form: [("email", "Newbie@Example.com"), ("password", "婚礼2015ok")])
        #expect(registered.status == 200)
        #expect(registered.contentType == "application/json; charset=utf-8")
        #expect(registered.code == 200)
        #expect(registered.message == "ok")
        let uid = try #require(registered.data["uid"]?.intValue)
        #expect(uid == 1999140, "uids continue after the highest seeded one (the QT account, 1999139)")
        #expect(registered.data["token"]?.stringValue?.count == 64)
        #expect(registered.data["email"]?.stringValue == "newbie@example.com")
        #expect(registered.data["nickname"]?.stringValue == "newbie")

        // login → a new token
        let login = try await client.send("POST", "/app/user/login",
                                          form: [("email", "newbie@example.com"), ("password", "婚礼2015ok")])
        #expect(login.code == 200)
        #expect(login.data["uid"]?.intValue == uid)
        let token = try #require(login.data["token"]?.stringValue)
        #expect(token != registered.data["token"]?.stringValue)

        // profile: the owner sees the email, others do not
        let own = try await client.get("/app/user/\(uid)", token: token)
        #expect(own.data["email"]?.stringValue == "newbie@example.com")
        let anonymous = try await client.get("/app/user/\(uid)")
        #expect(anonymous.code == 200)
        #expect(anonymous.data["email"] == nil)
        #expect(anonymous.data["nickname"]?.stringValue == "newbie")

        // update one field at a time, as the captured client does
        let renamed = try await client.send("PUT", "/app/user/\(uid)", form: [("key", "nickname"), ("value", "新人小王")], token: token)
        #expect(renamed.code == 200)
        #expect(renamed.data["nickname"]?.stringValue == "新人小王")

        // create from a template: its pages are copied in
        let template = try await client.get("/app/template/T_6QE7W9IW")
        let templatePages = try #require(template.data["pdata"]?["json"]?.arrayValue)
        let created = try await client.send("POST", "/app/event", form: [("title", "我们结婚啦"), ("templateId", "T_6QE7W9IW")], token: token)
        #expect(created.code == 200)
        let eventId = try #require(created.data["id"]?.stringValue)
        #expect(eventId.count == 8 && created.data["url"]?.stringValue == "http://viewer.maka.im/k/\(eventId)")
        #expect(created.data["pdata"]?["json"]?.arrayValue == templatePages)
        #expect(created.data["status"]?.intValue == 0)
        #expect(created.data["pages"] == nil, "the legacy key is gone: the clients read pdata")
        #expect(created.data["pageCount"]?.intValue == templatePages.count)
        #expect(created.data["firstImgUrl"]?.stringValue == template.data["thumb"]?.stringValue)
        #expect(created.data["publishTime"]?.isNull == true)

        // update the draft
        let updated = try await client.send("PUT", "/app/event/\(eventId)",
                                            form: [("title", "张伟&李娜 | 我们结婚啦"), ("tagId", "1")], token: token)
        #expect(updated.code == 200)
        #expect(updated.data["title"]?.stringValue == "张伟&李娜 | 我们结婚啦")
        #expect(updated.data["tagId"]?.intValue == 1)

        // publish → first in public events at once, and first in its tag
        let published = try await client.send("POST", "/app/event/\(eventId)", token: token)
        #expect(published.code == 200)
        #expect(published.data["status"]?.intValue == 1)
        let publishTime = try #require(published.data["publishTime"]?.stringValue)
        #expect(publishTime.count == 19)
        let feed = try await client.get("/app/publicEvents")
        let first = try #require(feed.items.first)
        #expect(first["id"]?.stringValue == eventId)
        #expect(first["QRcodeImg"]?.stringValue == "http://img1.maka.im/qrcode/\(eventId).png")
        #expect(first["title"]?.stringValue == "张伟&李娜 | 我们结婚啦")
        #expect(first["author"]?.stringValue == "新人小王")
        #expect(first["firstImgUrl"]?.stringValue == template.data["thumb"]?.stringValue)
        #expect(first["publishTime"]?.stringValue == publishTime)
        #expect(feed.page?["total"]?.intValue == 152)
        let tagFeed = try await client.get("/app/publicEvents?tagId=1")
        #expect(tagFeed.items.first?["id"]?.stringValue == eventId)

        // my events: the published event, newest first
        let second = try await client.createEvent("第二个草稿", token: token)
        let mine = try await client.get("/app/events", token: token)
        #expect(mine.items.map { $0["id"]?.stringValue } == [second, eventId])
        #expect(mine.items.map { $0["status"]?.intValue } == [0, 1])
        #expect(mine.page?["total"]?.intValue == 2)

        // another user is refused
        let other = try await client.login("demo@maka.im", password: "demo123456")
        let hijack = try await client.send("PUT", "/app/event/\(eventId)", form: [("title", "抢来的")], token: other.token)
        #expect(hijack.status == 200)
        #expect(hijack.code == 403)
        let hijackPublish = try await client.send("POST", "/app/event/\(second)", token: other.token)
        #expect(hijackPublish.code == 403)
        let hijackProfile = try await client.send("PUT", "/app/user/\(uid)", form: [("key", "city"), ("value", "北京")], token: other.token)
        #expect(hijackProfile.code == 403)
        let theirs = try await client.get("/app/user/\(uid)", token: other.token)
        #expect(theirs.data["email"] == nil)
        #expect(try await client.get("/app/publicEvents").items.first?["title"]?.stringValue == "张伟&李娜 | 我们结婚啦")
        #expect(try await client.get("/app/events", token: other.token).items.allSatisfy { $0["uid"]?.intValue == other.uid })
    }

    @Test func everyDemoAccountCanLogIn() async throws {
        let accounts = [("demo@maka.im", "demo123456", 10001)]
            + ["xiaoyuer", "amay", "chenxiaobei", "doudouma", "laowang", "sunny", "tangtang", "linshen",
               "bluewhale", "wangdachui", "yizhimiao", "xiamo", "beipiao", "cici", "muzili"]
            .enumerated().map { ("\($0.element)@demo.maka.im", "maka2015", 10002 + $0.offset) }
        for (email, password, uid) in accounts {
            #expect(try await client.login(email, password: password).uid == uid, "\(email)")
        }
        let wrong = try await client.send("POST", "/app/user/login", form: [("email", "demo@maka.im"), ("password", "maka2015")])
        #expect(wrong.code == 401)
    }
}
