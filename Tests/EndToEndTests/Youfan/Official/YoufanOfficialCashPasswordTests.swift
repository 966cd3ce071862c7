import Testing
import TestSupport
import Wire

/// The rest of 我的收益 (MB `UI/ViewController/Me/MyIncome`), as its screens send it: a flow's
/// details (`DetailEarningViewController.m`: `UserId`, `ID`; `SettingBalenceViewController.m`:
/// `UserId`, `SELLER_DTL_ID`), the cash password check (`PassWordViewController.m`: `inputPws`, `pws`)
/// and the withdrawal (`ExtractApplicationViewController.m`: `SUPER_SELLER_ID`, `SELLER_BANK_ID`,
/// `AMOUNT`), all `quickGet`s with the token; the password form (`BingBankViewController.m`:
/// `AccountID`, `OldPws`, `NewPws`) posts through `quickPost` with no token.
@Suite struct YoufanOfficialCashPasswordTests {
    let app: YoufanOfficialApp

    init() async throws { app = try await YoufanOfficialApp.onSharedServer() }

    func check(_ seller: YoufanOfficialApp, _ password: String) async throws -> YoufanAppClient.Answer {
        try await seller.get("WXSC_Collocation", "WxSellerCashPwsCheck", [("inputPws", password), ("pws", "******")])
    }

    func change(_ sellerID: String, old: String, new: String) async throws -> YoufanAppClient.Answer {
        try await app.postWithoutToken("WXSC_Collocation", "WxSellerChangeCashPws", [("AccountID", sellerID), ("OldPws", old), ("NewPws", new)])
    }

    func shownPassword(_ seller: YoufanOfficialApp) async throws -> JSON? {
        try await seller.get("WXSC_Collocation", "WxSellerAccountByAccountFilter").json["responseMsg"]?["casH_PASSWORD"]
    }

    @Test func aFlowsDetailsNameNoFlowBecauseNoneIsKept() async throws {
        let (sellerID, seller) = try await app.newUser("流水")
        let earning = try await seller.get("WXSC_Collocation", "WxBalanceFlowDetailFilter", [("UserId", sellerID), ("ID", "17")])
        #expect(earning.httpStatus == 200 && earning.json["isSuccess"] == 0 && earning.json["message"] == "参数错误: ID=17 不存在",
                "\(earning.json.encodedString())")
        let settled = try await seller.get("WXSC_Collocation", "WxSettleBalanceFlowDetailFilter", [("UserId", sellerID), ("SELLER_DTL_ID", "88")])
        #expect(settled.json["isSuccess"] == 0 && settled.json["message"] == "参数错误: SELLER_DTL_ID=88 不存在")
        let anonymous = try await app.get("WXSC_Collocation", "WxBalanceFlowDetailFilter", [("UserId", sellerID), ("ID", "17")])
        #expect(anonymous.json["isSuccess"] == 0 && anonymous.json["message"] == "token错误")
    }

    @Test func aCashPasswordIsKeptHashedCheckedAndChangedOnlyWithTheOldOne() async throws {
        let (sellerID, seller) = try await app.newUser("提现")
        #expect(try await shownPassword(seller) == "", "none set: the app offers to set one")
        let unset = try await check(seller, "123456")
        #expect(unset.json["isSuccess"] == 1 && unset.json["flag"] == 0 && unset.json["message"] == "密码错误", "\(unset.json.encodedString())")

        let set = try await change(sellerID, old: "", new: "123456")
        #expect(set.json["isSuccess"] == 1 && set.json["message"] == "设置成功", "\(set.json.encodedString())")
        #expect(try await shownPassword(seller) == "******", "set, and never shown")
        #expect(try await check(seller, "123456").json["flag"] == 1)
        let wrong = try await check(seller, "654321")
        #expect(wrong.json["isSuccess"] == 1 && wrong.json["flag"] == 0 && wrong.json["message"] == "密码错误")

        let guessed = try await change(sellerID, old: "000000", new: "111111")
        #expect(guessed.json["isSuccess"] == 0 && guessed.json["message"] == "密码错误")
        #expect(try await check(seller, "123456").json["flag"] == 1, "a wrong old password changes nothing")
        #expect(try await change(sellerID, old: "123456", new: "654321").json["isSuccess"] == 1)
        #expect(try await check(seller, "654321").json["flag"] == 1)
        #expect(try await check(seller, "123456").json["flag"] == 0)

        for bad in ["12345", "12ab56", "1234567", ""] {
            let refused = try await change(sellerID, old: "654321", new: bad)
            #expect(refused.json["isSuccess"] == 0 && refused.json["message"] == "请输入六位密码", "\(bad): \(refused.json.encodedString())")
        }
        #expect(try await check(seller, "654321").json["flag"] == 1, "no refused change was kept")

        let (_, other) = try await app.newUser("旁人")
        #expect(try await check(other, "654321").json["flag"] == 0, "a password is its owner's alone")
        #expect(try await change("404404", old: "", new: "123456").json["message"] == "查无此用户")
        #expect(try await check(app, "654321").json["message"] == "token错误")
    }

    @Test func aWithdrawalIsRefusedBeyondTheZeroBalanceAndNothingIsKept() async throws {
        let (sellerID, seller) = try await app.newUser("取款")
        let card = try await app.postWithoutToken("WXSC_Collocation", "WxSellerCardCreate",
                                                  YoufanOfficialBankCardTests.card("6222021234567890123", userID: sellerID))
        let cardID = try #require(card.results.first?["id"]?.intValue)
        func withdraw(_ amount: String, card: Int? = nil, seller named: String? = nil) async throws -> YoufanAppClient.Answer {
            try await seller.get("WXSC_Collocation", "WxSellerCashAppCreate", [
                ("SUPER_SELLER_ID", named ?? sellerID), ("SELLER_BANK_ID", String(card ?? cardID)), ("AMOUNT", amount)])
        }
        let tooMuch = try await withdraw("10")
        #expect(tooMuch.httpStatus == 200 && tooMuch.json["isSuccess"] == 0 && tooMuch.json["message"] == "输入的金额要小于等于可提现金额",
                "\(tooMuch.json.encodedString())")
        for amount in ["0", "-5", "abc", "nan"] {
            let refused = try await withdraw(amount)
            #expect(refused.json["isSuccess"] == 0 && refused.json["message"] == .string("参数错误: AMOUNT=\(amount) 不是金额"),
                    "\(amount): \(refused.json.encodedString())")
        }
        #expect(try await withdraw("").json["message"] == "参数错误或者未定义:AMOUNT")
        let (otherID, _) = try await app.newUser("别人的卡")
        let theirs = try await app.postWithoutToken("WXSC_Collocation", "WxSellerCardCreate",
                                                    YoufanOfficialBankCardTests.card("6228481234567890", bank: "2", userID: otherID))
        let theirCard = try #require(theirs.results.first?["id"]?.intValue)
        #expect(try await withdraw("1", card: theirCard).json["message"] == .string("参数错误: bank-card \(theirCard) 不存在"))
        #expect(try await withdraw("1", seller: otherID).json["message"] == .string("参数错误: SUPER_SELLER_ID=\(otherID) 不存在"))
        let balance = try await seller.get("WXSC_Collocation", "WxSellerAccountByAccountFilter").json["responseMsg"]
        #expect(balance?["caN_CASH_AMOUNT"] == 0 && balance?["totaL_CASH_AMOUNT"] == 0, "the server keeps serving, nothing withdrawn")
    }
}
