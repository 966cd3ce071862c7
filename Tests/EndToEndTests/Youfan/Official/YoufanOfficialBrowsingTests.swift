import Foundation
import Testing
import TestSupport
import Wire

/// The catalogue reads of the official app that show the viewer's likes (WIRE.md §3.2 `R·user`):
/// collocation lists and details, brand details; unknown ids get the app's -100.
@Suite struct YoufanOfficialBrowsingTests {
    let app: YoufanOfficialApp

    init() async throws { app = try await YoufanOfficialApp.onSharedServer() }

    @Test func aLikedCollocationShowsInTheViewersListsOnly() async throws {
        let userID = YoufanOfficialJourneyTests.newUserID()
        let fan = try await app.signedIn(userID: userID, nickName: "看客")
        let feed = try await fan.get("Home", "getCollocationList", [("page", "0")])
        #expect(feed.status == 1 && feed.list.count == 10 && feed.list.allSatisfy { $0["is_love"] == 0 })
        let card = try #require(feed.list.first)
        let id = try #require(card["id"]?.stringValue)
        let captured = Int(card["like_count"]?.stringValue ?? "") ?? -1
        _ = try await fan.get("Collocation", "likeCollocation", [("cid", id)])

        let detail = try await fan.get("Collocation", "getCollocationDetails", [("cid", id)])
        #expect(detail.data?["is_love"] == 1 && detail.data?["like_count"] == .string(String(captured + 1)))
        #expect(try await app.get("Collocation", "getCollocationDetails", [("cid", id)]).data?["is_love"] == 0, "anonymous")
        let mine = try await fan.get("Mine", "getMyLikeCollocationList", [("page", "0")])
        #expect(mine.list.map { $0["id"] } == [.string(id)] && mine.list.first?["is_love"] == 1)
        let theirs = try await app.get("Mine", "getOtherLikeCollocationList", [("user_id", userID), ("page", "0")])
        #expect(theirs.list.map { $0["id"] } == [.string(id)])
        #expect(try await fan.get("Mine", "getMyCollocationList").list.isEmpty, "the fan posted nothing")
        #expect(try await app.get("Collocation", "getCollocationDetails", [("cid", "404")]).status == -100)
    }

    @Test func collocationsWearingAProductAndOfABrand() async throws {
        let card = try #require(try await app.get("Home", "getCollocationListHot", [("page", "0")]).list.first)
        let code = try #require(card["product_list"]?.arrayValue?.first?["product_sys_code"]?.stringValue)
        let wearing = try await app.get("Product", "getCollocationListByCode", [("code", code), ("page", "0"), ("num", "50")]).list
        #expect(!wearing.isEmpty && wearing.allSatisfy { $0["product_list"]?.arrayValue?.contains { $0["product_sys_code"] == .string(code) } == true })
        let tags = try JSON.parse(card["tag_list"]?.stringValue ?? "[]")
        let brand = try #require(tags.arrayValue?.first?["brandCode"]?.stringValue)
        let branded = try await app.get("BrandMb", "getCollocationListForBrand", [("brandCode", brand.lowercased())]).list
        #expect(branded.contains { $0["id"] == card["id"] })
        #expect(try await app.get("Product", "getCollocationListByCode", [("code", "1")]).list.isEmpty)
        #expect(try await app.get("Product", "getCollocationListByCode").info == "参数错误或者未定义:code")
    }

    @Test func brandDetailsShowTheViewersLike() async throws {
        let fan = try await app.signedIn(userID: YoufanOfficialJourneyTests.newUserID(), nickName: "品牌迷")
        _ = try await fan.get("BrandMb", "likeBrand", [("brandCode", "B1002")])
        let detail = try await fan.get("BrandMb", "getBrandDetailsForItem", [("brandCode", "b1002")])
        #expect(detail.data?["brand_code"] == "B1002" && detail.data?["is_love"] == 1)
        #expect(detail.data?["item_img"] == detail.data?["pic_img"])
        #expect(try await app.get("BrandMb", "getBrandDetails", [("brandCode", "B1002")]).data?["is_love"] == 0)
        let unknown = try await fan.get("BrandMb", "getBrandDetailsForItem", [("brandCode", "nope")])
        #expect(unknown.status == -100 && unknown.info == "参数错误: brandCode=nope 不存在")
        _ = try await fan.get("BrandMb", "delLikeBrand", [("brandCode", "B1002")])
    }
}
