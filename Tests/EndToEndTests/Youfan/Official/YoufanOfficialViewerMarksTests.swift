import Foundation
import Testing
import TestSupport
import Wire

/// The clones' hand-written reads the official app calls too show the viewer's likes, follows and
/// favourites as the declared reads do (WIRE.md §3.3); without a token they answer as captured.
@Suite struct YoufanOfficialViewerMarksTests {
    let app: YoufanOfficialApp

    init() async throws { app = try await YoufanOfficialApp.onSharedServer() }

    @Test func productPagesShowTheViewersFavourite() async throws {
        let fan = try await app.signedIn(userID: YoufanOfficialJourneyTests.newUserID(), nickName: "收藏家")
        _ = try await fan.post("Product", "FavoriteCreateList", [("favoriteList", #"[{"sourcE_TYPE":1,"product_code":160300002}]"#)])
        #expect(try await fan.get("Product", "getProductDetails", [("code", "160300002")]).data?["isFavorite"] == 1)
        #expect(try await fan.get("Product", "getProductDetails", [("code", "160300001")]).data?["isFavorite"] == 0)
        #expect(try await app.get("Product", "getProductDetails", [("code", "160300002")]).data?["isFavorite"] == 0, "anonymous")
        let headers = try await fan.post("Product", "ProductClsFilter", [("ids", #"["160300002","160300001"]"#)]).results
        #expect(headers.map { $0["isFavorite"] } == [true, false])
        #expect(try await app.post("Product", "ProductClsFilter", [("ids", #"["160300002"]"#)]).results.first?["isFavorite"] == false)
    }

    @Test func collocationFeedsAndDetailsShowTheViewersLikeAndFollow() async throws {
        let fan = try await app.signedIn(userID: YoufanOfficialJourneyTests.newUserID(), nickName: "粉丝")
        let feed = try await fan.get("Collocation", "getCollocationListByUserType", [("userType", "1"), ("page", "0")]).list
        let card = try #require(feed.first)
        let id = try #require(card["id"]?.stringValue)
        let author = try #require(card["user_id"]?.stringValue)
        #expect(feed.allSatisfy { $0["is_love"] == 0 })
        _ = try await fan.get("Collocation", "likeCollocation", [("cid", id)])
        _ = try await fan.post("WXSC_Account", "UserConcernCreate", [("ConcernId", author)])

        let liked = try await fan.get("Collocation", "getCollocationListByUserType", [("userType", "1"), ("page", "0")]).list
        #expect(liked.first { $0["id"] == .string(id) }?["is_love"] == 1 && liked.filter { $0["is_love"] == 1 }.count == 1)
        let detail = try await fan.get("Collocation", "getCollocationDetailsV2", [("cid", id)])
        #expect(detail.data?["is_love"] == 1 && detail.data?["designer"]?["isConcerned"] == true)
        let anonymous = try await app.get("Collocation", "getCollocationDetailsV2", [("cid", id)])
        #expect(anonymous.data?["designer"]?["isConcerned"] == false && anonymous.data?["is_love"] != 1)
        #expect(try await app.get("Collocation", "getCollocationDetailsV2", [("cid", "404")]).status == -100)
    }
}
