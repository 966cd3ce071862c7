import Foundation
import Testing
import TestSupport
import Wire

/// The official app's filter, hot-keyword and home-badge reads as its screens send them (MB
/// `Unico/SItemDetial/SItemFilterViewController.m` posts `Product/BaseColorFilter` and
/// `BasePriceFilter` without parameters; `Unico/SSearch/SSearchViewController.m` GETs
/// `Search/getKeyWord` with the tab's `type`; `Unico/SData/SDataCache.m` reads
/// `Home/getHomeDeatDetails`' `data.messCount` when `status` is 1).
@Suite struct YoufanOfficialFilterChoiceTests {
    let app: YoufanOfficialApp

    init() async throws { app = try await YoufanOfficialApp.onSharedServer() }

    @Test func theColourFilterListsEachColourOfTheStockOnceWithItsSwatch() async throws {
        let answer = try await app.post("Product", "BaseColorFilter")
        #expect(answer.json["isSuccess"] == 1 && answer.json["total"]?.intValue == answer.results.count)
        let names = answer.results.compactMap { $0["coloR_NAME"]?.stringValue }
        #expect(names.count == 16 && Set(names).count == names.count, "the seeded stock has 16 colours")
        let navy = try #require(answer.results.first { $0["coloR_NAME"] == "藏青" })
        #expect(navy["coloR_CODE"] == 5 && navy["coloR_VALUE"] == "1F2A44" && navy["id"]?.intValue != nil)
        #expect(answer.results.allSatisfy { $0["coloR_VALUE"]?.stringValue?.count == 6 }, "every seeded colour has a swatch: \(answer.json.encodedString())")
    }

    @Test func thePriceFilterListsNumericBandsCheapestFirst() async throws {
        let answer = try await app.post("Product", "BasePriceFilter")
        #expect(answer.json["isSuccess"] == 1 && answer.results.count == 6)
        let minimums = answer.results.compactMap { $0["min_Price"]?.intValue }
        #expect(minimums == minimums.sorted() && minimums.count == 6 && minimums.first == 0)
        let first = try #require(answer.results.first)
        #expect(first["code"] == 1 && first["max_Price"] == 99 && first["name"] == "0-99元")
        #expect(answer.results.last?["max_Price"] == 0, "the dearest band is open-ended")
    }

    /// Product 160300001 (马克华菲, B1002) is in promotion 3001 alone; a code no promotion
    /// covers gets the empty list the product page shows as "no activity".
    @Test func aProductListsThePromotionsThatCoverIt() async throws {
        let answer = try await app.post("Product", "PromotionClsCodeFilter", [("code", "160300001")])
        #expect(answer.json["isSuccess"] == 1 && answer.json["total"] == 1, "\(answer.json.encodedString())")
        let activity = try #require(answer.results.first)
        #expect(activity["aid"] == "3001" && activity["name"] == "夏日焕新季 满199减30" && activity["type"] == "1")
        #expect(activity["web_url"] == "http://m.funwear.com/activity/3001.html")
        #expect(activity["json"] == "3001", "the id the page puts in the cart line's aid")
        #expect(activity["tag_img"]?.stringValue?.isEmpty == false && activity["url"]?.stringValue?.isEmpty == false)
        let none = try await app.post("Product", "PromotionClsCodeFilter", [("code", "999999999")])
        #expect(none.json["isSuccess"] == 1 && none.json["total"] == 0 && none.json["results"] == [])
    }

    @Test func theProductAndBrandTabsOfferBrandNamesAsHotKeywords() async throws {
        for type in ["2", "4"] {
            let answer = try await app.get("Search", "getKeyWord", [("type", type)])
            #expect(answer.status == 1 && answer.list.count == 10, "type \(type)")
            #expect(answer.list.allSatisfy { $0["keyword"]?.stringValue?.isEmpty == false }, "type \(type)")
        }
        let stylists = try await app.get("Search", "getKeyWord", [("type", "3")])
        #expect(stylists.status == 1 && stylists.json["data"] == [])
    }

    @Test func theHomeBadgeCountsUnreadMessagesUntilTheyAreRead() async throws {
        let aliceID = YoufanOfficialJourneyTests.newUserID()
        let bobID = YoufanOfficialJourneyTests.newUserID()
        let alice = try await app.signedIn(userID: aliceID, nickName: "Alice")
        let bob = try await app.signedIn(userID: bobID, nickName: "Bob")
        let before = try await bob.get("Home", "getHomeDeatDetails")
        #expect(before.status == 1 && before.data?["messCount"] == 0)
        for text in ["在吗", "看看这件"] {
            _ = try await alice.post("Message", "addMessageInfo", [("toUserId", bobID), ("messageInfo", text)])
        }
        #expect(try await bob.get("Home", "getHomeDeatDetails").data?["messCount"] == 2)
        #expect(try await alice.get("Home", "getHomeDeatDetails").data?["messCount"] == 0, "the sender's copies are read")
        _ = try await bob.get("Message", "getMessageList", [("toUserId", aliceID), ("page", "0")])
        #expect(try await bob.get("Home", "getHomeDeatDetails").data?["messCount"] == 0, "opened: read")
    }

    @Test func theHomeBadgeAsksASignedOutAppToLogInAndKeepsServing() async throws {
        for token in ["", "not-a-token"] {
            var caller = app
            caller.token = token
            let answer = try await caller.get("Home", "getHomeDeatDetails")
            #expect(answer.httpStatus == 200 && answer.status == -103 && answer.info == "token错误" && answer.data?.isNull == true)
        }
        #expect(try await app.post("Product", "BasePriceFilter").results.count == 6)
    }
}
