import Testing
import APIRoutes
import Wire
import TestSupport

/// Paging edges and filters on the seeded database (151 public events, 430 templates, 273 pictures).
@Suite struct MakaPagingTests {
    let server: MakaTestServer
    let client: MakaClient

    init() async throws {
        server = try await MakaTestServer(seeded: true)
        client = MakaClient(server: server)
    }

    private func page(_ reply: MakaReply) -> [String: Int] {
        var result: [String: Int] = [:]
        for key in ["index", "size", "total"] { result[key] = reply.page?[key]?.intValue }
        result["hasMore"] = reply.page?["hasMore"] == .bool(true) ? 1 : 0
        return result
    }

    @Test func publicEventsDefaultToTheFirstTwentyNewestFirst() async throws {
        let first = try await client.get("/app/publicEvents")
        #expect(first.code == 200)
        #expect(page(first) == ["index": 1, "size": 20, "total": 151, "hasMore": 1])
        #expect(first.items.count == 20)
        let times = first.items.compactMap { $0["publishTime"]?.stringValue }
        #expect(times == times.sorted(by: >))
        for item in first.items {
            for field in ["id", "title", "firstImgUrl", "author", "publishTime"] {
                #expect(item[field] != nil, "\(field) missing")
            }
        }
    }

    @Test func walkingEveryPageVisitsEachEventOnce() async throws {
        var seen: [String] = []
        var index = 1
        while true {
            let reply = try await client.get("/app/publicEvents?page=\(index)&pageSize=33")
            seen += reply.items.compactMap { $0["id"]?.stringValue }
            if reply.page?["hasMore"] != .bool(true) { break }
            index += 1
        }
        #expect(index == 5)
        #expect(seen.count == 151)
        #expect(Set(seen).count == 151)
        let last = try await client.get("/app/publicEvents?page=5&pageSize=33")
        #expect(last.items.count == 19)
        #expect(page(last) == ["index": 5, "size": 33, "total": 151, "hasMore": 0])
    }

    @Test func pastTheEndIsEmptyAndTheLargestValuesWork() async throws {
        let beyond = try await client.get("/app/publicEvents?page=9&pageSize=20")
        #expect(beyond.code == 200)
        #expect(beyond.items.isEmpty)
        #expect(page(beyond) == ["index": 9, "size": 20, "total": 151, "hasMore": 0])
        let lastPartial = try await client.get("/app/publicEvents?page=8&pageSize=20")
        #expect(lastPartial.items.count == 11)
        #expect(lastPartial.page?["hasMore"] == .bool(false))
        let far = try await client.get("/app/publicEvents?page=999999999&pageSize=100")
        #expect(far.code == 200)
        #expect(far.items.isEmpty)
        let hundred = try await client.get("/app/publicEvents?pageSize=100")
        #expect(hundred.items.count == 100)
        let one = try await client.get("/app/publicEvents?page=151&pageSize=1")
        #expect(one.items.count == 1)
        #expect(one.page?["hasMore"] == .bool(false))
    }

    @Test func badPagingValuesAreBusiness422() async throws {
        for query in ["page=0", "page=-1", "page=1.5", "page=abc", "page=", "page=%201", "page=1000000000",
                      "pageSize=0", "pageSize=101", "pageSize=20x", "pageSize=", "page=99999999999999999999"] {
            for path in ["/app/publicEvents", "/app/templates", "/app/pictures"] {
                let reply = try await client.get("\(path)?\(query)")
                #expect(reply.status == 200, "\(path)?\(query)")
                #expect(reply.code == 422, "\(path)?\(query): \(reply.text)")
                #expect(reply.message.contains(query.hasPrefix("pageSize") ? "pageSize" : "page"))
            }
        }
        let user = try await client.register("pager@maka.im")
        #expect(try await client.get("/app/events?pageSize=500", token: user.token).code == 422)
        #expect(try await client.get("/app/publicEvents").code == 200, "the server keeps serving")
    }

    /// The list routes read a query that needs no decoding in place and decode any other: the
    /// same names give the same page either way, the first of a repeated name counts, a name
    /// without `=` is empty, and a form body's fields win over the query as on every route.
    @Test func plainAndDecodedQueriesReadTheSamePage() async throws {
        let plain = try await client.get("/app/publicEvents?page=2&pageSize=3")
        #expect(page(plain) == ["index": 2, "size": 3, "total": 151, "hasMore": 1])
        for path in ["/app/publicEvents?pa%67e=2&pageSize=3", "/app/publicEvents?page=2&pageSize=3&q=a+b",
                     "/app/publicEvents?&&page=2&page=5&pageSize=3&", "/app/publicEvents?tagId=&pageSize=3&page=2"] {
            let reply = try await client.get(path)
            #expect(reply.body == plain.body, "\(path): \(reply.text)")
        }
        let unnamed = try await client.get("/app/publicEvents?pageSize&page=2")
        #expect(unnamed.code == 422 && unnamed.message.contains("pageSize"), "\(unnamed.text)")

        let templates = try await client.get("/app/templates?categoryId=1&page=2&pageSize=4")
        #expect(templates.items.count == 4)
        #expect(try await client.get("/app/templates?categ%6FryId=1&page=2&pageSize=4").body == templates.body)

        let bodied = try await RawHTTPClient.exchangeUntilClose(
            port: server.port, "GET", "/app/publicEvents?page=5&pageSize=3",
            headers: [("Content-Type", "application/x-www-form-urlencoded")], body: Array("page=2".utf8), timeout: 10)
        #expect(bodied.status == 200)
        #expect(bodied.body == Array(plain.body), "the body's page wins: \(bodied.text)")
        #expect(try await client.get("/app/publicEvents?page=2&pageSize=3").body == plain.body, "the server keeps serving")
    }

    @Test func tagFilterHasItsOwnTotals() async throws {
        let tags = try await client.get("/app/tagCategories")
        #expect(tags.items.count == 10)
        var sum = 0
        for tag in tags.items {
            let id = try #require(tag["id"]?.intValue)
            let count = try #require(tag["eventCount"]?.intValue)
            let reply = try await client.get("/app/publicEvents?tagId=\(id)&pageSize=100")
            #expect(reply.page?["total"]?.intValue == count)
            #expect(reply.items.count == count)
            #expect(reply.items.allSatisfy { $0["tagId"]?.intValue == id })
            sum += count
        }
        #expect(sum == 151)
    }

    @Test func templatesAndPicturesPageByCategory() async throws {
        let categories = try await client.get("/app/specialCategories")
        #expect(categories.items.count == 10)
        #expect(categories.items.first?["name"]?.stringValue == "婚礼请柬")
        let all = try await client.get("/app/templates?page=4")
        #expect(page(all) == ["index": 4, "size": 20, "total": 430, "hasMore": 1])
        #expect(all.items.count == 20)
        let wedding = try await client.get("/app/templates?categoryId=1")
        #expect(wedding.page?["total"]?.intValue == categories.items.first?["templateCount"]?.intValue)
        #expect(wedding.items.allSatisfy { $0["categoryId"]?.intValue == 1 && $0["pages"] == nil })
        for id in ["T_6QE7W9IW", "T_7VFY5VFN", "T_I3WY4G81"] {
            let pages = try await client.get("/app/template/\(id)").data["pdata"]?["json"]?.arrayValue ?? []
            #expect((3...8).contains(pages.count), "template \(id)")
        }
        let index = try await client.get("/app/pictureIndex")
        #expect(index.items.count == 12)
        #expect(index.items.compactMap { $0["pictureCount"]?.intValue }.reduce(0, +) == 273)
        let gallery = try #require(index.items.first { ($0["pictureCount"]?.intValue ?? 0) > 20 })
        let id = try #require(gallery["id"]?.intValue)
        let second = try await client.get("/app/pictures?categoryId=\(id)&page=2")
        #expect(second.items.count == (gallery["pictureCount"]?.intValue ?? 0) - 20)
        #expect(second.page?["hasMore"] == .bool(false))
        #expect(second.items.allSatisfy { item in
            let id = item["id"]?.stringValue ?? ""
            return id.count == 20 && id.allSatisfy { ("0"..."9").contains($0) || ("A"..."Z").contains($0) }
        }, "picture ids are 20 characters [0-9A-Z] (WIRE.md §1.8)")
        #expect(try await client.get("/app/pictures?pageSize=100&page=3").items.count == 73)
    }

    /// The list answers are written by hand, item by item: byte for byte what the JSON writer
    /// makes of the same document (compact, `code`, `msg`, `data`, `page` and the page's `index`,
    /// `size`, `total`, `hasMore` in that order), full, partial, empty and filtered pages alike.
    @Test func listAnswersAreTheJSONWritersBytes() async throws {
        let user = try await client.register("lister@maka.im")
        for title in ["第一", "第二", "第三"] { _ = try await client.createEvent(title, token: user.token) }
        let paths = ["/app/publicEvents", "/app/publicEvents?page=8&pageSize=20", "/app/publicEvents?page=9",
                     "/app/publicEvents?tagId=1&pageSize=7&page=2", "/app/templates?page=3&pageSize=5",
                     "/app/templates?categoryId=1", "/app/pictures?page=2&pageSize=3", "/app/events?pageSize=2",
                     "/app/events?page=5"]
        for path in paths {
            let reply = try await client.get(path, token: user.token)
            #expect(reply.code == 200, "\(path): \(reply.text)")
            #expect(Array(reply.body) == reply.json.encoded(), "\(path): \(reply.text)")
            #expect(reply.text.hasPrefix(#"{"code":200,"msg":"ok","data":["#), "\(path)")
            #expect(reply.text.contains(#"],"page":{"index":"#), "\(path)")
        }
    }

    /// Templates, pictures, a user's events and the store's page are written member by member
    /// (WIRE.md §4.2): each keeps the keys, and their order, that its `JSON` tree had.
    @Test func writtenItemsKeepTheirMembersInOrder() async throws {
        let user = try await client.register("order@maka.im")
        _ = try await client.createEvent("顺序", token: user.token)
        let template = ["id", "title", "price", "discount", "sale_number", "firstImg", "QRcodeImg", "author",
                        "categoryId", "pageCount", "useCount", "createTime"]
        let shared = ["p_version", "functionId", "industryId", "functionTag", "industryTag", "pdata", "thumbPosition"]
        let expected: [(path: String, keys: [String])] = [
            ("/app/templates?pageSize=1", template),
            ("/app/pictures?pageSize=1", ["id", "categoryId", "title", "url", "thumb", "width", "height"]),
            ("/app/events?pageSize=1", ["id", "uid", "title", "thumb", "firstImgUrl", "author", "templateId", "tagId",
                                        "status", "publishTime", "createTime", "updateTime", "url", "QRcodeImg",
                                        "content"] + shared + ["pageCount"]),
        ]
        for (path, keys) in expected {
            let item = try #require(try await client.get(path, token: user.token).items.first, "\(path)")
            #expect(item.objectValue?.map(\.key) == keys, "\(path)")
        }
        let store = try await client.get("/api/storeTemplates?perPage=1")
        #expect(store.data.objectValue?.map(\.key) == ["cateId", "perPage", "pageNumber", "total", "dataList"])
        #expect(store.data["dataList"]?.arrayValue?.first?.objectValue?.map(\.key) == template)
        let document = try await client.get("/app/template/T_6QE7W9IW")
        #expect(document.data.objectValue?.map(\.key) == template + ["thumb", "content", "url"] + shared)
        #expect(document.data["pdata"]?.objectValue?.map(\.key) == ["json", "music"])
    }
}
