import Foundation
import Testing
import TestSupport
import Wire

/// The account side of the official app (WIRE.md §3.2 Order, Message, Mine, User, Vouchers) as
/// its transport sends it, on the shared seeded server; each test signs in users of its own.
@Suite struct YoufanOfficialAccountTests {
    let app: YoufanOfficialApp

    init() async throws { app = try await YoufanOfficialApp.onSharedServer() }

    @Test func theSeededSettingsAnswerWhatTheAppIndexes() async throws {
        for code in ["Log_TITLE", "Default_fee", "DEFAULT_FEE", "CLOUDSHOP_URL", "COLLOCATION_URL", "SHARE_PROD_URL"] {
            let answer = try await app.get("Order", "BSParamFilter", [("code", code)])
            #expect(answer.json["isSuccess"] == 1, "\(code)")
            #expect(answer.results.last?["paraM_VALUE"]?.stringValue?.isEmpty == false, "\(code)")
        }
        #expect(try await app.get("Order", "BSParamFilter", [("code", "Log_TITLE")]).results.last?["paraM_VALUE"]?
            .stringValue?.contains("?") == true, "the home title is the text before `?`")
        let unknown = try await app.get("Order", "BSParamFilter", [("code", "NO_SUCH_CODE")])
        #expect(unknown.json["isSuccess"] == 0 && unknown.json["message"]?.stringValue?.contains("NO_SUCH_CODE") == true)

        let fee = try await app.get("Order", "FeeCheck")
        #expect(fee.json["isSuccess"] == 1 && fee.results.first?["value"]?.stringValue.map { Double($0) != nil } == true)

        let regions = try await app.get("Order", "RegionFilter", [("type", "2")]).results
        let levels = Dictionary(grouping: regions) { $0["regioN_LEVEL"]?.intValue ?? 0 }
        #expect(levels[2]?.count ?? 0 >= 5 && levels[3]?.count ?? 0 >= 10 && levels[4]?.count ?? 0 >= 30)
        let cityIDs = Set((levels[3] ?? []).compactMap { $0["id"]?.intValue })
        #expect((levels[4] ?? []).allSatisfy { cityIDs.contains($0["parenT_ID"]?.intValue ?? -1) && $0["name"]?.stringValue != nil },
                "every district hangs under a city, as the picker groups them")

        let backgrounds = try await app.get("User", "getSysUserBackImg")
        #expect(backgrounds.status == 1 && !backgrounds.list.isEmpty)
        #expect(backgrounds.list.allSatisfy { $0["img"]?.stringValue?.hasPrefix("http") == true })
    }

    @Test func theMinePageCountsTheUsersStateAndShowsProfileEdits() async throws {
        let (id, user) = try await app.newUser("我", ids: 30_000_000...39_999_999)
        let (otherID, other) = try await app.newUser("别人", ids: 30_000_000...39_999_999)
        var counts = try #require(try await user.get("Mine", "getCountForlist", [("user_id", id)]).list.first)
        #expect(counts["concernCount"] == 0 && counts["bpLikeCount"] == 0 && counts["un_read_num"] == 0)
        #expect(counts["userInfo"]?["nick_name"] == "我")

        _ = try await user.post("WXSC_Account", "UserConcernCreate", [("UserId", id), ("ConcernId", otherID)])
        _ = try await user.get("BrandMb", "likeBrand", [("brandCode", "B1001")])
        _ = try await other.get("Message", "addMessageInfo", [("toUserId", id), ("messageInfo", "你好")])
        counts = try #require(try await user.get("Mine", "getCountForlist", [("user_id", id)]).list.first)
        #expect(counts["concernCount"] == 1 && counts["followCount"] == 1 && counts["bpLikeCount"] == 1)
        #expect(counts["un_read_num"] == 1)
        let seen = try await user.get("User", "getUserMineInfo", [("targetUserId", otherID)])
        #expect(seen.status == 1 && seen.data?["concernedCount"] == 1 && seen.data?["isConcerned"] == 1)

        let renamed = try await user.get("User", "updateUserNickname", [("newName", "新名字")])
        #expect(renamed.status == 1 && renamed.data == "新名字")
        _ = try await user.get("User", "updateUserBackImg", [("newBackImg", "http://img.funwear.com/mine/back/2.jpg")])
        _ = try await user.post("User", "updateUserImg", [("newImg", "http://img.funwear.com/avatar/new.jpg")])
        let mine = try await user.get("User", "getUserMineInfo", [("targetUserId", "")])
        #expect(mine.data?["userInfo"]?["nick_name"] == "新名字")
        #expect(mine.data?["userInfo"]?["head_img"] == "http://img.funwear.com/avatar/new.jpg")
        #expect(mine.data?["back_img"] == "http://img.funwear.com/mine/back/2.jpg")

        let nobody = try await user.get("Mine", "getCountForlist", [("user_id", "99999999")])
        #expect(nobody.status == -101)
    }

    @Test func addressesOrdersNoticesTrackingAndAReturnParcel() async throws {
        let (userID, user) = try await app.newUser("收货人", ids: 30_000_000...39_999_999)
        let first = try await user.post("Order", "ReceiverCreate", [
            ("NAME", "李四"), ("MOBILENO", "13900000000"), ("PROVINCE", "上海市"), ("CITY", "上海市"),
            ("COUNTY", "徐汇区"), ("ADDRESS", "漕溪北路 1 号"), ("ISDEFAULT", "0")])
        #expect(first.json["isSuccess"] == 1 && first.results.first?["ISDEFAULT"] == 1, "the first address is the default")
        let firstID = try #require(first.results.first?["ID"]?.stringValue)
        let second = try await user.post("Order", "ReceiverCreate", [("ADDRESS", "天河路 2 号"), ("CITY", "广州市"), ("ISDEFAULT", "1")])
        let secondID = try #require(second.results.first?["ID"]?.stringValue)
        #expect(second.results.first?["ISDEFAULT"] == 1)
        let edited = try await user.post("Order", "ReceiverUpdate", [("ID", firstID), ("ADDRESS", "漕溪北路 9 号")])
        #expect(edited.results.first?["ISDEFAULT"] == 0 && edited.results.first?["NAME"] == "李四",
                "the default moved; fields not sent are kept")
        #expect(try await user.post("Order", "ReceiverDelete", [("ID", secondID)]).json["isSuccess"] == 1)
        let again = try await user.post("Order", "ReceiverDelete", [("ID", secondID)])
        #expect(again.json["isSuccess"] == 0, "an address deleted is gone")

        let barcode = try #require(try await user.get("Product", "ProductFilter", [("prodClsIdList", "160300001")])
            .results.first?["barcode_sys_code"]?.stringValue)
        let order = try await user.post("Order", "OrderCreate", [("cartList", #"[{"barcode":"\#(barcode)","num":1}]"#)])
        let number = try #require(order.json["message"]?.stringValue)
        let invoice = try await user.get("Order", "InvoiceFilterByOrderId", [("orderId", number)])
        #expect(invoice.results.first?["id"]?.stringValue == number && invoice.results.first?["orderno"]?.stringValue == number)
        let tracking = try await user.get("Order", "OperationInfoFilter", [("doc_id", number)])
        #expect(tracking.json["isSuccess"] == 1, "a number, not text")
        #expect(tracking.results.first?["operatioN_NAME"] == "订单已提交")

        var summary = try await user.get("Message", "getMessageDetaisV2")
        #expect(summary.data?["count"]?["sys_count"] == 1 && summary.data?["count"]?["all_count"] == 1)
        let mails = try await user.get("Message", "getMailList", [("page", "0"), ("type", "")])
        #expect(mails.list.first?["title"] == "订单已提交" && mails.list.first?["jump_id"]?.stringValue == number)
        summary = try await user.get("Message", "getMessageDetaisV2")
        #expect(summary.data?["count"]?["sys_count"] == 0, "listed notices are read")
        let mailID = try #require(mails.list.first?["id"]?.stringValue)
        _ = try await user.get("Message", "deMailByid", [("mid", mailID)])
        #expect(try await user.get("Message", "getMailList", [("page", "0")]).list.isEmpty)

        try await YoufanOfficialDeliveryTests.receive(number, userID: userID, on: user)
        #expect(try await user.post("Order", "OrderReturnCreate", [("orderno", number), ("type", "2"), ("reason", "尺码不合适")])
            .json["isSuccess"] == 1)
        let returnID = try #require(try await user.get("Order", "OrderReturnFilterList", [("type", "2")])
            .results.first?["orderReturnInfo"]?["id"]?.stringValue)
        let parcel: [(String, String)] = [("RETURN_ID", returnID), ("EXPRESS_ID", "1"), ("EXPRESS_NO", "SF1234567890"),
                                          ("expressname", "顺丰"), ("Fee", "12"), ("return_desc", ""),
                                          ("return_time", "2016-05-01 10:00:00"), ("userid", "")]
        let port = try #require(URL(string: user.baseURL)?.port)
        let approved = try await RawHTTPClient.exchangeUntilClose(port: port, "POST", "/__admin/youfan/returns/\(returnID)/approve")
        #expect(approved.status == 200, "the app offers the parcel only for an approved return: \(approved.text)")
        #expect(try await user.post("Order", "ReturnRetailCreate", parcel).json["isSuccess"] == 1)
        let shipped = try await user.get("Order", "OrderReturnFilter", [("id", returnID)]).results.first?["orderReturnInfo"]
        #expect(shipped?["state"] == "2" && shipped?["stateName"] == "退货寄回中")
        let twice = try await user.post("Order", "ReturnRetailCreate", parcel)
        #expect(twice.json["isSuccess"] == 0 && twice.json["message"]?.stringValue?.contains("状态不允许") == true)
    }

    /// Barcode `1603011210500` (product 160301121) has 5 pieces in the seeds and no other test
    /// orders it.
    @Test func ordersHoldTheirPiecesAndCancellingGivesThemBack() async throws {
        let (_, user) = try await app.newUser("囤货", ids: 30_000_000...39_999_999)
        let barcode = "1603011210500"
        let all = try await user.post("Order", "OrderCreate", [("cartList", #"[{"barcode":"\#(barcode)","num":5}]"#)])
        let number = try #require(all.json["message"]?.stringValue, "\(all.json.encodedString())")
        let check = try await user.get("Order", "checkStockForPay", [("cartList", #"[{"barcode":"\#(barcode)","num":1}]"#)])
        #expect(check.json["isSuccess"] == 0 && check.json["message"]?.stringValue == "\(barcode);库存不足, 仅剩 0 件")
        let more = try await user.post("Order", "OrderCreate", [("cartList", #"[{"barcode":"\#(barcode)","num":1}]"#)])
        #expect(more.json["isSuccess"] == 0, "the five pieces are held by the first order")

        #expect(try await user.get("Order", "OrderCancel", [("orderId", number)]).json["isSuccess"] == 1)
        let again = try await user.post("Order", "OrderCreate", [("cartList", #"[{"barcode":"\#(barcode)","num":2}]"#)])
        let second = try #require(again.json["message"]?.stringValue, "cancelling gave the pieces back")
        let left = try await user.get("Order", "checkStockForPay", [("cartList", #"[{"barcode":"\#(barcode)","num":4}]"#)])
        #expect(left.json["message"]?.stringValue == "\(barcode);库存不足, 仅剩 3 件")
        _ = try await user.get("Order", "OrderCancel", [("orderId", second)])
    }

    /// Barcode `1603000552102` (product 160300055) has 2 pieces in the seeds and no other test
    /// orders it. Four buyers ask for one piece each at the same moment: the stock is checked in
    /// the order's own write, so exactly two get an order and nothing is oversold.
    @Test func buyersRacingForTheLastPiecesNeverOversell() async throws {
        let barcode = "1603000552102"
        var buyers: [YoufanOfficialApp] = []
        for name in ["抢购一", "抢购二", "抢购三", "抢购四"] { buyers.append(try await app.newUser(name, ids: 30_000_000...39_999_999).1) }
        let outcomes = try await withThrowingTaskGroup(of: Bool.self) { group in
            for buyer in buyers {
                group.addTask {
                    let order = try await buyer.post("Order", "OrderCreate", [("cartList", #"[{"barcode":"\#(barcode)","num":1}]"#)])
                    return order.json["isSuccess"] == "1"
                }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 }.count == 2, "\(outcomes)")
        let check = try await buyers[0].get("Order", "checkStockForPay", [("cartList", #"[{"barcode":"\#(barcode)","num":1}]"#)])
        #expect(check.json["message"]?.stringValue == "\(barcode);库存不足, 仅剩 0 件")
    }

    @Test func aConversationIsReadAndClearedOnEachSideAlone() async throws {
        let (aliceID, alice) = try await app.newUser("Alice", ids: 30_000_000...39_999_999)
        let (bobID, bob) = try await app.newUser("Bob", ids: 30_000_000...39_999_999)
        let sent = try await alice.post("Message", "addMessageInfo", [("toUserId", bobID), ("messageInfo", "<b>在吗</b>")])
        #expect(sent.status == 1 && sent.data?["message"] == "&lt;b&gt;在吗&lt;/b&gt;" && sent.data?["to_user_id"]?.stringValue == bobID)
        #expect(try await bob.get("Message", "getMessageDetaisV2").data?["count"]?["mess_count"] == 1)
        let conversations = try await bob.get("Message", "getMessageUserList", [("page", "0")])
        #expect(conversations.list.count == 1)
        #expect(conversations.list.first?["user_id"]?.stringValue == aliceID && conversations.list.first?["nick_name"] == "Alice")
        #expect(conversations.list.first?["un_read_num"] == 1)
        let messages = try await bob.get("Message", "getMessageList", [("toUserId", aliceID), ("page", "0")])
        #expect(messages.list.count == 1 && messages.list.first?["user_id"]?.stringValue == aliceID)
        #expect(try await bob.get("Message", "getMessageDetaisV2").data?["count"]?["mess_count"] == 0, "opened: read")

        _ = try await bob.get("Message", "clearMessageWithUser", [("toUserId", aliceID)])
        #expect(try await bob.get("Message", "getMessageUserList").list.isEmpty)
        #expect(try await alice.get("Message", "getMessageList", [("toUserId", bobID)]).list.count == 1, "Alice keeps her copy")
        _ = try await alice.get("Message", "deMessageByUserId", [("userId", bobID)])
        #expect(try await alice.get("Message", "getMessageUserList").list.isEmpty)
    }

    @Test func reviewsVouchersAndOpinions() async throws {
        let (id, user) = try await app.newUser("评价者", ids: 30_000_000...39_999_999)
        let reviews = #"[{"info":"很合身","score":"4","userId":"\#(id)","temp_id":"160301201","type":"1","orderId":"1"}]"#
        #expect(try await user.post("Order", "CommentCreateList", [("commentCreateList", reviews)]).json["isSuccess"] == 1)
        let listed = try await user.get("Order", "CommentFilter", [("sourcE_TYPE", "1"), ("sourcE_IDS", "160301201"), ("pageIndex", "1")])
        let mine = try #require(listed.results.first { $0["userId"]?.stringValue == id })
        #expect(mine["content"] == "很合身" && mine["satisfactioN_INDEX"] == 4 && mine["nickName"] == "评价者")
        #expect(mine["creatE_DATE"]?.stringValue?.count == 19 && mine["sourcE_ID"] == "160301201")

        let voucher: [(String, String)] = [("aid", "77"), ("vouchers", "501")]
        let taken = try await user.post("Vouchers", "receiveVouchersForCheck", voucher)
        #expect(taken.json["isSuccess"] == 1 && taken.json["message"] == "领取成功")
        let again = try await user.post("Vouchers", "receiveVouchersForCheck", voucher)
        #expect(again.json["isSuccess"] == 0 && again.json["message"] == "已领取")

        let opinion = try await user.post("User", "SysUserOpinionCreate", [("userId", id), ("opinion", "希望多些尺码"), ("source", "ios")])
        #expect(opinion.json["isSuccess"] == 1 && opinion.results.first?["id"]?.stringValue != nil)
    }

    @Test func malformedAccountCallsAreRefusedAndLoseNothing() async throws {
        let (id, user) = try await app.newUser("出错", ids: 30_000_000...39_999_999)
        let saved = try await user.post("Order", "ReceiverCreate", [("ADDRESS", "长宁路 3 号")])
        let addressID = try #require(saved.results.first?["ID"]?.stringValue)

        let badJSON = try await user.post("Order", "CommentCreateList", [("commentCreateList", "[{not json")])
        #expect(badJSON.httpStatus == 200 && badJSON.json["isSuccess"] == 0)
        #expect(badJSON.json["message"] == "参数错误: commentCreateList 不是合法的 JSON")
        let noProduct = try await user.post("Order", "CommentCreateList", [("commentCreateList", #"[{"info":"好"}]"#)])
        #expect(noProduct.json["isSuccess"] == 0 && noProduct.json["message"] == "参数错误或者未定义:commentCreateList[].temp_id")
        let noName = try await user.get("User", "updateUserNickname")
        #expect(noName.status == -100 && noName.info == "参数错误或者未定义:newName")
        let foreign = try await user.post("Order", "ReceiverDelete", [("ID", "not-a-number")])
        #expect(foreign.json["isSuccess"] == 0 && foreign.json["message"] == "参数错误: address not-a-number 不存在")
        let signedOut = try await YoufanOfficialApp(baseURL: app.baseURL).get("Message", "getMessageDetaisV2")
        #expect(signedOut.status == -103 && signedOut.info == "token错误")
        let strangerMessage = try await user.get("Message", "addMessageInfo", [("toUserId", "99999999"), ("messageInfo", "hi")])
        #expect(strangerMessage.status == -101)

        let kept = try await user.post("Order", "ReceiverUpdate", [("ID", addressID), ("CITY", "上海市")])
        #expect(kept.json["isSuccess"] == 1 && kept.results.first?["ADDRESS"] == "长宁路 3 号", "the address is intact")
        #expect(try await user.get("User", "getUserMineInfo").data?["userInfo"]?["nick_name"] == "出错")
        #expect(try await user.get("Mine", "getCountForlist", [("user_id", id)]).status == 1, "the server keeps serving")
    }
}
