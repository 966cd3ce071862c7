import Testing
import TestSupport
import Wire

/// 我的收益 as the app asks for it (MB `UI/ViewController/Me/MyIncome/MyIncomeViewController.m`:
/// `WxSellerAccountByAccountFilter` with `userId`; `WaitExtractViewController.m`: the flows with
/// `userId`, the date range, `pageIndex` and `pageSize` 15), through `quickGet` with the token.
@Suite struct YoufanOfficialIncomeTests {
    let app: YoufanOfficialApp

    init() async throws { app = try await YoufanOfficialApp.onSharedServer() }

    @Test func aSellerWithoutCommissionsSeesAZeroBalanceAndNoFlows() async throws {
        let sellerID = YoufanOfficialJourneyTests.newUserID()
        let seller = try await app.signedIn(userID: sellerID, nickName: "收益")
        let account = try await seller.get("WXSC_Collocation", "WxSellerAccountByAccountFilter", [("userId", sellerID)])
        #expect(account.json["isSuccess"] == 1, "\(account.json.encodedString())")
        let balance = try #require(account.json["responseMsg"])
        #expect(balance["sellerId"] == .string(sellerID) && balance["casH_PASSWORD"] == "")
        let amounts = ["lasT_DAY_IN_AMOUNT", "caN_CASH_AMOUNT", "totaL_IN_AMOUNT", "totaL_CASH_AMOUNT", "montH_IN_AMOUNT", "weeK_IN_AMOUNT"]
        #expect(amounts.allSatisfy { balance[$0] == 0 }, "\(balance.encodedString())")

        let flows = try await seller.get("WXSC_Collocation", "WxBalanceFlowFilter", [
            ("userId", sellerID), ("balance_TIME_Start", "2026-10-01"), ("balance_TIME_End", "2026-11-27"),
            ("pageIndex", "1"), ("pageSize", "15")])
        #expect(flows.json["isSuccess"] == 1 && flows.results.isEmpty && flows.json["total"] == 0)
        let settled = try await seller.get("WXSC_Collocation", "WxSettleBalanceFlowFilter", [
            ("userId", sellerID), ("SETTLE_TIME_Start", "2026-10-01"), ("SETTLE_TIME_END", "2026-11-27"),
            ("pageIndex", "1"), ("pageSize", "15")])
        #expect(settled.json["isSuccess"] == 1 && settled.results.isEmpty)
    }

    @Test func anotherSellersBalanceAndAnAnonymousCallAreRefused() async throws {
        let seller = try await app.signedIn(userID: YoufanOfficialJourneyTests.newUserID(), nickName: "甲")
        let other = try await app.get("WXSC_Collocation", "WxSellerAccountByAccountFilter", [("userId", "300103")])
        #expect(other.httpStatus == 200 && other.json["isSuccess"] == 0 && other.json["message"] == "token错误"
                    && other.json["responseMsg"] == nil, "\(other.json.encodedString())")
        let posing = try await seller.get("WXSC_Collocation", "WxSellerAccountByAccountFilter", [("userId", "300103")])
        #expect(posing.json["isSuccess"] == 0 && posing.json["message"] == "token错误")
        #expect(try await seller.get("WXSC_Collocation", "WxSellerAccountByAccountFilter").json["isSuccess"] == 1,
                "the server keeps serving")
    }
}
