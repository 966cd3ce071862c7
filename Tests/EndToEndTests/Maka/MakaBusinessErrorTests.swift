import Testing
import APIRoutes

/// Every business error: HTTP 200 with the Maka code and a message, and nothing written.
@Suite struct MakaBusinessErrorTests {
    let server: MakaTestServer
    let client: MakaClient

    init() throws {
        server = try MakaTestServer()
        client = MakaClient(server: server)
    }

    private func expectFailure(_ reply: MakaReply, code: Int, mentioning word: String,
                               sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(reply.status == 200, sourceLocation: sourceLocation)
        #expect(reply.contentType == "application/json; charset=utf-8", sourceLocation: sourceLocation)
        #expect(reply.code == code, "\(reply.text)", sourceLocation: sourceLocation)
        #expect(reply.message.contains(word), "\(reply.message)", sourceLocation: sourceLocation)
        #expect(reply.data.isNull, sourceLocation: sourceLocation)
    }

    @Test func registrationErrors() async throws {
        let register = { (form: [(String, String)]) in try await client.send("POST", "/app/user/register", form: form) }
        expectFailure(try await register([("password", "secret123")]), code: 400, mentioning: "email")
        expectFailure(try await register([("email", "a@maka.im")]), code: 400, mentioning: "password")
        for bad in ["plainaddress", "a@b", "a@@maka.im", "a b@maka.im", "@maka.im", "a@maka.c0m", "a..b@maka.im"] {
            expectFailure(try await register([("email", bad), ("password", "secret123")]), code: 422, mentioning: "email")
        }
        expectFailure(try await register([("email", "a@maka.im"), ("password", "12345")]), code: 422, mentioning: "password")
        expectFailure(try await register([("email", "a@maka.im"), ("password", String(repeating: "x", count: 33))]),
                      code: 422, mentioning: "password")
        expectFailure(try await register([("email", "a@maka.im"), ("password", "secret\u{7}123")]), code: 422, mentioning: "password")
        _ = try await client.register("a@maka.im", password: "密码六个字符")
        expectFailure(try await register([("email", " A@MAKA.IM "), ("password", "another1")]), code: 409, mentioning: "already")
        #expect(try await client.login("a@maka.im", password: "密码六个字符").uid == 10001)
        expectFailure(try await client.send("POST", "/app/user/login", form: [("email", "a@maka.im"), ("password", "another1")]),
                      code: 401, mentioning: "wrong")
    }

    @Test func loginAndForgottenPasswordErrors() async throws {
        _ = try await client.register("user@maka.im")
        let login = { (form: [(String, String)]) in try await client.send("POST", "/app/user/login", form: form) }
        expectFailure(try await login([("email", "user@maka.im")]), code: 400, mentioning: "password")
        expectFailure(try await login([("password", "secret123")]), code: 400, mentioning: "email")
        expectFailure(try await login([("email", "user@maka.im"), ("password", "wrong-password")]), code: 401, mentioning: "wrong")
        expectFailure(try await login([("email", "ghost@maka.im"), ("password", "secret123")]), code: 401, mentioning: "wrong")
        expectFailure(try await login([("email", "not-an-email"), ("password", "secret123")]), code: 422, mentioning: "email")

        let forget = { (form: [(String, String)]) in try await client.send("POST", "/app/user/forgetpassword", form: form) }
        expectFailure(try await forget([]), code: 400, mentioning: "email")
        expectFailure(try await forget([("email", "nope")]), code: 422, mentioning: "email")
        expectFailure(try await forget([("email", "ghost@maka.im")]), code: 404, mentioning: "no user")
        let acknowledged = try await forget([("email", "USER@maka.im")])
        #expect(acknowledged.code == 200)
        #expect(acknowledged.data["email"]?.stringValue == "user@maka.im")
        #expect(acknowledged.data["sent"] == .bool(true))
    }

    @Test func tokenAndProfileErrors() async throws {
        let user = try await client.register("owner@maka.im")
        let other = try await client.register("other@maka.im")
        expectFailure(try await client.send("PUT", "/app/user/\(user.uid)", form: [("key", "city"), ("value", "上海")]),
                      code: 401, mentioning: "token")
        expectFailure(try await client.send("PUT", "/app/user/\(user.uid)", form: [("key", "city"), ("value", "上海")],
                                            token: "0123456789abcdef"), code: 401, mentioning: "token")
        expectFailure(try await client.get("/app/events", token: "forged"), code: 401, mentioning: "token")
        expectFailure(try await client.get("/app/events"), code: 401, mentioning: "token")
        expectFailure(try await client.get("/app/user/99999"), code: 404, mentioning: "99999")
        expectFailure(try await client.get("/app/user/abc"), code: 404, mentioning: "abc")
        expectFailure(try await client.send("PUT", "/app/user/99999", form: [("key", "city"), ("value", "x")], token: user.token),
                      code: 404, mentioning: "99999")
        expectFailure(try await client.send("PUT", "/app/user/\(other.uid)", form: [("key", "city"), ("value", "x")], token: user.token),
                      code: 403, mentioning: "owner")

        let put = { (form: [(String, String)]) in try await client.send("PUT", "/app/user/\(user.uid)", form: form, token: user.token) }
        expectFailure(try await put([("key", "email"), ("value", "x@maka.im")]), code: 422, mentioning: "read-only")
        expectFailure(try await put([("key", "uid"), ("value", "1")]), code: 422, mentioning: "read-only")
        expectFailure(try await put([("key", "password"), ("value", "newpass1")]), code: 422, mentioning: "read-only")
        expectFailure(try await put([("key", "vip"), ("value", "1")]), code: 422, mentioning: "unknown field vip")
        expectFailure(try await put([("key", "nickname")]), code: 400, mentioning: "value")
        expectFailure(try await put([]), code: 400, mentioning: "key")
        expectFailure(try await put([("key", "gender"), ("value", "3")]), code: 422, mentioning: "gender")
        expectFailure(try await put([("key", "nickname"), ("value", "  ")]), code: 422, mentioning: "nickname")
        expectFailure(try await put([("key", "avatar"), ("value", "javascript:alert(1)")]), code: 422, mentioning: "avatar")
        expectFailure(try await put([("city", "上海"), ("createTime", "2015-01-01 00:00:00")]), code: 422, mentioning: "read-only")
        let profile = try await client.get("/app/user/\(user.uid)", token: user.token)
        #expect(profile.data["city"]?.stringValue == "", "no refused update wrote anything")
        #expect(profile.data["gender"]?.intValue == 0)
        #expect(profile.data["email"]?.stringValue == "owner@maka.im")
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
        expectFailure(try await create([("title", "t"), ("templateId", "424242")]), code: 404, mentioning: "template")
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
