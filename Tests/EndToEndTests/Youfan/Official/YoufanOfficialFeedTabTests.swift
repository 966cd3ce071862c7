import Testing
import TestSupport
import Wire

/// The discovery page's feed tabs as the official app walks them (MB
/// `Unico/SDiscovery/SDiscoveryViewController.m`): the tab bar is `Home/getFindHomeLayoutInfo`'s
/// `pos_6.config`; a tap sends the tab's `name` as `Home/getCollocationListForMain`'s `tabstr`
/// ("全部" sends an empty one) with `page` 0 (`SDataCache getCollocationListForMain`), and
/// scrolling asks for page `(shown + 9) / 10` of the same tab (`requestAddData`). Serialized: a
/// post published under a tab while another test scrolls it would shift that tab's pages.
@Suite(.serialized) struct YoufanOfficialFeedTabTests {
    let app: YoufanOfficialApp

    init() async throws { app = try await YoufanOfficialApp.onSharedServer() }

    /// The `tabstr` of every tab the page shows, in its order.
    func tabValues() async throws -> [String] {
        let page = try await app.get("Home", "getFindHomeLayoutInfo")
        let names = (page.data?["pos_6"]?["config"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
        return names.map { $0 == "全部" ? "" : $0 }
    }

    func feed(_ tab: String, page: Int) async throws -> YoufanAppClient.Answer {
        try await app.get("Home", "getCollocationListForMain", [("page", String(page)), ("tabstr", tab)])
    }

    /// Every card of a tab, scrolled to the end as the screen does.
    func scrolled(_ tab: String) async throws -> [JSON] {
        var shown: [JSON] = []
        while true {
            let answer = try await feed(tab, page: (shown.count + 9) / 10)
            #expect(answer.status == 1, "\(answer.json.encodedString())")
            if answer.list.isEmpty { return shown }
            shown += answer.list
        }
    }

    @Test func everyStyleTabListsOnlyThePostsFiledUnderItPageByPage() async throws {
        let tabs = try await tabValues()
        #expect(tabs == ["", "最有范", "臭美妞", "骚包男", "熊孩纸", "吃不胖"])
        let everything = try await feed("", page: 0)
        #expect(everything.status == 1 && everything.list.count == 10, "全部 lists every collocation")
        var seen: Set<String> = []
        for tab in tabs where !tab.isEmpty {
            let cards = try await scrolled(tab)
            let ids = cards.compactMap { $0["id"]?.stringValue }
            #expect(cards.count > 10, "\(tab): more than one page of seeded posts, \(cards.count)")
            #expect(Set(ids).count == ids.count, "\(tab): no card twice across pages")
            #expect(cards.allSatisfy { ($0["tab_str"]?.stringValue ?? "").split(separator: ",").contains(Substring(tab)) },
                    "\(tab): only cards filed under it")
            #expect(cards.allSatisfy { $0["is_love"]?.intValue != nil && $0["like_count"]?.stringValue != nil }, "cards as the feed reads them")
            let first = try await feed(tab, page: 0).list.compactMap { $0["id"]?.stringValue }
            #expect(first == Array(ids.prefix(10)), "\(tab): the same page answers the same cards")
            seen.formUnion(ids)
        }
        #expect(Set(try await feed("最有范", page: 0).list.compactMap { $0["id"]?.stringValue })
            != Set(try await feed("臭美妞", page: 0).list.compactMap { $0["id"]?.stringValue }), "each tab answers its own list")
        #expect(seen.count >= 60, "the style tabs share out the seeded posts: \(seen.count)")
    }

    @Test func aPostIsListedUnderTheTabsItWasPublishedWith() async throws {
        let author = try await app.signedIn(userID: YoufanOfficialJourneyTests.newUserID(), nickName: "分栏")
        let published = try await author.post("Collocation", "pushUserCollocationV2",
                                               YoufanOfficialPostDetailTests.form("分栏穿搭", tabList: #"["熊孩纸","吃不胖"]"#))
        #expect(published.status == 1, "\(published.json.encodedString())")
        let id = try #require(try await author.get("Mine", "getMyCollocationList").list.first?["id"]?.stringValue)
        for tab in ["熊孩纸", "吃不胖"] {
            #expect(try await scrolled(tab).contains { $0["id"]?.stringValue == id }, "listed under \(tab)")
        }
        #expect(try await !scrolled("最有范").contains { $0["id"]?.stringValue == id }, "not under a tab it was not published with")
    }

    @Test func aTabNoPostIsFiledUnderIsAnEmptyListAndTheFeedKeepsServing() async throws {
        // One of the names the screen once listed (its commented-out `dpData`), not a tab now.
        let empty = try await feed("胖不吃", page: 0)
        #expect(empty.httpStatus == 200 && empty.status == 1 && empty.data == [], "\(empty.json.encodedString())")
        let partial = try await feed("最", page: 0)
        #expect(partial.status == 1 && partial.data == [], "a tab matches whole names only")
        #expect(try await feed("最有范", page: 0).list.count == 10)
    }
}
