import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
import Wire

/// The other-user page's lists as the app asks for them: 关注 and 粉丝 (MB
/// `Unico/SMine/SMineFollowFollowerViewController.m`, a bare AFNetworking GET of `SERVER_URL` with
/// `m=Account`, the user, `LoginUserId`, `PageIndex` from 0 and `PageSize` 20, no token) and the
/// user's posts (`Unico/SMine/SMineViewController.m`, `Collocation/getUserCollocationList` with
/// `token`, `userId` and `page`). On the community suite's server: a post leads every feed, which
/// the shared server's suites count.
@Suite struct YoufanOfficialFollowListTests {
    let app: YoufanOfficialApp

    init() async throws { app = YoufanOfficialApp(baseURL: try await YoufanOfficialCommunityTests.server.value.baseURL) }

    /// The follow screen's GET: exactly its dictionary, no `_platform` and no `token`.
    func followScreen(_ action: String, _ parameters: [(String, String)]) async throws -> YoufanAppClient.Answer {
        let query = YoufanOfficialApp.encoded([("m", "Account"), ("a", action)] + parameters)
        return try await app.send(URLRequest(url: URL(string: app.baseURL + YoufanOfficialApp.serverPath + "?" + query)!))
    }

    func follow(_ userID: String, _ concernID: String) async throws {
        let answer = try await app.postWithoutToken("WXSC_Account", "UserConcernCreate",
                                                    [("UserId", userID), ("ConcernId", concernID), ("ConcernType", "造型师")])
        #expect(answer.json["isSuccess"] == 1, "\(answer.json.encodedString())")
    }

    @Test func followsAndFollowersAreListedAsTheCellsReadThem() async throws {
        let starID = YoufanOfficialJourneyTests.newUserID()
        let fanID = YoufanOfficialJourneyTests.newUserID()
        let viewerID = YoufanOfficialJourneyTests.newUserID()
        _ = try await app.signedIn(userID: starID, nickName: "达人")
        _ = try await app.signedIn(userID: fanID, nickName: "粉丝甲")
        _ = try await app.signedIn(userID: viewerID, nickName: "路人")
        try await follow(fanID, starID)
        try await follow(viewerID, starID)

        let following = try await followScreen("UserConcernFilter", [("userId", fanID), ("LoginUserId", viewerID),
                                                                      ("PageIndex", "0"), ("PageSize", "20")])
        #expect(following.httpStatus == 200 && following.json["isSuccess"] == 1 && following.json["total"] == 1,
                "\(following.json.encodedString())")
        let followed = try #require(following.results.first)
        #expect(followed["concernId"] == .string(starID) && followed["userId"] == .string(fanID), "关注 opens concernId")
        #expect(followed["nickName"] == "达人" && followed["isConcerned"] == 1, "the shown user, followed by LoginUserId")
        #expect(followed["concernedCount"] == 2 && followed["concernTime"] == nil)

        let fans = try await followScreen("UserConcernByConcernIdFilter", [("concernId", starID), ("LoginUserId", ""),
                                                                           ("PageIndex", "0"), ("PageSize", "20")])
        #expect(fans.json["total"] == 2 && fans.results.map { $0["userId"] } == [.string(viewerID), .string(fanID)],
                "粉丝 opens userId, latest first: \(fans.json.encodedString())")
        #expect(fans.results.allSatisfy { $0["concernId"] == .string(starID) && $0["isConcerned"] == 0 })
        #expect(fans.results.map { $0["nickName"] } == ["路人", "粉丝甲"])
        let second = try await followScreen("UserConcernByConcernIdFilter", [("concernId", starID), ("LoginUserId", viewerID),
                                                                             ("PageIndex", "1"), ("PageSize", "1")])
        #expect(second.results.map { $0["userId"] } == [.string(fanID)], "PageIndex counts from 0")

        _ = try await app.postWithoutToken("WXSC_Account", "UserConcernDelete", [("UserId", fanID), ("ConcernIds", starID)])
        let after = try await followScreen("UserConcernFilter", [("userId", fanID), ("PageIndex", "0"), ("PageSize", "20")])
        #expect(after.json["isSuccess"] == 1 && after.results.isEmpty, "an unfollow leaves the list")
    }

    @Test func anUnknownOrMissingUserIsRefusedAndTheListsStay() async throws {
        let starID = YoufanOfficialJourneyTests.newUserID()
        let fanID = YoufanOfficialJourneyTests.newUserID()
        _ = try await app.signedIn(userID: starID, nickName: "被关注")
        _ = try await app.signedIn(userID: fanID, nickName: "关注者")
        try await follow(fanID, starID)

        let unknown = try await followScreen("UserConcernFilter", [("userId", "404404"), ("PageIndex", "0"), ("PageSize", "20")])
        #expect(unknown.httpStatus == 200 && unknown.json["isSuccess"] == 0 && unknown.json["message"] == "查无此用户"
                    && unknown.results.isEmpty, "\(unknown.json.encodedString())")
        let missing = try await followScreen("UserConcernByConcernIdFilter", [("PageIndex", "0"), ("PageSize", "20")])
        #expect(missing.httpStatus == 200 && missing.json["isSuccess"] == 0
                    && missing.json["message"] == "参数错误或者未定义:concernId", "\(missing.json.encodedString())")
        let fans = try await followScreen("UserConcernByConcernIdFilter", [("concernId", starID), ("PageIndex", "0"), ("PageSize", "20")])
        #expect(fans.results.map { $0["userId"] } == [.string(fanID)], "the server keeps serving, the follow intact")
    }

    @Test func aUsersPostsAreListedForTheirPage() async throws {
        let authorID = YoufanOfficialJourneyTests.newUserID()
        let author = try await app.signedIn(userID: authorID, nickName: "晒图者")
        let published = try await author.post("Collocation", "pushUserCollocationV2", YoufanOfficialCommunityTests.publishForm("通勤"))
        #expect(published.status == 1, "\(published.json.encodedString())")
        let visitor = try await app.signedIn(userID: YoufanOfficialJourneyTests.newUserID(), nickName: "访客")

        let posts = try await visitor.get("Collocation", "getUserCollocationList", [("userId", authorID), ("page", "0")])
        #expect(posts.status == 1 && posts.list.count == 1, "\(posts.json.encodedString())")
        #expect(posts.list.first?["content_info"] == "通勤" && posts.list.first?["is_love"] == 0)
        #expect(try await visitor.get("Collocation", "getUserCollocationList", [("userId", authorID), ("page", "1")]).list.isEmpty)
        let missing = try await visitor.get("Collocation", "getUserCollocationList", [("page", "0")])
        #expect(missing.status != 1 && missing.info == "参数错误或者未定义:userId", "\(missing.json.encodedString())")
    }
}
