import Testing
import TestSupport
import Wire

/// The store routes the public clients call (WIRE.md §4.5), sent as they send them.
@Suite struct MakaStoreRouteTests {
    let server: MakaTestServer
    let client: MakaClient

    init() async throws {
        server = try await MakaTestServer(seeded: true)
        client = MakaClient(server: server)
    }

    /// QT `BuyTemplateMainVC.m` → `CategoryItem.m` binds `ID ← id` (NSInteger) and `name`; the
    /// ids are the `cateId`s of the store and the ids of `specialCategories`.
    @Test func categoryAppListsIntegerIdsAndNamesLikeSpecialCategories() async throws {
        let reply = try await client.send("GET", "/app/categoryApp?timestamp=1474272000000", headers: MakaLoginWireTests.qtHeaders)
        #expect(reply.code == 200, "\(reply.text)")
        #expect(reply.items.count == 10)
        for item in reply.items {
            #expect(item["id"]?.isWireInteger == true)
            #expect(item["name"]?.isWireString == true)
            #expect(item["name"]?.stringValue?.isEmpty == false)
        }
        let special = try await client.get("/app/specialCategories")
        #expect(reply.items.map { $0["id"]?.intValue } == special.items.map { $0["id"]?.intValue })
        #expect(reply.items.first?["name"]?.stringValue == "婚礼请柬")
    }

    /// Every field QT's `StoreTemplateItem` and FP's `DemoModel` read, with the type they need.
    static func expectStoreItem(_ item: JSON, sourceLocation: SourceLocation = #_sourceLocation) {
        let id = item["id"]?.stringValue ?? ""
        #expect(MakaTemplateIDFormat.matches(id), "id \(id)", sourceLocation: sourceLocation)
        for key in ["title", "price", "discount", "sale_number", "firstImg", "QRcodeImg", "author"] {
            #expect(item[key]?.isWireString == true, "\(key) is a string", sourceLocation: sourceLocation)
        }
        #expect(Double(item["price"]?.stringValue ?? "") != nil, "price is numeric text", sourceLocation: sourceLocation)
        #expect(Int(item["discount"]?.stringValue ?? "") != nil, sourceLocation: sourceLocation)
        #expect(Int(item["sale_number"]?.stringValue ?? "") != nil, sourceLocation: sourceLocation)
        #expect(item["QRcodeImg"]?.stringValue == "http://img1.maka.im/qrcode/\(id).png", sourceLocation: sourceLocation)
    }

    /// QT `BuyTemplateContentVC.m`: `cateId`, `pageNumber` from 0 then `++`, `perPage=20`; reads `data.dataList`.
    @Test func qtPagesThroughApiStoreTemplatesFromPageZero() async throws {
        var seen: [String] = []
        var pageNumber = 0
        while true {
            let reply = try await client.send("GET", "/api/storeTemplates?cateId=1&pageNumber=\(pageNumber)&perPage=20&timestamp=1474272000000",
                                              headers: MakaLoginWireTests.qtHeaders)
            #expect(reply.code == 200, "\(reply.text)")
            let list = try #require(reply.data["dataList"]?.arrayValue)
            if list.isEmpty { break }
            list.forEach { Self.expectStoreItem($0) }
            seen += list.compactMap { $0["id"]?.stringValue }
            #expect(reply.data["total"]?.intValue == 43)
            #expect(reply.data["pageNumber"]?.intValue == pageNumber)
            pageNumber += 1
        }
        #expect(pageNumber == 3)
        #expect(seen.count == 43 && Set(seen).count == 43)
        #expect(seen.contains("T_6QE7W9IW"))
    }

    /// FP's exact wire target (WIRE.md §4.1), over a raw socket: `//app/…?&…`, no `perPage`,
    /// the literal `pageNumber=20`; FP binds `cateId` and `perPage` as strings.
    @Test func fpsExactTargetRoutesAsAppStoreTemplatesAndIsNotEmpty() async throws {
        let raw = try await RawHTTPClient.exchangeUntilClose(
            port: server.port, "GET", "//app/storeTemplates?&cateId=-1&order=&pageNumber=20&timestamp=1474272000000.000000", timeout: 10)
        #expect(raw.status == 200)
        let data = try #require(try JSON.parse(Array(raw.text.utf8))["data"])
        #expect(data["cateId"] == .string("-1"))
        #expect(data["perPage"] == .string("20"))
        #expect(data["total"]?.intValue == 430)
        let list = try #require(data["dataList"]?.arrayValue)
        #expect(list.count == 20, "templates 401–420 of 430")
        list.forEach { Self.expectStoreItem($0) }
        #expect(list.allSatisfy { $0["author"]?.stringValue?.isEmpty == false })

        let past = try await client.get("/app/storeTemplates?cateId=-1&pageNumber=99")
        #expect(past.data["dataList"]?.arrayValue == [])
        expectFailure(try await client.get("/app/storeTemplates?cateId=999"), code: 404, mentioning: "category")
        expectFailure(try await client.get("/app/storeTemplates?pageNumber=-1"), code: 422, mentioning: "pageNumber")
    }

    /// QT `TemplatePreviewVC.m`: `buyTemplate/status/{id}?templateId=…&token=…&uid=…&timestamp=…`, `boolValue`.
    @Test func buyTemplateStatusNeedsATokenAndTellsFreeFromPaid() async throws {
        let session = try await client.login(MakaLoginWireTests.qtEmail, password: MakaLoginWireTests.qtPassword)
        let list = try await client.get("/app/storeTemplates?cateId=-1&perPage=100").data["dataList"]?.arrayValue ?? []
        let free = try #require(list.first { $0["price"]?.stringValue == "0.00" }?["id"]?.stringValue)
        let paid = try #require(list.first { $0["price"]?.stringValue != "0.00" }?["id"]?.stringValue)
        func status(_ id: String, token: String?) async throws -> MakaReply {
            var target = "/app/buyTemplate/status/\(id)?templateId=\(id)&timestamp=1474272000000"
            if let token { target += "&token=\(token)&uid=\(session.uid)" }
            return try await client.send("GET", target, headers: MakaLoginWireTests.qtHeaders)
        }
        #expect(try await status(free, token: session.token).data["status"] == .bool(true))
        #expect(try await status(paid, token: session.token).data["status"] == .bool(false))
        expectFailure(try await status(free, token: nil), code: 401, mentioning: "token")
        expectFailure(try await status("T_ZZZZZZZZ", token: session.token), code: 404, mentioning: "T_ZZZZZZZZ")
        expectFailure(try await status("101", token: session.token), code: 404, mentioning: "101")
    }

    /// Every one of the 430 seeded templates opens as a Work document whose `pdata.json` holds
    /// its `pageCount` pages in Maka's element format: numbers as text, `animationVersion` a number.
    @Test func everySeededTemplateHasADocumentOfMakaPages() async throws {
        var ids: [String] = []
        for page in 0..<5 {
            let list = try await client.get("/app/storeTemplates?cateId=-1&perPage=100&pageNumber=\(page)")
            ids += (list.data["dataList"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
        }
        #expect(ids.count == 430)
        for id in ids {
            let document = try await client.get("/app/template/\(id)").data
            let pages = document["pdata"]?["json"]?.arrayValue ?? []
            #expect(!pages.isEmpty && pages.count == document["pageCount"]?.intValue, "\(id) has its pages")
            for element in pages.flatMap({ $0["content"]?.arrayValue ?? [] }) {
                #expect(["ptext", "pic"].contains(element["type"]?.stringValue ?? ""), "\(id): \(element)")
                #expect(element["left"]?.isWireString == true && element["animationVersion"]?.isWireInteger == true,
                        "\(id): numbers are text, animationVersion a number")
            }
        }
    }

    @Test func aTemplateIsAWorkDocumentWithItsPagesInPdata() async throws {
        let reply = try await client.get("/app/template/T_6QE7W9IW")
        #expect(reply.code == 200, "\(reply.text)")
        Self.expectStoreItem(reply.data)
        #expect(reply.data["url"]?.stringValue == "http://viewer.maka.im/k/T_6QE7W9IW")
        for key in ["p_version", "functionId", "industryId", "functionTag", "industryTag", "content", "thumb"] {
            #expect(reply.data[key]?.isWireString == true, "\(key) as in QT's data.json")
        }
        #expect((reply.data["pdata"]?["json"]?.arrayValue?.count ?? 0) >= 3)
        #expect(reply.data["pdata"]?["music"]?.arrayValue == [])
        let page = try #require(reply.data["pdata"]?["json"]?.arrayValue?.first)
        for key in ["bgpic", "bgcolor", "effect", "justShoweffect", "thumbnail", "bgpicwidth", "opacity"] {
            #expect(page[key]?.isWireString == true, "page \(key) is a string")
        }
        let element = try #require(page["content"]?.arrayValue?.first)
        for key in ["type", "left", "top", "w", "h", "rotate", "opacity", "key", "con"] {
            #expect(element[key]?.isWireString == true, "element \(key) is a string")
        }
        #expect(element["animationVersion"]?.isWireInteger == true)
        #expect(element["editable"] == .bool(true))
        #expect(element["elementAnimations"]?["animation_in"]?["delay"]?.doubleValue != nil)
        expectFailure(try await client.get("/app/template/T_6qe7w9iw"), code: 404, mentioning: "template")
        let viaAPI = try await client.get("/api/storeTemplate/T_6QE7W9IW?dataType=pdata&v=107")
        #expect(viaAPI.json == reply.json, "QT's commented-out form answers the same document")
    }
}

/// `T_` + 8 characters `[0-9A-Z]` (WIRE.md §1.8).
enum MakaTemplateIDFormat {
    static func matches(_ id: String) -> Bool {
        id.count == 10 && id.hasPrefix("T_") && id.dropFirst(2).allSatisfy { ("0"..."9").contains($0) || ("A"..."Z").contains($0) }
    }
}

/// Public events and works carry the clients' 8-character ids and the URLs derived from them.
@Suite struct MakaEventIDTests {
    @Test func qtsBundledEventIsPublicWithItsIdAndUrls() async throws {
        let server = try await MakaTestServer(seeded: true)
        let client = MakaClient(server: server)
        var found: JSON?
        for page in 1...8 where found == nil {
            let reply = try await client.get("/app/publicEvents?page=\(page)&pageSize=20")
            for item in reply.items {
                let id = item["id"]?.stringValue ?? ""
                #expect(id.count == 8 && id.allSatisfy { ("0"..."9").contains($0) || ("A"..."Z").contains($0) }, "id \(id)")
                for key in ["title", "firstImgUrl", "author", "publishTime", "thumb", "url", "QRcodeImg"] {
                    #expect(item[key]?.isWireString == true, "\(key)")
                }
                if id == "YWEXMMMH" { found = item }
            }
        }
        let event = try #require(found)
        #expect(event["uid"]?.intValue == 1999139)
        #expect(event["url"]?.stringValue == "http://viewer.maka.im/k/YWEXMMMH")
        #expect(event["QRcodeImg"]?.stringValue == "http://img1.maka.im/qrcode/YWEXMMMH.png")
        expectFailure(try await client.send("PUT", "/app/event/120001", form: [("title", "x")]), code: 401, mentioning: "token")
        await server.stop()
    }

    /// `POST /app/event` with `pdata` as JSON text in Maka's document format (WIRE.md §4.2, §4.3).
    @Test func aWorkIsCreatedAndEditedWithPdata() async throws {
        let server = try await MakaTestServer(seeded: true)
        let client = MakaClient(server: server)
        let session = try await client.login(MakaLoginWireTests.qtEmail, password: MakaLoginWireTests.qtPassword)
        let page = ##"{"bgcolor":"#ffffff","effect":"cubedown","content":[{"type":"ptext","con":"我们结婚啦","left":"12.000000","top":"-127.869373","opacity":"0.7","editable":true,"elementAnimations":{"animation_in":{"show":"moveDown","speed":"1.25","delay":0.3}}}]}"##
        let pdata = #"{"json":["# + page + #"],"music":[]}"#
        let created = try await client.send("POST", "/app/event", form: [("title", "我的MAKA作品"), ("pdata", pdata)], token: session.token)
        #expect(created.code == 200, "\(created.text)")
        #expect(created.data["pdata"]?["json"]?.arrayValue == [try JSON.parse(page)], "numbers stay as the strings sent")
        #expect(created.data["uid"] == .string("1999139"))
        #expect(created.data["p_version"] == .string("2") && created.data["thumbPosition"]?.arrayValue == [])
        #expect(created.data["content"] == .string("我的MAKA作品"), "the share text starts as the title")
        let id = try #require(created.data["id"]?.stringValue)
        let edited = try await client.send("PUT", "/app/event/\(id)", form: [("key", "pdata"), ("value", #"{"json":[],"music":[]}"#)], token: session.token)
        #expect(edited.data["pdata"]?["json"]?.arrayValue == [])
        let shared = try await client.send("PUT", "/app/event/\(id)", form: [("key", "content"), ("value", "快来看看我的新作品！")],
                                           token: session.token)
        #expect(shared.data["content"] == .string("快来看看我的新作品！"))
        #expect(shared.data["title"] == .string("我的MAKA作品"))
        let mine = try await client.get("/app/events", token: session.token)
        #expect(mine.items.first { $0["id"] == .string(id) }?["content"] == .string("快来看看我的新作品！"), "stored, and read back")
        expectFailure(try await client.send("PUT", "/app/event/\(id)", form: [("content", String(repeating: "长", count: 501))],
                                            token: session.token), code: 422, mentioning: "content")
        #expect(try await client.get("/app/events", token: session.token).items.first { $0["id"] == .string(id) }?["content"]
                == .string("快来看看我的新作品！"), "a refused change wrote nothing")
        expectFailure(try await client.send("POST", "/app/event", form: [("title", "t"), ("pdata", "[1]")], token: session.token),
                      code: 422, mentioning: "pdata")
        await server.stop()
    }
}
