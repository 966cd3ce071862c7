import Testing
import Wire

/// The 16 routes of the captured route table (seed 004), each sent as its `MKAPIClient`
/// (AFNetworking with the default form serializer against `http://api.maka.im`) sends it, the
/// token as a request parameter, and each answer checked for the shape of WIRE.md §4.3: ids in
/// the formats of §1.8, the login answer read by `loginWithEmail:password:` (`data.uid`
/// `intValue`, `data.token`), and the five keys `MKPublicEventItem (Event)` reads.
@Suite struct MakaRouteTableRequestCoverageTests {
    let server: MakaTestServer
    var port: Int { server.port }

    init() async throws {
        server = try await MakaTestServer(seeded: true)
    }

    private func get(_ path: String, _ parameters: [(String, String)] = []) async throws -> MakaWireAnswer {
        try await MakaWireRequest.get(path, parameters, headers: MakaWireRequest.routeTableHeaders).send(to: port)
    }

    private func form(_ method: String, _ path: String, _ parameters: [(String, String)]) async throws -> MakaWireAnswer {
        try await MakaWireRequest.form(method, path, parameters, headers: MakaWireRequest.routeTableHeaders).send(to: port)
    }

    @Test func theUserAndEventRoutesAnswerInTheirShapes() async throws {
        let registered = try await form("POST", "/app/user/register", [("email", "xiaomei@163.com"), ("password", "婚礼2016ok")])
        #expect(registered.isSuccess, "\(registered.text)")
        MakaLoginWireTests.expectQTUser(registered.data, owner: true)

        let login = try await form("POST", "/app/user/login", [("email", "xiaomei@163.com"), ("password", "婚礼2016ok")])
        #expect(login.isSuccess, "\(login.text)")
        MakaLoginWireTests.expectQTUser(login.data, owner: true)
        let uid = try #require(login.data["uid"]?.intValue)
        let token = try #require(login.data["token"]?.stringValue)

        let reset = try await form("POST", "/app/user/forgetpassword", [("email", "xiaomei@163.com")])
        #expect(reset.isSuccess, "\(reset.text)")

        let profile = try await get("/app/user/\(uid)", [("token", token)])
        #expect(profile.isSuccess, "\(profile.text)")
        MakaLoginWireTests.expectQTUser(profile.data, owner: true)

        let renamed = try await form("PUT", "/app/user/\(uid)", [("key", "nickname"), ("value", "小美"), ("token", token)])
        #expect(renamed.isSuccess, "\(renamed.text)")
        #expect(renamed.data["nickname"] == .string("小美"))
        MakaLoginWireTests.expectQTUser(renamed.data, owner: true)

        let created = try await form("POST", "/app/event", [("title", "我们结婚啦"), ("templateId", "T_6QE7W9IW"), ("token", token)])
        #expect(created.isSuccess, "\(created.text)")
        let eventID = try #require(created.data["id"]?.stringValue)
        Self.expectWorkDocument(created.data, id: eventID, uid: uid)

        let edited = try await form("PUT", "/app/event/\(eventID)", [("title", "婚礼邀请函"), ("token", token)])
        #expect(edited.isSuccess, "\(edited.text)")
        #expect(edited.data["title"] == .string("婚礼邀请函"))
        Self.expectWorkDocument(edited.data, id: eventID, uid: uid)

        let published = try await form("POST", "/app/event/\(eventID)", [("token", token)])
        #expect(published.isSuccess, "\(published.text)")
        #expect(published.data["publishTime"]?.isWireString == true)
        Self.expectWorkDocument(published.data, id: eventID, uid: uid)

        let mine = try await get("/app/events", [("token", token)])
        #expect(mine.isSuccess, "\(mine.text)")
        #expect(mine.data.arrayValue?.map { $0["id"] } == [.string(eventID)])

        let feed = try await get("/app/publicEvents")
        #expect(feed.isSuccess, "\(feed.text)")
        let items = try #require(feed.data.arrayValue)
        #expect(items.count == 20)
        #expect(items.first?["id"] == .string(eventID), "a published event tops the feed")
        for item in items {
            for key in ["id", "title", "firstImgUrl", "author", "publishTime"] {
                #expect(item[key]?.isWireString == true, "MKPublicEventItem reads \(key) as NSString: \(item)")
            }
        }
        await server.stop()
    }

    @Test func theCatalogueRoutesAnswerInTheirShapes() async throws {
        for path in ["/app/specialCategories", "/app/pictureIndex", "/app/tagCategories"] {
            let answer = try await get(path)
            #expect(answer.isSuccess, "\(path): \(answer.text)")
            let items = answer.data.arrayValue ?? []
            #expect(!items.isEmpty, "\(path)")
            for item in items {
                #expect(item["id"]?.isWireInteger == true && item["name"]?.isWireString == true, "\(path): \(item)")
            }
        }
        let category = try #require(try await get("/app/specialCategories").data.arrayValue?.first?["id"]?.intValue)
        let templates = try await get("/app/templates", [("categoryId", "\(category)")])
        #expect(templates.isSuccess, "\(templates.text)")
        #expect(templates.data.arrayValue?.count == 20)
        templates.data.arrayValue?.forEach { MakaStoreRouteTests.expectStoreItem($0) }

        let template = try await get("/app/template/T_6QE7W9IW")
        #expect(template.isSuccess, "\(template.text)")
        #expect(template.data["id"] == .string("T_6QE7W9IW"))
        #expect(template.data["pdata"]?["json"]?.arrayValue?.isEmpty == false, "the template has pages")
        #expect(template.data["pdata"]?["music"]?.arrayValue != nil)

        let gallery = try #require(try await get("/app/pictureIndex").data.arrayValue?.first?["id"]?.intValue)
        let pictures = try await get("/app/pictures", [("categoryId", "\(gallery)")])
        #expect(pictures.isSuccess, "\(pictures.text)")
        let list = try #require(pictures.data.arrayValue)
        #expect(!list.isEmpty)
        for picture in list {
            let id = picture["id"]?.stringValue ?? ""
            #expect(id.count == 20 && id.allSatisfy { $0.isNumber || ("A"..."Z").contains($0) }, "picture id \(id)")
            #expect(picture["url"]?.isWireString == true && picture["thumb"]?.isWireString == true)
        }
        await server.stop()
    }

    /// A Work document (WIRE.md §4.2): the 8-character id, `uid` as text, the viewer and QR-code
    /// URLs built from the id, and the pages as `pdata {json, music}`.
    static func expectWorkDocument(_ data: JSON, id: String, uid: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(id.count == 8 && id.allSatisfy { $0.isNumber || ("A"..."Z").contains($0) }, "event id \(id)",
                sourceLocation: sourceLocation)
        #expect(data["uid"] == .string(String(uid)), sourceLocation: sourceLocation)
        #expect(data["url"] == .string("http://viewer.maka.im/k/\(id)"), sourceLocation: sourceLocation)
        #expect(data["QRcodeImg"] == .string("http://img1.maka.im/qrcode/\(id).png"), sourceLocation: sourceLocation)
        #expect(data["pdata"]?["json"]?.arrayValue != nil && data["pdata"]?["music"]?.arrayValue != nil,
                sourceLocation: sourceLocation)
        for key in ["title", "thumb", "content", "p_version"] {
            #expect(data[key]?.isWireString == true, "\(key)", sourceLocation: sourceLocation)
        }
    }
}
