import Foundation
import Testing
import TestSupport
import Wire

/// A return to its end as the official app shows it. The order detail's 申请退款/申请退货 GET
/// `Order/OrderRefund`/`Order/OrderReturn` with `orderId` and `token` and read `isSuccess` (MB
/// `DetailOrderViewController.m`); the developer, standing in for the service desk, approves,
/// completes or refuses it (`POST /__admin/youfan/returns/{id}/…`); the return list's 取消 posts
/// `Order/RefundAppCancel`/`OrderReturnCancel` with `ID` = `prodList[0].returN_ID` and a
/// lower-case `userid`, no token (`MyReturnViewController.m`). The codes are the app's own
/// (`DetailOrderViewController.m`): a refund 0 → 1 → 3 已退款 (2 已拒绝), a return of goods 0 → 1
/// → 2 → 6 已退款 (9 已拒绝), -1 已取消. Barcode `1603000030504` (39 pieces) is ordered by no other suite.
@Suite struct YoufanOfficialReturnEndTests {
    static let barcode = "1603000030504"
    let app: YoufanOfficialApp

    init() async throws {
        app = try await YoufanOfficialApp.onSharedServer()
    }

    func order(_ user: (id: String, app: YoufanOfficialApp), voucher: String = "") async throws -> String {
        let created = try await user.app.post("Order", "OrderCreate", [("cartList", #"[{"barcode":"\#(Self.barcode)","num":1}]"#),
                                                                        ("vouchersId", voucher)])
        return try #require(created.json["message"]?.stringValue, "\(created.json.encodedString())")
    }

    func orderRow(_ number: String, _ user: (id: String, app: YoufanOfficialApp)) async throws -> JSON? {
        try await user.app.get("Order", "OrderFilter", [("orderId", number)]).results.first
    }

    func returnInfo(_ id: String, _ user: (id: String, app: YoufanOfficialApp)) async throws -> JSON? {
        try await user.app.get("Order", "OrderReturnFilter", [("id", id)]).results.first?["orderReturnInfo"]
    }

    func notices(_ user: (id: String, app: YoufanOfficialApp)) async throws -> [String] {
        try await user.app.get("Message", "getMailList", [("page", "0"), ("type", "")]).list.compactMap { $0["title"]?.stringValue }
    }

    @Test func aRefundAskedForFromTheDetailIsApprovedThenPaidBackAndTheVoucherReturns() async throws {
        let owner = try await app.newUser("退款人")
        #expect(try await owner.app.post("Vouchers", "receiveVouchersForCheck", [("aid", "3002"), ("vouchers", "V300201")])
            .json["isSuccess"] == 1)
        let vouchers = { try await owner.app.get("Vouchers", "MyselfCouponFilter", [("pageIndex", "1"), ("pageSize", "14")]).results }
        let voucher = try #require(try await vouchers().first?["id"]?.stringValue)
        let number = try await order(owner, voucher: voucher)
        #expect(try await YoufanOfficialPaymentTests.pay(number, userID: owner.id, on: app).json["isSuccess"] == 1)

        let refund = try await owner.app.get("Order", "OrderRefund", [("orderId", number)])
        #expect(refund.json["isSuccess"] == 1, "\(refund.json.encodedString())")
        #expect(try await orderRow(number, owner)?["status"] == 14)
        let listed = try #require(try await owner.app.get("Order", "OrderReturnFilterList", [("type", "1")]).results.first)
        let returnID = try #require(listed["orderReturnInfo"]?["id"]?.stringValue)
        #expect(listed["orderReturnInfo"]?["state"] == "0" && listed["orderReturnInfo"]?["returN_TYPE"] == "1")
        #expect(listed["prodList"]?.arrayValue?.first?["returN_ID"] == .string(returnID) && listed["prodList"]?.arrayValue?.first?["qty"] == 1,
                "the list's 取消 posts prodList[0].returN_ID: \(listed.encodedString())")

        let early = try await app.admin("/__admin/youfan/returns/\(returnID)/complete")
        #expect(early.status == 409 && early.text.contains("only an approved refund (1) or a return of goods sent back (2) is completed"),
                "\(early.status) \(early.text)")
        #expect(try await returnInfo(returnID, owner)?["state"] == "0", "a refused step changes nothing")
        #expect(try await app.admin("/__admin/youfan/returns/\(returnID)/approve").status == 200)
        let completed = try await app.admin("/__admin/youfan/returns/\(returnID)/complete")
        #expect(completed.status == 200 && completed.text.contains(#""state":"3""#), "a refund's 已退款 is 3: \(completed.text)")

        let info = try await returnInfo(returnID, owner)
        #expect(info?["state"] == "3" && info?["stateName"] == "已退款")
        let row = try await orderRow(number, owner)
        #expect(row?["status"] == 9 && row?["statusName"] == "已退款", "a refunded order is closed")
        #expect(try await vouchers().first?["status"] == 1, "the voucher can be used again")
        #expect(try await notices(owner).first == "退款完成")
        #expect(try await app.admin("/__admin/youfan/returns/\(returnID)/complete").status == 409, "paid back once")
        let after = try await owner.app.get("Order", "OrderRefund", [("orderId", number)])
        #expect(after.json["isSuccess"] == 0 && after.json["message"] == .string("状态不允许此操作: \(number) 当前状态 refunded"))
    }

    @Test func aReturnOfGoodsSentBackIsPaidBackAndARefusedOneOffersTheReturnAgain() async throws {
        let owner = try await app.newUser("退货人")
        let number = try await order(owner)
        try await YoufanOfficialDeliveryTests.receive(number, userID: owner.id, on: owner.app)
        #expect(try await owner.app.get("Order", "OrderReturn", [("orderId", number)]).json["isSuccess"] == 1)
        #expect(try await orderRow(number, owner)?["status"] == 11)
        let returnID = try #require(try await owner.app.get("Order", "OrderReturnFilterList", [("type", "2")])
            .results.first?["orderReturnInfo"]?["id"]?.stringValue)
        #expect(try await app.admin("/__admin/youfan/returns/\(returnID)/approve").status == 200)
        let approvedOnly = try await app.admin("/__admin/youfan/returns/\(returnID)/complete")
        #expect(approvedOnly.status == 409, "goods are paid back once they are sent back: \(approvedOnly.text)")
        // The parcel form (ExpressageViewController) offers ExpressFilter's couriers: `name` shown, `id` posted.
        let couriers = try await owner.app.get("Order", "ExpressFilter").results
        let courier = try #require(couriers.first, "no couriers to choose from")
        let courierID = try #require(courier["id"]?.stringValue)
        let courierName = try #require(courier["name"]?.stringValue)
        let parcel = [("RETURN_ID", returnID), ("EXPRESS_ID", courierID), ("EXPRESS_NO", "SF100"), ("expressname", courierName), ("Fee", "12"),
                      ("return_desc", ""), ("return_time", "2016-05-01 10:00:00"), ("userid", owner.id)]
        #expect(try await app.postWithoutToken("Order", "ReturnRetailCreate", parcel).json["isSuccess"] == 1)
        let completed = try await app.admin("/__admin/youfan/returns/\(returnID)/complete")
        #expect(completed.status == 200 && completed.text.contains(#""state":"6""#), "\(completed.text)")
        let info = try await returnInfo(returnID, owner)
        #expect(info?["state"] == "6" && info?["stateName"] == "已退款", "DetailReturnMoneyViewController's 退款完成")
        #expect(try await orderRow(number, owner)?["status"] == 13)
        #expect(try await notices(owner).first == "退货完成")

        let second = try await order(owner)
        try await YoufanOfficialDeliveryTests.receive(second, userID: owner.id, on: owner.app)
        #expect(try await owner.app.post("Order", "OrderReturnCreate", [("orderno", second), ("type", "2"), ("reason", "色差")])
            .json["isSuccess"] == 1)
        let refusedID = try #require(try await orderRow(second, owner)?["detailList"]?.arrayValue?.first?["detailInfo"]?["reapP_ID"]?.intValue)
        let refused = try await app.admin("/__admin/youfan/returns/\(refusedID)/refuse")
        #expect(refused.status == 200 && refused.text.contains(#""state":"9""#), "\(refused.text)")
        #expect(try await returnInfo(String(refusedID), owner)?["stateName"] == "已拒绝")
        let row = try await orderRow(second, owner)
        #expect(row?["status"] == 6 && row?["detailList"]?.arrayValue?.first?["detailInfo"]?["reapP_ID"]?.intValue == refusedID,
                "received again, still linked to the refused return: \(row?.encodedString() ?? "")")
        #expect(try await notices(owner).first == "退货申请未通过")
        let twice = try await app.admin("/__admin/youfan/returns/\(refusedID)/refuse")
        #expect(twice.status == 409 && twice.text.contains("only a return applied for (0), approved (1) or sent back (2) is refused"))
        #expect(try await app.admin("/__admin/youfan/returns/999999999/refuse").status == 404)
        #expect(try await app.admin("/__admin/youfan/returns/\(refusedID)/complete?now=1").status == 400)
        #expect(try await owner.app.get("Order", "OrderReturn", [("orderId", second)]).json["isSuccess"] == 1,
                "已拒绝改为申请退货状态: the order may be returned again")
    }

    @Test func theAppWithdrawsARefundStillAppliedForWithoutAToken() async throws {
        let owner = try await app.newUser("撤回人")
        let stranger = try await app.newUser("旁人")
        let number = try await order(owner)
        #expect(try await YoufanOfficialPaymentTests.pay(number, userID: owner.id, on: app).json["isSuccess"] == 1)
        #expect(try await owner.app.post("Order", "OrderReturnCreate", [("orderno", number), ("type", "1"), ("reason", "不想要了")])
            .json["isSuccess"] == 1)
        let returnID = try #require(try await owner.app.get("Order", "OrderReturnFilterList", [("type", "1")])
            .results.first?["prodList"]?.arrayValue?.first?["returN_ID"]?.stringValue)

        let wrongKind = try await app.postWithoutToken("Order", "OrderReturnCancel", [("ID", returnID), ("userid", owner.id)])
        #expect(wrongKind.json["isSuccess"] == 0 && wrongKind.json["message"] == .string("参数错误: return \(returnID) 不是退货单"),
                "\(wrongKind.json.encodedString())")
        let strangers = try await app.postWithoutToken("Order", "RefundAppCancel", [("ID", returnID), ("userid", stranger.id)])
        #expect(strangers.json["isSuccess"] == 0 && strangers.json["message"] == .string("参数错误: return \(returnID) 不存在"))
        let nobody = try await app.postWithoutToken("Order", "RefundAppCancel", [("ID", returnID)])
        #expect(nobody.json["isSuccess"] == 0 && nobody.json["message"] == "token错误")
        #expect(try await returnInfo(returnID, owner)?["state"] == "0", "nothing was withdrawn")

        let withdrawn = try await app.postWithoutToken("Order", "RefundAppCancel", [("ID", returnID), ("userid", owner.id)])
        #expect(withdrawn.json["isSuccess"] == 1, "\(withdrawn.json.encodedString())")
        let info = try await returnInfo(returnID, owner)
        #expect(info?["state"] == "-1" && info?["stateName"] == "已取消")
        let row = try await orderRow(number, owner)
        #expect(row?["status"] == 1 && row?["detailList"]?.arrayValue?.first?["detailInfo"]?["reapP_ID"] == 0, "paid again, unlinked")
        let again = try await app.postWithoutToken("Order", "RefundAppCancel", [("ID", returnID), ("userid", owner.id)])
        #expect(again.json["isSuccess"] == 0 && again.json["message"] == .string("状态不允许此操作: \(returnID) 当前状态 -1"))
        #expect(try await app.admin("/__admin/youfan/returns/\(returnID)/approve").status == 409, "a withdrawn return is over")
        #expect(try await owner.app.get("Order", "OrderRefund", [("orderId", number)]).json["isSuccess"] == 1,
                "the order may be refunded again")
    }

    /// The review screen lists each product of the order (MB `AppraiseViewController.m`); an order
    /// whose products are reviewed one at a time is `judgeStatus` 2 (部分) and stays in 待评价 until
    /// the last one is. Barcode `1603000020504` (29 pieces) is ordered by no other suite.
    @Test func anOrderOfTwoProductsIsPartlyReviewedUntilBothAre() async throws {
        let owner = try await app.newUser("分次评价")
        let created = try await owner.app.post("Order", "OrderCreate", [
            ("cartList", #"[{"barcode":"\#(Self.barcode)","num":1},{"barcode":"1603000020504","num":1}]"#)])
        let number = try #require(created.json["message"]?.stringValue, "\(created.json.encodedString())")
        try await YoufanOfficialDeliveryTests.receive(number, userID: owner.id, on: owner.app)
        func review(_ product: String) async throws -> JSON? {
            let row = #"[{"info":"不错","score":"5","userId":"\#(owner.id)","temp_id":"\#(product)","type":"1","orderId":"\#(number)"}]"#
            #expect(try await owner.app.post("Order", "CommentCreateList", [("commentCreateList", row)]).json["isSuccess"] == 1)
            return try await orderRow(number, owner)
        }
        func waitingForReview() async throws -> [String] {
            try await owner.app.get("Order", "OrderCommonFilter", [("userId", owner.id), ("status", "WaitingJudge"), ("PageSize", "10"),
                                                                   ("PageIndex", "0")]).results.compactMap { $0["orderno"]?.stringValue }
        }
        #expect(try await orderRow(number, owner)?["judgeStatus"] == "1")
        let partly = try await review("160300003")
        #expect(partly?["status"] == 6 && partly?["judgeStatus"] == "2", "\(partly?.encodedString() ?? "")")
        #expect(try await waitingForReview().contains(number))
        #expect(try await review("160300003")?["judgeStatus"] == "2", "the same product twice is still one of two")
        #expect(try await review("160300002")?["judgeStatus"] == "3")
        #expect(try await !waitingForReview().contains(number))
    }

    /// The return form's reason list (MB `DetailReasonViewController.m`): `orderGetRequestPath` of
    /// `getOrderReturnReasonList` with `type` 1 (退款原因) or 2 (退货原因); each `results` row is shown
    /// as text and sent back as `reason`, and `isSuccess` is compared as the text "1".
    @Test func theReturnFormListsItsReasonsPerType() async throws {
        let refund = try await app.get("Order", "getOrderReturnReasonList", [("type", "1")])
        #expect(refund.json["isSuccess"] == 1 && !refund.results.isEmpty && refund.results.allSatisfy { $0.stringValue?.isEmpty == false },
                "\(refund.json.encodedString())")
        let goods = try await app.get("Order", "getOrderReturnReasonList", [("type", "2")])
        #expect(goods.results.contains("尺码不合适") && goods.results != refund.results)
        let other = try await app.get("Order", "getOrderReturnReasonList", [("type", "3")])
        #expect(other.httpStatus == 200 && other.json["isSuccess"] == 0 && other.json["message"] == "参数错误: type=3 未配置")
        #expect(try await app.get("Order", "getOrderReturnReasonList", [("type", "2")]).results == goods.results, "still serving")
    }
}
