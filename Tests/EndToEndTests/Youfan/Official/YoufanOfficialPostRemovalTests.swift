import Testing
import TestSupport
import Wire

/// Deleting a post (`Collocation/delCollocationInfo`, MB `Unico/SData/SDataCache.m`) takes its
/// likes and comments with it: a later post may get the freed id, and must not inherit them.
/// On the community suite's own server, where posts do not disturb the shared feeds.
@Suite struct YoufanOfficialPostRemovalTests {
    let app: YoufanOfficialApp

    init() async throws { app = YoufanOfficialApp(baseURL: try await YoufanOfficialCommunityTests.server.value.baseURL) }

    @Test func aDeletedPostTakesItsLikesAndCommentsWithIt() async throws {
        let author = try await app.signedIn(userID: YoufanOfficialJourneyTests.newUserID(), nickName: "删帖者")
        let published = try await author.post("Collocation", "pushUserCollocationV2",
                                               YoufanOfficialCommunityTests.publishForm("将被删除"))
        #expect(published.status == 1)
        let id = try #require(try await author.get("Mine", "getMyCollocationList").list.first?["id"]?.stringValue)

        let fanID = YoufanOfficialJourneyTests.newUserID()
        let fan = try await app.signedIn(userID: fanID, nickName: "粉丝")
        #expect(try await fan.get("Collocation", "likeCollocation", [("cid", id)]).data == "1")
        let comment = try await fan.get("Comment", "addCommentInfo", [("type", "1"), ("toUserId", ""), ("score", "5"),
                                                                      ("tid", id), ("info", "好看")])
        #expect(comment.status == 1)
        #expect(try await app.get("Comment", "getCommentList", [("type", "1"), ("tid", id), ("page", "0")]).list.count == 1)

        let refused = try await fan.get("Collocation", "delCollocationInfo", [("cid", id)])
        #expect(refused.status == -100 && refused.info == "参数错误: cid=\(id) 不存在或不是你发布的搭配")
        #expect(try await app.get("Comment", "getCommentList", [("type", "1"), ("tid", id), ("page", "0")]).list.count == 1,
                "a refused delete removes nothing")
        #expect(try await app.get("Collocation", "getCollocationLikeUserList", [("cid", id), ("page", "0")]).list.count == 1)
        #expect(try await fan.get("Mine", "getCountForlist", [("user_id", fanID)]).list.first?["collocationLikeCount"] == 1)

        let removed = try await author.get("Collocation", "delCollocationInfo", [("cid", id)])
        #expect(removed.status == 1 && removed.data == [])
        #expect(try await app.get("Comment", "getCommentList", [("type", "1"), ("tid", id), ("page", "0")]).list.isEmpty)
        #expect(try await fan.get("Mine", "getCountForlist", [("user_id", fanID)]).list.first?["collocationLikeCount"] == 0,
                "the fan's like went with the post")
    }
}
