import Testing
import Wire

/// The inspiration (灵感) tabs as TK, SP and HC request them, over real sockets: the literal URLs
/// of TK `utils/UrlContants.java` (`LG_1`…`LG_11`), SP's tab ids, HC's paging from 1, and every
/// field their beans bind with the JSON type the parser needs (SP `bean/LingGanZiXun.java`).
@Suite struct YoufanInspirationClientTests {
    static let shared = YoufanTestServer.forSuite()
    let server: YoufanTestServer

    init() async throws { server = try await Self.shared.value }

    /// TK's literal URLs, host removed; the literal spaces (`pageIndex=1 &aid=95`, `& aid=2245`)
    /// leave the Android client percent-encoded.
    static let tkTabURLs = [
        "m=Special&a=getSpecialListForInsp&osCode=android&cid=4&pageIndex=0",
        "m=Special&a=getSpecialListForInsp&osCode=android&cid=4&pageIndex=1&aid=101",
        "m=Special&a=getSpecialListForInsp&osCode=android&cid=4&pageIndex=1&aid=103",
        "m=Special&a=getSpecialListForInsp&osCode=android&cid=4&pageIndex=1%20&aid=95",
        "m=Special&a=getSpecialListForInsp&osCode=android&cid=4&pageIndex=1%20&aid=2243",
        "m=Special&a=getSpecialListForInsp&osCode=android&cid=4&pageIndex=1&%20aid=2245",
        "m=Special&a=getSpecialListForInsp&osCode=android&cid=4&pageIndex=1&aid=94",
        "m=Special&a=getSpecialListForInsp&osCode=android&cid=4&pageIndex=1&aid=100",
        "m=Special&a=getSpecialListForInsp&osCode=android&cid=4&pageIndex=1&aid=96",
        "m=Special&a=getSpecialListForInsp&osCode=android&cid=4&pageIndex=1&aid=99",
        "m=Special&a=getSpecialListForInsp&osCode=android&cid=4&pageIndex=1&aid=2733",
        "m=Special&a=getSpecialListForInsp&osCode=android&cid=4&pageIndex=1&aid=104",
    ]

    /// What SP's Gson bean and HC's models bind, with the types they need.
    static let specialsShape: KeyValuePairs<String, YoufanWireType> = [
        "status": .integer, "info": .string, "data": .object, "data.layoutType": .integer,
        "data.attr": .array, "data.attr.*.name": .string, "data.list": .array,
        "data.list.*.id": .digits, "data.list.*.title": .string, "data.list.*.img": .url, "data.list.*.url": .url,
        "data.list.*.product_list": .array, "data.list.*.keywords_list": .array,
    ]

    @Test func everyLiteralTabURLOfTKAnswersANonEmptyPageOfItsTab() async throws {
        var firstIDs: Set<String> = []
        for url in Self.tkTabURLs {
            let page = try await server.literal(url)
            expectWireTypes(page, Self.specialsShape, client: "TK \(url)")
            let ids = page.values(at: "data.list.*.id").compactMap(\.stringValue)
            #expect(ids.count == 10, "\(url)")
            firstIDs.insert(ids.joined(separator: ","))
        }
        #expect(firstIDs.count == Self.tkTabURLs.count)   // each tab has its own specials
    }

    @Test func attrIsExactlyTheEightTabsTheClientsMap() async throws {
        for cid in ["1", "2", "4"] {
            let page = try await server.literal("m=Special&a=getSpecialListForInsp&osCode=android&cid=\(cid)&pageIndex=0")
            let attr = page["data"]?["attr"]?.arrayValue ?? []
            #expect(attr.compactMap { $0["name"]?.stringValue } == ["全部", "实验室", "咖啡馆", "趋势", "热闻", "特辑", "生活", "健身房"])
            #expect(attr.first?["id"] == "" && attr.dropFirst().map { $0["id"]?.intValue } == [101, 103, 95, 2245, 96, 99, 104])
        }
    }

    @Test func hcWalksEveryTabFromPageOneToTheEnd() async throws {
        let hc = "_platform=1&appName=youfanguanfang&deviceId=5D3C1A2E-8B7D-4E55-9C1A-3D2F6B8E0A71&osCode=ios&osName=iPhone&osVersion=9.3&token="
        var everyTab: [Int] = []
        for pageIndex in 1... {
            let page = try await server.literal("m=Special&a=getSpecialListForInsp&pageIndex=\(pageIndex)&PageSize=10&\(hc)")
            expectWireTypes(page, ["status": .integer, "data.list": .array], client: "HC")
            let ids = page.values(at: "data.list.*.id").compactMap { $0.stringValue.flatMap { Int($0) } }
            if ids.isEmpty { break }
            everyTab += ids
        }
        #expect(everyTab.count == 121 && everyTab == everyTab.sorted(by: >))
        for tab in ["101", "2245", "2733"] {
            var ids: [Int] = []
            for pageIndex in 1... {
                let page = try await server.literal("m=Special&a=getSpecialListForInsp&pageIndex=\(pageIndex)&PageSize=10&aid=\(tab)&\(hc)")
                let found = page.values(at: "data.list.*.id").compactMap { $0.stringValue.flatMap { Int($0) } }
                if found.isEmpty { break }
                ids += found
            }
            #expect(ids.count == 11 && Set(ids).isSubset(of: Set(everyTab)), "aid=\(tab)")
        }
    }
}
