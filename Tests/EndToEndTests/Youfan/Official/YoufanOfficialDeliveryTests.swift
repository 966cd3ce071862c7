import Foundation
import Testing
import TestSupport
import Wire

/// An order's life after payment as the official app walks it: the developer ships a paid order
/// (`POST /__admin/youfan/orders/{id}/ship`), the 待收货 tab (`WaitingConfirm`) shows it with
/// status 5, the owner's 确认收货 GETs `Order/OrderConfirm` with `orderId` and `token` and reads
/// `isSuccess` (MB `MyOrderViewController.m`, `DetailOrderViewController.m`), 待评价
/// (`WaitingJudge`) shows it with status 6 and `judgeStatus` 1, and the review
/// (`Order/CommentCreateList` from `AppraiseViewController.m`, naming the order) turns it to
/// `judgeStatus` 3 (查看评价) and out of 待评价. Barcodes `1603000810103` (37 pieces) and
/// `1603000810104` (53) are ordered by no other suite.
@Suite struct YoufanOfficialDeliveryTests {
    static let barcode = "1603000810103"
    let app: YoufanOfficialApp

    init() async throws {
        app = try await YoufanOfficialApp.onSharedServer()
    }

    func paidOrder(_ user: (id: String, app: YoufanOfficialApp), barcode: String = Self.barcode) async throws -> String {
        let created = try await user.app.post("Order", "OrderCreate", [("cartList", #"[{"barcode":"\#(barcode)","num":1}]"#)])
        let number = try #require(created.json["message"]?.stringValue, "\(created.json.encodedString())")
        #expect(try await YoufanOfficialPaymentTests.pay(number, userID: user.id, on: app).json["isSuccess"] == 1)
        return number
    }

    /// Walks the caller's unpaid order `number` to `received` as the app and the developer do:
    /// pays it, ships it through the admin control and confirms receipt.
    static func receive(_ number: String, userID: String, on user: YoufanOfficialApp) async throws {
        #expect(try await YoufanOfficialPaymentTests.pay(number, userID: userID, on: user).json["isSuccess"] == 1)
        let shipped = try await user.admin("/__admin/youfan/orders/\(number)/ship?courier=EMS&number=E\(number)")
        #expect(shipped.status == 200, "\(shipped.text)")
        #expect(try await user.get("Order", "OrderConfirm", [("orderId", number)]).json["isSuccess"] == 1)
    }

    func tab(_ user: (id: String, app: YoufanOfficialApp), _ status: String) async throws -> [JSON] {
        try await user.app.get("Order", "OrderCommonFilter", [("userId", user.id), ("status", status), ("PageSize", "10"),
                                                              ("PageIndex", "0")]).results
    }

    @Test func aShippedOrderIsConfirmedByItsOwnerAndLeavesWaitingForReviewOnceReviewed() async throws {
        let owner = try await app.newUser("收货人")
        let number = try await paidOrder(owner)
        let early = try await owner.app.get("Order", "OrderConfirm", [("orderId", number)])
        #expect(early.json["isSuccess"] == 0 && early.json["message"] == .string("状态不允许此操作: \(number) 当前状态 paid"))

        let shipped = try await app.admin("/__admin/youfan/orders/\(number)/ship?courier=%E9%A1%BA%E4%B8%B0%E9%80%9F%E8%BF%90&number=SF1001")
        let answer = try JSON.parse(shipped.body)
        #expect(shipped.status == 200 && answer == .object([("id", .int(Int(number)!)), ("state", "shipped")]), "\(shipped.text)")
        #expect(try await tab(owner, "WaitingSend").isEmpty)
        let waiting = try await tab(owner, "WaitingConfirm")
        #expect(waiting.map { $0["orderno"]?.stringValue } == [number] && waiting.first?["status"] == 5)
        let invoice = try await owner.app.get("Order", "InvoiceFilter", [("ORDER_ID", number)]).results.first
        #expect(invoice?["expresS_NAME"] == "顺丰速运" && invoice?["expresS_LISTNO"] == "SF1001")
        let events = try await owner.app.get("Order", "OperationInfoFilter", [("doc_id", number)]).results
        #expect(events.map { $0["operatioN_NAME"]?.stringValue ?? "" }.last == "订单已由顺丰速运发出，运单号 SF1001")

        let twice = try await app.admin("/__admin/youfan/orders/\(number)/ship?courier=EMS&number=E2")
        #expect(twice.status == 409 && twice.text.contains("order \(number) is shipped; only a paid order ships"), "\(twice.text)")
        let stranger = try await app.newUser("路人")
        let foreign = try await stranger.app.get("Order", "OrderConfirm", [("orderId", number)])
        #expect(foreign.json["isSuccess"] == 0 && foreign.json["message"] == .string("参数错误: order \(number) 不存在"))
        #expect(try await owner.app.get("Order", "InvoiceFilter", [("ORDER_ID", number)]).results.first?["expresS_NAME"] == "顺丰速运",
                "the second shipping changed nothing")

        #expect(try await owner.app.get("Order", "OrderConfirm", [("orderId", number)]).json["isSuccess"] == 1)
        #expect(try await tab(owner, "WaitingConfirm").isEmpty)
        let judging = try await tab(owner, "WaitingJudge")
        #expect(judging.map { $0["orderno"]?.stringValue } == [number])
        #expect(judging.first?["status"] == 6 && judging.first?["judgeStatus"] == "1")
        let again = try await owner.app.get("Order", "OrderConfirm", [("orderId", number)])
        #expect(again.json["isSuccess"] == 0 && again.json["message"] == .string("状态不允许此操作: \(number) 当前状态 received"))

        let review = #"[{"info":"很合身","score":"5","userId":"\#(owner.id)","temp_id":"160300081","type":"1","orderId":"\#(number)"}]"#
        #expect(try await owner.app.post("Order", "CommentCreateList", [("commentCreateList", review)]).json["isSuccess"] == 1)
        #expect(try await tab(owner, "WaitingJudge").isEmpty)
        let all = try await tab(owner, "ALL")
        #expect(all.first?["status"] == 6 && all.first?["judgeStatus"] == "3", "查看评价")
    }

    /// The review screen (MB `AppraiseViewController.m`) GETs `Order/CommentListFilter` with
    /// `userId`, `orderId` and the token, and shows each product's text and stars from the row whose
    /// `temp_id` is the product's code: nothing before the review, the review after it; another
    /// user's order and a missing `orderId` are refused.
    @Test func theReviewScreenReadsBackTheOrdersReviews() async throws {
        let owner = try await app.newUser("评价人")
        let created = try await owner.app.post("Order", "OrderCreate", [("cartList", #"[{"barcode":"\#(Self.barcode)","num":1}]"#)])
        let number = try #require(created.json["message"]?.stringValue, "\(created.json.encodedString())")
        try await Self.receive(number, userID: owner.id, on: owner.app)
        let form = [("userId", owner.id), ("orderId", number)]
        let before = try await owner.app.get("Order", "CommentListFilter", form)
        #expect(before.json["isSuccess"] == 1 && before.results.isEmpty, "\(before.json.encodedString())")

        let review = #"[{"info":"面料舒服","score":"4","userId":"\#(owner.id)","temp_id":"160300081","type":"1","orderId":"\#(number)"}]"#
        #expect(try await owner.app.post("Order", "CommentCreateList", [("commentCreateList", review)]).json["isSuccess"] == 1)
        let after = try await owner.app.get("Order", "CommentListFilter", form)
        #expect(after.results.count == 1, "\(after.json.encodedString())")
        #expect(after.results.first?["temp_id"] == "160300081" && after.results.first?["info"] == "面料舒服"
                    && after.results.first?["score"] == "4", "\(after.json.encodedString())")

        let stranger = try await app.newUser("旁观")
        let foreign = try await stranger.app.get("Order", "CommentListFilter", [("userId", stranger.id), ("orderId", number)])
        #expect(foreign.json["isSuccess"] == 0 && foreign.json["message"] == .string("参数错误: order \(number) 不存在"),
                "\(foreign.json.encodedString())")
        let named = try await stranger.app.get("Order", "CommentListFilter", form)
        #expect(named.json["isSuccess"] == 0 && named.json["message"] == "token错误", "a userId sent must be the token's")
        let missing = try await owner.app.get("Order", "CommentListFilter", [("userId", owner.id)])
        #expect(missing.json["isSuccess"] == 0 && missing.json["message"] == "参数错误或者未定义:orderId")
        #expect(try await owner.app.get("Order", "CommentListFilter", form).results.count == 1, "still served, intact")
    }

    /// Two 确认收货 taps sent at once: the state is read inside the write, so one passes.
    @Test func twoConfirmationsAtOnceReceiveTheOrderOnce() async throws {
        let owner = try await app.newUser("双击")
        let number = try await paidOrder(owner)
        #expect(try await app.admin("/__admin/youfan/orders/\(number)/ship?courier=EMS&number=E9").status == 200)
        async let first = owner.app.get("Order", "OrderConfirm", [("orderId", number)])
        async let second = owner.app.get("Order", "OrderConfirm", [("orderId", number)])
        let answers = try await [first, second].map { $0.json["isSuccess"] ?? .null }
        #expect(answers.sorted { $0.encodedString() < $1.encodedString() } == [0, 1], "\(answers)")
        #expect(try await tab(owner, "WaitingJudge").map { $0["orderno"]?.stringValue } == [number])
    }

    @Test func theShippingControlRefusesBadInputAndOrdersNotPaid() async throws {
        let owner = try await app.newUser("未付款")
        let created = try await owner.app.post("Order", "OrderCreate", [("cartList", #"[{"barcode":"\#(Self.barcode)","num":1}]"#)])
        let number = try #require(created.json["message"]?.stringValue)

        let unpaid = try await app.admin("/__admin/youfan/orders/\(number)/ship?courier=EMS&number=E1")
        #expect(unpaid.status == 409 && unpaid.text.contains("order \(number) is unpaid; only a paid order ships"), "\(unpaid.text)")
        let missing = try await app.admin("/__admin/youfan/orders/\(number)/ship?courier=EMS")
        #expect(missing.status == 400 && missing.text.contains("courier and number are required"), "\(missing.text)")
        let unknownParameter = try await app.admin("/__admin/youfan/orders/\(number)/ship?courier=EMS&number=E1&delay=5")
        #expect(unknownParameter.status == 400 && unknownParameter.text.contains("unknown parameter") && unknownParameter.text.contains("delay"))
        let badID = try await app.admin("/__admin/youfan/orders/abc/ship?courier=EMS&number=E1")
        #expect(badID.status == 400 && badID.text.contains("order id") && badID.text.contains("abc") && badID.text.contains("must be a whole number"))
        let unknown = try await app.admin("/__admin/youfan/orders/999999999/ship?courier=EMS&number=E1")
        #expect(unknown.status == 404 && unknown.text.contains("no order 999999999"), "\(unknown.text)")
        for answer in [unpaid, missing, unknownParameter, badID, unknown] {
            #expect(!answer.text.contains("SQL") && !answer.text.contains("YoufanFailure"))
        }
        let still = try await tab(owner, "WaitingPay")
        #expect(still.map { $0["orderno"]?.stringValue } == [number] && still.first?["status"] == 0, "untouched")
    }

    /// The return screens read `orderReturnInfo.state` (MB `DetailReturnMoneyViewController.m`):
    /// `"1"` is 已审批 with the courier button, so a new return is `"0"` (申请中, drawn as 处理中)
    /// until the developer approves it; only then does `ReturnRetailCreate` take its parcel.
    @Test func aReturnOfAReceivedOrderWaitsForApprovalBeforeItsParcelAndItsLinesLinkToIt() async throws {
        let owner = try await app.newUser("退货人")
        let number = try await paidOrder(owner, barcode: "1603000810104")
        let refund = try await owner.app.post("Order", "OrderReturnCreate", [("orderno", number), ("type", "2"), ("reason", "尺码不合适")])
        #expect(refund.json["isSuccess"] == 0 && refund.json["message"] == .string("状态不允许此操作: \(number) 当前状态 paid"),
                "the app offers 申请退货 only once received")
        #expect(try await app.admin("/__admin/youfan/orders/\(number)/ship?courier=EMS&number=E77").status == 200)
        let shipped = try await owner.app.post("Order", "OrderReturnCreate", [("orderno", number), ("type", "1"), ("reason", "不想要了")])
        #expect(shipped.json["isSuccess"] == 0, "no refund once shipped: confirm first")
        #expect(try await owner.app.get("Order", "OrderConfirm", [("orderId", number)]).json["isSuccess"] == 1)
        #expect(try await owner.app.post("Order", "OrderReturnCreate", [("orderno", number), ("type", "2"), ("reason", "尺码不合适")])
            .json["isSuccess"] == 1)
        let listed = try await owner.app.get("Order", "OrderReturnFilterList", [("type", "2")]).results.first?["orderReturnInfo"]
        let returnID = try #require(listed?["id"]?.stringValue)
        #expect(listed?["state"] == "0" && listed?["stateName"] == "申请中")
        let lines = try await owner.app.get("Order", "OrderFilter", [("orderId", number)]).results.first?["detailList"]?.arrayValue
        #expect(lines?.first?["detailInfo"]?["reapP_ID"] == .int(Int(returnID)!), "DetailOrderViewController finds the return by it")

        let parcel: [(String, String)] = [("RETURN_ID", returnID), ("EXPRESS_ID", "1"), ("EXPRESS_NO", "SF99"), ("expressname", "顺丰"),
                                          ("Fee", "12"), ("return_desc", ""), ("return_time", "2016-05-01 10:00:00"), ("userid", "")]
        let early = try await owner.app.post("Order", "ReturnRetailCreate", parcel)
        #expect(early.json["isSuccess"] == 0 && early.json["message"] == .string("状态不允许此操作: \(returnID) 当前状态 0"))

        let stranger = try await app.newUser("旁人")
        #expect(try await stranger.app.post("Order", "ReturnRetailCreate", parcel).json["isSuccess"] == 0)
        let approved = try await app.admin("/__admin/youfan/returns/\(returnID)/approve")
        #expect(approved.status == 200 && approved.text.contains(#""state":"1""#), "\(approved.text)")
        let approvedTwice = try await app.admin("/__admin/youfan/returns/\(returnID)/approve")
        #expect(approvedTwice.status == 409 && approvedTwice.text.contains("only a return applied for (0) is approved"))
        let detail = try await owner.app.get("Order", "OrderReturnFilter", [("id", returnID)]).results.first?["orderReturnInfo"]
        #expect(detail?["state"] == "1" && detail?["stateName"] == "已审批")

        // As the app posts it (ExpressageViewController): no token, the user as `userid`.
        let named = parcel.filter { $0.0 != "userid" }
        let strangers = try await app.postWithoutToken("Order", "ReturnRetailCreate", named + [("userid", stranger.id)])
        #expect(strangers.json["isSuccess"] == 0, "another user's return is not theirs to send")
        #expect(try await app.postWithoutToken("Order", "ReturnRetailCreate", named + [("userid", owner.id)]).json["isSuccess"] == 1)
        let sent = try await owner.app.get("Order", "OrderReturnFilter", [("id", returnID)]).results.first?["orderReturnInfo"]
        #expect(sent?["state"] == "2" && sent?["stateName"] == "退货寄回中")
    }

    @Test func cancellingAnOrderGivesItsVoucherBack() async throws {
        let owner = try await app.newUser("范票")
        #expect(try await owner.app.post("Vouchers", "receiveVouchersForCheck", [("aid", "3002"), ("vouchers", "V300201")])
            .json["isSuccess"] == 1)
        let mine = { try await owner.app.get("Vouchers", "MyselfCouponFilter", [("pageIndex", "1"), ("pageSize", "14")]).results }
        let voucher = try #require(try await mine().first?["id"]?.stringValue)
        let created = try await owner.app.post("Order", "OrderCreate", [("cartList", #"[{"barcode":"\#(Self.barcode)","num":1}]"#),
                                                                         ("vouchersId", voucher)])
        let number = try #require(created.json["message"]?.stringValue, "\(created.json.encodedString())")
        #expect(try await mine().first?["status"] == 3, "used by the order")
        #expect(try await owner.app.get("Order", "OrderCancel", [("orderId", number)]).json["isSuccess"] == 1)
        #expect(try await mine().first?["status"] == 1, "to use again")
        let again = try await owner.app.post("Order", "OrderCreate", [("cartList", #"[{"barcode":"\#(Self.barcode)","num":1}]"#),
                                                                       ("vouchersId", voucher)])
        #expect(again.json["isSuccess"] == "1", "\(again.json.encodedString())")
    }

    /// The built `serve` keeps a shipped-then-received order and an approved return across a
    /// restart.
    @Test(.enabled(if: ServeBinary.isBuilt), .timeLimit(.minutes(5)))
    func shippedReceivedAndApprovedStatesSurviveARestart() async throws {
        let directory = try TemporaryDirectory("youfan-official-delivery")
        defer { directory.remove() }
        let arguments = try YoufanTestServer.serveArguments(in: directory, seeding: YoufanOfficialStateTests.seedFiles)
        let demoID = YoufanOfficialStateTests.demoUserID
        let post = { (port: Int, target: String) in
            try await RawHTTPClient.exchangeUntilClose(port: port, "POST", target, timeout: 30).status
        }

        var serve = try await ServeBinary.launch(arguments)
        var demo = YoufanOfficialApp(baseURL: "http://127.0.0.1:\(serve.port)", token: YoufanOfficialStateTests.demoToken)
        let order = { (barcode: String) in
            try #require(try await demo.post("Order", "OrderCreate", [("cartList", #"[{"barcode":"\#(barcode)","num":1}]"#)])
                .json["message"]?.stringValue)
        }
        let received = try await order(Self.barcode)
        let returned = try await order("1603000810104")
        for number in [received, returned] {
            #expect(try await YoufanOfficialPaymentTests.pay(number, userID: demoID, on: demo).json["isSuccess"] == 1)
        }
        #expect(try await post(serve.port, "/__admin/youfan/orders/\(received)/ship?courier=EMS&number=E5") == 200)
        #expect(try await demo.get("Order", "OrderConfirm", [("orderId", received)]).json["isSuccess"] == 1)
        #expect(try await demo.post("Order", "OrderReturnCreate", [("orderno", returned), ("type", "1")]).json["isSuccess"] == 1)
        let returnID = try #require(try await demo.get("Order", "OrderReturnFilterList", [("type", "1")])
            .results.first?["orderReturnInfo"]?["id"]?.stringValue)
        #expect(try await post(serve.port, "/__admin/youfan/returns/\(returnID)/approve") == 200)
        serve.send(signal: SIGTERM)
        #expect(await serve.exitStatus() == 0)

        serve = try await ServeBinary.launch(arguments)
        demo = YoufanOfficialApp(baseURL: "http://127.0.0.1:\(serve.port)", token: YoufanOfficialStateTests.demoToken)
        let judging = try await demo.get("Order", "OrderCommonFilter", [("userId", demoID), ("status", "WaitingJudge"),
                                                                         ("PageSize", "10"), ("PageIndex", "0")]).results
        #expect(judging.map { $0["orderno"]?.stringValue } == [received])
        #expect(try await demo.get("Order", "InvoiceFilter", [("ORDER_ID", received)]).results.first?["expresS_LISTNO"] == "E5")
        #expect(try await demo.get("Order", "OrderReturnFilter", [("id", returnID)]).results.first?["orderReturnInfo"]?["state"] == "1")
        serve.send(signal: SIGTERM)
        #expect(await serve.exitStatus() == 0)
    }
}
