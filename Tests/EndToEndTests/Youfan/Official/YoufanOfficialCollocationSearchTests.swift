import Testing
import TestSupport
import Wire

/// The SOA generation's collocation lists as the app sends them: the search screen's POST (MB
/// `MBController/Search/CollocationSearchController.m`: `keyWord`, `sortInfo` `{"sortField":1|2}`,
/// `pageIndex` from 1, `pageSize` 10, through `quickPost` with no token), the tag screen's GET
/// (`UI/V2UI/Home/TagDetailViewController.m`: `tagId`, `pageIndex`, `pageSize` 20) and a collocation
/// cell's counts (`UI/View/Collocation/CollocationTableViewCell.m`: `sourceId`). On the community
/// suite's server: a post leads every feed, which the shared server's suites count.
@Suite struct YoufanOfficialCollocationSearchTests {
    let app: YoufanOfficialApp

    init() async throws { app = YoufanOfficialApp(baseURL: try await YoufanOfficialCommunityTests.server.value.baseURL) }

    func search(_ keyword: String, sortField: Int, pageIndex: Int = 1, pageSize: Int = 10) async throws -> YoufanAppClient.Answer {
        try await app.postWithoutToken("Collocation", "CollocationSearchFilter", [
            ("sortInfo", #"{"sortField":\#(sortField)}"#), ("keyWord", keyword),
            ("pageIndex", String(pageIndex)), ("pageSize", String(pageSize))])
    }

    static func ids(_ answer: YoufanAppClient.Answer) -> [String] {
        answer.results.compactMap { $0["collocationInfo"]?["id"]?.intValue.map(String.init) }
    }

    @Test func theSearchFindsTextAndAuthorsNewestOrMostLikedFirst() async throws {
        let seeded = try await search("工装", sortField: 1)
        #expect(seeded.httpStatus == 200 && seeded.json["isSuccess"] == 1 && Self.ids(seeded).contains("7040"),
                "\(seeded.json.encodedString())")
        let row = try #require(seeded.results.first { $0["collocationInfo"]?["id"] == 7040 })
        #expect(row["collocationInfo"]?["description"] == "工装风回归,口袋越多越好" && row["collocationInfo"]?["userId"] == "300103")
        #expect(row["userPublicEntity"]?["headPortrait"] == "http://img.funwear.com/avatar/c3.jpg")

        let nickName = "搜索者\(YoufanOfficialJourneyTests.newUserID())"
        let author = try await app.signedIn(userID: YoufanOfficialJourneyTests.newUserID(), nickName: nickName)
        for text in ["早一篇", "晚一篇"] {
            let published = try await author.post("Collocation", "pushUserCollocationV2", YoufanOfficialCommunityTests.publishForm(text))
            #expect(published.status == 1, "\(published.json.encodedString())")
        }
        let posts = try await author.get("Mine", "getMyCollocationList").list.compactMap { $0["id"]?.stringValue }
        #expect(posts.count == 2)
        let (newer, older) = (posts[0], posts[1])
        let fan = try await app.signedIn(userID: YoufanOfficialJourneyTests.newUserID(), nickName: "点赞")
        #expect(try await fan.get("Collocation", "likeCollocation", [("cid", older)]).status == 1)

        let newest = try await search(nickName, sortField: 1)
        #expect(Self.ids(newest) == [newer, older] && newest.json["total"] == 2, "by the author's nickname, newest first")
        let liked = try await search(nickName, sortField: 2)
        #expect(Self.ids(liked) == [older, newer], "点赞数: the liked one first")
        #expect(liked.results.first?["collocationInfo"]?["favoriteCount"] == 1)
        let second = try await search(nickName, sortField: 1, pageIndex: 2, pageSize: 1)
        #expect(Self.ids(second) == [older] && second.json["total"] == 2, "pageIndex counts from 1")
        #expect(Self.ids(try await search("晚一篇", sortField: 1)).contains(newer), "by the text")
    }

    @Test func aTagListsTheCollocationsCarryingIt() async throws {
        let tagged = try await app.get("WXSC_Collocation", "CollocationSimilarFilter",
                                       [("pageIndex", "1"), ("pageSize", "20"), ("tagId", "160301076")])
        #expect(tagged.json["isSuccess"] == 1 && Self.ids(tagged).contains("7040"), "\(tagged.json.encodedString())")
        #expect(tagged.json["total"]?.intValue == tagged.results.count)
        let none = try await app.get("WXSC_Collocation", "CollocationSimilarFilter", [("pageIndex", "1"), ("tagId", "999999999")])
        #expect(none.json["isSuccess"] == 1 && none.results.isEmpty && none.json["total"] == 0)
    }

    @Test func aCellsCountsMoveWithLikes() async throws {
        let id = "7037"
        let before = try await app.get("WXSC_Collocation", "WxCollocationStatisticsFilter", [("sourceId", id)])
        #expect(before.json["isSuccess"] == 1, "\(before.json.encodedString())")
        let likes = try #require(before.json["statisticsInfo"]?["favoritCount"]?.intValue)
        #expect(before.json["statisticsInfo"]?["sharedCount"] == 0 && before.json["statisticsInfo"]?["commentCount"] != nil)
        let fan = try await app.signedIn(userID: YoufanOfficialJourneyTests.newUserID(), nickName: "计数")
        #expect(try await fan.get("Collocation", "likeCollocation", [("cid", id)]).status == 1)
        let after = try await app.get("WXSC_Collocation", "WxCollocationStatisticsFilter", [("sourceId", id)])
        #expect(after.json["statisticsInfo"]?["favoritCount"]?.intValue == likes + 1)
    }

    @Test func malformedCallsAreRefusedAndTheServerKeepsServing() async throws {
        let unknown = try await app.get("WXSC_Collocation", "WxCollocationStatisticsFilter", [("sourceId", "404")])
        #expect(unknown.httpStatus == 200 && unknown.json["isSuccess"] == 0 && unknown.json["message"] == "参数错误: sourceId=404 不存在"
                    && unknown.json["statisticsInfo"] == nil, "\(unknown.json.encodedString())")
        let missing = try await app.get("WXSC_Collocation", "CollocationSimilarFilter", [("pageIndex", "1")])
        #expect(missing.json["isSuccess"] == 0 && missing.json["message"] == "参数错误或者未定义:tagId")
        let broken = try await app.postWithoutToken("Collocation", "CollocationSearchFilter",
                                                    [("sortInfo", "{"), ("keyWord", "工装"), ("pageIndex", "1")])
        #expect(broken.httpStatus == 200 && broken.json["isSuccess"] == 0 && broken.json["message"] == "参数错误: sortInfo 不是合法的 JSON",
                "\(broken.json.encodedString())")
        #expect(Self.ids(try await search("工装", sortField: 1)).contains("7040"), "the server keeps serving")
    }
}
