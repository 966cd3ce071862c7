import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
import Wire

/// Paying an order as the official app does: `WXPayClient getPrepayId:` form-posts the order to
/// the launch configuration's `WX_BEFORE_PAY_URL` with no `m`/`a` and no login token, `total_fee`
/// in fen (MB `Vendor/WeiXinSDK/WXPayClient.m`, `UI/ViewController/Me/MyOrder/MyOrderViewController.m`).
/// Barcode `1603000070100` (58 pieces in the seeds) is ordered by no other test.
@Suite struct YoufanOfficialPaymentTests {
    static let barcode = "1603000070100"
    let app: YoufanOfficialApp

    init() async throws { app = try await YoufanOfficialApp.onSharedServer() }

    func order(_ user: YoufanOfficialApp) async throws -> String {
        let created = try await user.post("Order", "OrderCreate", [("cartList", #"[{"barcode":"\#(Self.barcode)","num":1}]"#)])
        return try #require(created.json["message"]?.stringValue, "\(created.json.encodedString())")
    }

    /// The form `PayOrderViewController` hands `WXPayClient`: the order, its total in fen and the
    /// paying user.
    func pay(_ order: String, userID: String) async throws -> YoufanAppClient.Answer {
        try await Self.pay(order, userID: userID, on: app)
    }

    static func pay(_ order: String, userID: String, on app: YoufanOfficialApp) async throws -> YoufanAppClient.Answer {
        try await pay([("body", "有范订单\(order)"), ("out_trade_no", order), ("total_fee", "19900"), ("UserId", userID),
                       ("spbill_create_ip", "192.168.1.8"), ("CREATE_USER", "买家"), ("productNameArray", #"["衬衫"]"#)], on: app)
    }

    func pay(_ form: [(String, String)]) async throws -> YoufanAppClient.Answer {
        try await Self.pay(form, on: app)
    }

    static func pay(_ form: [(String, String)], on app: YoufanOfficialApp) async throws -> YoufanAppClient.Answer {
        var request = URLRequest(url: URL(string: app.baseURL + "/WxPrePayFlowCreate?format=json")!)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(YoufanOfficialApp.encoded(form).utf8)
        return try await app.send(request)
    }

    @Test(.enabled(if: ServeBinary.isBuilt), .timeLimit(.minutes(5)))
    func aPaymentSurvivesARestartAndAResetRemovesIt() async throws {
        let directory = try TemporaryDirectory("youfan-official-payment")
        defer { directory.remove() }
        let arguments = try YoufanTestServer.serveArguments(in: directory, seeding: YoufanOfficialStateTests.seedFiles)
        let demoID = YoufanOfficialStateTests.demoUserID

        var serve = try await ServeBinary.launch(arguments)
        var demo = YoufanOfficialApp(baseURL: "http://127.0.0.1:\(serve.port)", token: YoufanOfficialStateTests.demoToken)
        let number = try await order(demo)
        #expect(try await Self.pay(number, userID: demoID, on: demo).json["isSuccess"] == 1)
        serve.send(signal: SIGTERM)
        #expect(await serve.exitStatus() == 0)

        serve = try await ServeBinary.launch(arguments)
        demo = YoufanOfficialApp(baseURL: "http://127.0.0.1:\(serve.port)", token: YoufanOfficialStateTests.demoToken)
        #expect(try await demo.get("Order", "InvoiceFilter", [("ORDER_ID", number)]).results.first?["state"] == "paid")
        let again = try await Self.pay(number, userID: demoID, on: demo)
        #expect(again.json["message"]?.stringValue == "状态不允许此操作: \(number) 当前状态 paid", "still paid after the restart")

        let reset = try await RawHTTPClient.exchangeUntilClose(port: serve.port, "POST", "/__admin/reset", timeout: 60)
        #expect(reset.status == 200, "\(reset.text)")
        let gone = try await demo.get("Order", "InvoiceFilter", [("ORDER_ID", number)])
        #expect(gone.json["isSuccess"] == 0 && gone.json["message"]?.stringValue == "参数错误: order \(number) 不存在")
        serve.send(signal: SIGTERM)
        #expect(await serve.exitStatus() == 0)
    }

    @Test func aPaidOrderIsShownPaidAndCanBeRefundedButNotCancelledOrPaidAgain() async throws {
        let (id, user) = try await app.newUser("付款", ids: 40_000_000...49_999_999)
        let number = try await order(user)

        let paid = try await pay(number, userID: id)
        #expect(paid.httpStatus == 200 && paid.json["isSuccess"] == 1, "\(paid.json.encodedString())")
        #expect(paid.json["prePayId"]?.stringValue?.isEmpty == false && paid.json["nonceStr"]?.stringValue?.isEmpty == false)
        #expect(paid.json["timeStamp"]?.stringValue.flatMap(Int64.init).map { $0 > 0 } == true, "WXPayClient reads longLongValue")

        #expect(try await user.get("Order", "InvoiceFilter", [("ORDER_ID", number)]).results.first?["state"] == "paid")
        let tracking = try await user.get("Order", "OperationInfoFilter", [("doc_id", number)])
        #expect(tracking.results.map { $0["operatioN_NAME"]?.stringValue ?? "" } == ["订单已提交", "订单已支付"])
        let mails = try await user.get("Message", "getMailList", [("page", "0"), ("type", "")])
        #expect(mails.list.first?["title"] == "订单已支付" && mails.list.first?["jump_id"]?.stringValue == number)

        let again = try await pay(number, userID: id)
        #expect(again.json["isSuccess"] == 0 && again.json["message"]?.stringValue == "状态不允许此操作: \(number) 当前状态 paid")
        let cancel = try await user.get("Order", "OrderCancel", [("orderId", number)])
        #expect(cancel.json["isSuccess"] == 0 && cancel.json["message"]?.stringValue == "状态不允许此操作: \(number) 当前状态 paid")

        let refund = try await user.post("Order", "OrderReturnCreate", [("orderno", number), ("type", "1"), ("reason", "不想要了")])
        #expect(refund.json["isSuccess"] == 1, "\(refund.json.encodedString())")
        let refunded = try await user.get("Order", "OperationInfoFilter", [("doc_id", number)])
        #expect(refunded.results.map { $0["operatioN_NAME"]?.stringValue ?? "" } == ["订单已提交", "订单已支付", "申请退款"])
    }

    @Test func anotherUsersOrderAndACancelledOrderAreNotPaid() async throws {
        let (ownerID, owner) = try await app.newUser("主人", ids: 40_000_000...49_999_999)
        let (otherID, _) = try await app.newUser("旁人", ids: 40_000_000...49_999_999)
        let number = try await order(owner)

        let refused = try await pay(number, userID: otherID)
        #expect(refused.httpStatus == 200 && refused.json["isSuccess"] == 0 && refused.json["message"]?.stringValue == "参数错误: order \(number) 不存在",
                "\(refused.json.encodedString())")
        #expect(try await owner.get("Order", "InvoiceFilter", [("ORDER_ID", number)]).results.first?["state"] == "unpaid")

        #expect(try await owner.get("Order", "OrderCancel", [("orderId", number)]).json["isSuccess"] == 1)
        let cancelled = try await pay(number, userID: ownerID)
        #expect(cancelled.json["isSuccess"] == 0 && cancelled.json["message"]?.stringValue == "状态不允许此操作: \(number) 当前状态 cancelled")
        #expect(try await owner.get("Order", "InvoiceFilter", [("ORDER_ID", number)]).results.first?["state"] == "cancelled")
    }

    @Test func malformedPaymentsAreRefusedAndTheOrderStaysUnpaid() async throws {
        let (id, user) = try await app.newUser("稳妥", ids: 40_000_000...49_999_999)
        let number = try await order(user)
        let cases: [([(String, String)], String)] = [
            ([("UserId", id), ("total_fee", "19900")], "参数错误或者未定义:out_trade_no"),
            ([("out_trade_no", number), ("total_fee", "19900")], "参数错误或者未定义:UserId"),
            ([("out_trade_no", number), ("UserId", "404")], "查无此用户"),
            ([("out_trade_no", "abc"), ("UserId", id)], "参数错误: order abc 不存在"),
            ([("out_trade_no", number), ("UserId", id), ("token", "not-a-token")], "token错误"),
        ]
        for (form, text) in cases {
            let refused = try await pay(form)
            #expect(refused.httpStatus == 200 && refused.json["isSuccess"] == 0 && refused.json["message"]?.stringValue == text,
                    "\(refused.json.encodedString())")
        }
        #expect(try await user.get("Order", "InvoiceFilter", [("ORDER_ID", number)]).results.first?["state"] == "unpaid")
        #expect(try await pay(number, userID: id).json["isSuccess"] == 1, "the server keeps serving")
    }
}
