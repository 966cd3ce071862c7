import Testing
import TestSupport
import Wire

/// 我的银行卡 as the app drives it (MB `MBController/BinDingBankCard`): the bank picker and the
/// card-number lookup (`BaseBankFilter`, a `quickGet`), the card list (`Collocation/WxSellerCardFilter`
/// with `token` and `UserId`), and the writes posted through `quickPost` with no token and the user
/// named (`WxSellerCardCreate` with `userId`, `WxSellerCardUpdateState` and `WxSellerCardDelete` with `UserId`).
@Suite struct YoufanOfficialBankCardTests {
    let app: YoufanOfficialApp

    init() async throws { app = try await YoufanOfficialApp.onSharedServer() }

    /// The add-card form of `BinDingBankCardHomeViewController` (`protocol` 2: the seller agreed).
    static func card(_ number: String, bank: String = "1", isDefault: Bool = false, userID: String) -> [(String, String)] {
        [("userId", userID), ("carD_NO", number), ("carD_NAME", "张三"), ("is_DEFAULT", isDefault ? "1" : "0"),
         ("banK_ID", bank), ("BANK_DTNAME", "上海分行"), ("protocol", "2")]
    }

    func cards(_ user: YoufanOfficialApp, _ userID: String) async throws -> [JSON] {
        try await user.get("Collocation", "WxSellerCardFilter", [("UserId", userID)]).results
    }

    @Test func theBankPickerAndTheLookupByCardNumber() async throws {
        let banks = try await app.get("WXSC_Collocation", "BaseBankFilter")
        #expect(banks.json["isSuccess"] == 1 && banks.results.count == 5, "\(banks.json.encodedString())")
        #expect(banks.results.first?["id"] == 1 && banks.results.first?["name"] == "中国工商银行"
                    && banks.results.first?["shorT_CODE"] == "ICBC" && banks.results.first?["carD_TYPE"] == "借记卡")
        let found = try await app.get("WXSC_Collocation", "BaseBankFilter", [("BankCode", "6225881234567890")])
        #expect(found.results.map { $0["name"] } == ["招商银行"])
        let none = try await app.get("WXSC_Collocation", "BaseBankFilter", [("BankCode", "4000123412341234")])
        #expect(none.json["isSuccess"] == 1 && none.results.isEmpty, "the screen's 卡号有误")
    }

    @Test func cardsAreAddedMadeDefaultAndRemovedByTheirOwnerOnly() async throws {
        let ownerID = YoufanOfficialJourneyTests.newUserID()
        let owner = try await app.signedIn(userID: ownerID, nickName: "卖家")
        let first = try await app.postWithoutToken("WXSC_Collocation", "WxSellerCardCreate",
                                                   Self.card("6222021234567890123", userID: ownerID))
        #expect(first.json["isSuccess"] == 1 && first.results.first?["iS_DEFAULT"] == 1, "the first card is the default: \(first.json.encodedString())")
        let firstID = try #require(first.results.first?["id"]?.intValue)
        let second = try await app.postWithoutToken("WXSC_Collocation", "WxSellerCardCreate",
                                                    Self.card("6228481234567890", bank: "2", isDefault: true, userID: ownerID))
        let secondID = try #require(second.results.first?["id"]?.intValue)

        var listed = try await cards(owner, ownerID)
        #expect(listed.map { $0["id"]?.intValue } == [secondID, firstID], "newest first")
        #expect(listed.map { $0["iS_DEFAULT"] } == [1, 0], "one default")
        #expect(listed.first?["banK_NAME"] == "中国农业银行" && listed.first?["carD_NO"] == "6228481234567890"
                    && listed.first?["carD_NAME"] == "张三" && listed.first?["userId"] == .string(ownerID))

        let made = try await app.postWithoutToken("WXSC_Collocation", "WxSellerCardUpdateState", [("UserId", ownerID), ("Id", String(firstID))])
        #expect(made.json["isSuccess"] == 1, "\(made.json.encodedString())")
        #expect(try await cards(owner, ownerID).map { $0["iS_DEFAULT"] } == [0, 1])

        let otherID = YoufanOfficialJourneyTests.newUserID()
        let other = try await app.signedIn(userID: otherID, nickName: "旁人")
        let stolen = try await app.postWithoutToken("WXSC_Collocation", "WxSellerCardDelete", [("UserId", otherID), ("Ids", String(firstID))])
        #expect(stolen.json["isSuccess"] == 0 && stolen.json["message"] == .string("参数错误: bank-card \(firstID) 不存在"),
                "\(stolen.json.encodedString())")
        let hijacked = try await app.postWithoutToken("WXSC_Collocation", "WxSellerCardUpdateState", [("UserId", otherID), ("Id", String(secondID))])
        #expect(hijacked.json["isSuccess"] == 0)
        #expect(try await cards(other, otherID).isEmpty)

        let removed = try await app.postWithoutToken("WXSC_Collocation", "WxSellerCardDelete", [("UserId", ownerID), ("Ids", String(secondID))])
        #expect(removed.json["isSuccess"] == 1)
        listed = try await cards(owner, ownerID)
        #expect(listed.map { $0["id"]?.intValue } == [firstID] && listed.first?["iS_DEFAULT"] == 1)
    }

    @Test func aMalformedCardIsRefusedAndNothingIsKept() async throws {
        let ownerID = YoufanOfficialJourneyTests.newUserID()
        let owner = try await app.signedIn(userID: ownerID, nickName: "填错")
        let letters = try await app.postWithoutToken("WXSC_Collocation", "WxSellerCardCreate", Self.card("6222ab", userID: ownerID))
        #expect(letters.httpStatus == 200 && letters.json["isSuccess"] == 0 && letters.json["message"] == "参数错误: carD_NO=6222ab 不是银行卡号",
                "\(letters.json.encodedString())")
        let bank = try await app.postWithoutToken("WXSC_Collocation", "WxSellerCardCreate",
                                                  Self.card("6222021234567890123", bank: "99", userID: ownerID))
        #expect(bank.json["isSuccess"] == 0 && bank.json["message"] == "参数错误: banK_ID=99 不存在")
        let missing = try await app.postWithoutToken("WXSC_Collocation", "WxSellerCardCreate",
                                                     [("userId", ownerID), ("carD_NAME", "张三"), ("banK_ID", "1")])
        #expect(missing.json["isSuccess"] == 0 && missing.json["message"] == "参数错误或者未定义:carD_NO")
        let nobody = try await app.postWithoutToken("WXSC_Collocation", "WxSellerCardCreate", Self.card("6222021234567890123", userID: "404404"))
        #expect(nobody.json["isSuccess"] == 0 && nobody.json["message"] == "查无此用户")
        #expect(try await cards(owner, ownerID).isEmpty, "nothing was kept")
        let kept = try await app.postWithoutToken("WXSC_Collocation", "WxSellerCardCreate", Self.card("6222021234567890123", userID: ownerID))
        #expect(kept.json["isSuccess"] == 1, "the server keeps serving")
        #expect(try await cards(owner, ownerID).count == 1)
    }
}
