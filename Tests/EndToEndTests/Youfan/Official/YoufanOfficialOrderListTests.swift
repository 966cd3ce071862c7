import Testing
import Wire

/// "我的订单" as the official app asks for it: `MyOrderViewController requestData:` sends
/// `Order/OrderCommonFilter` through `MBShoppingGuideInterface` (a `quickGet` of `m=Order`) with
/// `userId`, the tab as `status`, `PageSize` 10 and `PageIndex` (0, then `(rows + 9) / 10 + 1`),
/// and reads `results` as `OrderModel` rows; the detail refreshes one order with
/// `Order/OrderFilter` (`orderId` and `userId`, or `orderno` alone after a payment). Barcodes
/// `1603000810100` and `1603000810101` (SEMIR, 288 yuan, 33 and 22 pieces in the seeds) are
/// ordered by no other suite.
@Suite struct YoufanOfficialOrderListTests {
    let app: YoufanOfficialApp

    init() async throws { app = try await YoufanOfficialApp.onSharedServer() }

    func order(_ user: YoufanOfficialApp, _ barcode: String) async throws -> String {
        let created = try await user.post("Order", "OrderCreate", [("cartList", #"[{"barcode":"\#(barcode)","num":1}]"#)])
        return try #require(created.json["message"]?.stringValue, "\(created.json.encodedString())")
    }

    /// One tab as `requestData:` asks for it.
    func tab(_ user: YoufanOfficialApp, _ userID: String, _ status: String, page: Int = 0) async throws -> YoufanAppClient.Answer {
        try await user.get("Order", "OrderCommonFilter", [("userId", userID), ("status", status), ("PageSize", "10"),
                                                          ("PageIndex", String(page))])
    }

    @Test func everyTabListsTheCallersOrdersWithTheStatusCodesTheScreensSwitchOn() async throws {
        let (id, user) = try await app.newUser("订单控")
        let unpaid = try await order(user, "1603000810100")
        let paid = try await order(user, "1603000810100")
        #expect(try await YoufanOfficialPaymentTests.pay(paid, userID: id, on: app).json["isSuccess"] == 1)
        let cancelled = try await order(user, "1603000810100")
        #expect(try await user.get("Order", "OrderCancel", [("orderId", cancelled)]).json["isSuccess"] == 1)
        let returned = try await order(user, "1603000810100")
        try await YoufanOfficialDeliveryTests.receive(returned, userID: id, on: user)
        #expect(try await user.post("Order", "OrderReturnCreate", [("orderno", returned), ("type", "2"), ("reason", "尺码不合适")])
            .json["isSuccess"] == 1)
        let refunded = try await order(user, "1603000810100")
        #expect(try await YoufanOfficialPaymentTests.pay(refunded, userID: id, on: app).json["isSuccess"] == 1)
        #expect(try await user.post("Order", "OrderReturnCreate", [("orderno", refunded), ("type", "1"), ("reason", "不想要了")])
            .json["isSuccess"] == 1)

        let all = try await tab(user, id, "ALL")
        #expect(all.json["isSuccess"] == 1 && all.json["message"] == "", "\(all.json.encodedString())")
        #expect(all.results.map { $0["orderno"]?.stringValue ?? "" } == [refunded, returned, cancelled, paid, unpaid])
        #expect(all.results.map { $0["status"] ?? .null } == [14, 11, 8, 1, 0], "numbers, as MyOrderTableView switches on")
        #expect(all.results.map { $0["statusName"]?.stringValue ?? "" } == ["退款申请中", "退货申请", "已取消", "已付款", "待付款"])
        #expect(all.results.map { $0["paymentList"]?.arrayValue?.first?["status"] ?? .null } == [1, 1, 0, 1, 0], "应付 until paid, then 已付")

        #expect(try await tab(user, id, "WaitingPay").results.map { $0["orderno"]?.stringValue ?? "" } == [unpaid])
        #expect(try await tab(user, id, "WaitingSend").results.map { $0["orderno"]?.stringValue ?? "" } == [paid])
        for empty in ["WaitingConfirm", "WaitingJudge"] {
            let answer = try await tab(user, id, empty)
            #expect(answer.json["isSuccess"] == 1 && answer.results.isEmpty, "none shipped but the returned one, now returning: \(empty)")
        }

        let (otherID, other) = try await app.newUser("旁观者")
        #expect(try await tab(other, otherID, "ALL").results.isEmpty, "only the token's user's orders")
        let foreign = try await tab(other, id, "ALL")
        #expect(foreign.json["isSuccess"] == 0 && foreign.json["message"] == "token错误", "another user's userId")
    }

    @Test func anOrderRowCarriesWhatTheCellAndTheDetailRead() async throws {
        let (id, user) = try await app.newUser("看细节")
        let created = try await user.post("Order", "OrderCreate", [
            ("cartList", #"[{"barcode":"1603000810101","num":2}]"#), ("memo", "请包装好"), ("senD_REQUIRE", "工作日送货"),
            ("invoicE_TITLE", "个人"), ("receiver", "张三"), ("teL_PHONE", "13800000000"), ("province", "浙江"),
            ("city", "杭州"), ("county", "西湖区"), ("address", "文三路 1 号"), ("posT_CODE", "310000"),
        ])
        let number = try #require(created.json["message"]?.stringValue, "\(created.json.encodedString())")

        let row = try #require(try await tab(user, id, "WaitingPay").results.first)
        #expect(row["id"]?.stringValue == number && row["orderno"]?.stringValue == number && row["status"] == 0)
        #expect(row["orderTotalPrice"]?.doubleValue == 576 && row["amount"]?.doubleValue == 576)
        #expect(row["fee"] == 0 && row["diS_AMOUNT"] == 0 && row["bonus"] == 0)
        #expect(row["creatE_DATE"]?.stringValue?.count == 19, "shown verbatim as 订单日期")
        #expect(row["senD_REQUIRE"] == "工作日送货" && row["invoicE_TITLE"] == "个人" && row["memo"] == "请包装好")
        #expect(row["receiver"] == "张三" && row["city"] == "杭州" && row["address"] == "文三路 1 号")
        let line = try #require(row["detailList"]?.arrayValue?.first)
        #expect(row["detailList"]?.arrayValue?.count == 1)
        #expect(line["detailInfo"]?["qty"] == 2 && line["detailInfo"]?["acT_PRICE"]?.doubleValue == 288)
        #expect(line["detailInfo"]?["uniT_PRICE"] != nil && line["detailInfo"]?["state"] == 1)
        let product = try #require(line["proudctList"]?["productInfo"])
        #expect(product["proD_CLS_NUM"] == "160300081" && product["coloR_NAME"] == "黑色" && product["speC_NAME"] == "M")
        #expect(product["proD_NAME"]?.stringValue?.isEmpty == false && product["coloR_FILE_PATH"]?.stringValue?.hasPrefix("http") == true)

        let detail = try await user.get("Order", "OrderFilter", [("orderId", number), ("userId", id)])
        #expect(detail.json["isSuccess"] == 1 && detail.results == [row], "the detail refreshes the same row")
        let afterPayment = try await user.get("Order", "OrderFilter", [("orderno", number)])
        #expect(afterPayment.results == [row], "PayResultViewController sends the order number alone")

        let (otherID, other) = try await app.newUser("好奇")
        let refused = try await other.get("Order", "OrderFilter", [("orderId", number), ("userId", otherID)])
        #expect(refused.json["isSuccess"] == 0 && refused.json["message"]?.stringValue == "参数错误: order \(number) 不存在")
    }

    @Test func pagesCountAsTheAppCountsThem() async throws {
        let (id, user) = try await app.newUser("多单")
        var numbers: [String] = []
        for _ in 0..<11 { numbers.append(try await order(user, "1603000810101")) }
        let first = try await tab(user, id, "ALL", page: 0)
        #expect(first.results.count == 10 && first.json["total"] == 11)
        #expect(first.results.map { $0["orderno"]?.stringValue ?? "" } == Array(numbers.reversed().prefix(10)))
        #expect(try await tab(user, id, "ALL", page: 1).results == first.results, "0 and 1 are both the first page")
        let more = try await tab(user, id, "ALL", page: (10 + 9) / 10 + 1)
        #expect(more.results.map { $0["orderno"]?.stringValue ?? "" } == [numbers[0]])
        #expect(try await tab(user, id, "ALL", page: (11 + 9) / 10 + 1).results.isEmpty)
    }

    @Test func malformedListRequestsAreRefusedAndTheListKeepsServing() async throws {
        let (id, user) = try await app.newUser("乱点")
        let number = try await order(user, "1603000810100")
        let signedOut = YoufanOfficialApp(baseURL: app.baseURL)
        let cases: [(YoufanOfficialApp, [(String, String)], String)] = [
            (signedOut, [("userId", id), ("status", "ALL")], "token错误"),
            (YoufanOfficialApp(baseURL: app.baseURL, token: "not-a-token"), [("userId", id), ("status", "ALL")], "token错误"),
            (user, [("userId", id)], "参数错误或者未定义:status"),
            (user, [("userId", id), ("status", "Shipped")], "参数错误: status=Shipped 不是订单分组"),
            (user, [("userId", id), ("status", "all")], "参数错误: status=all 不是订单分组"),
        ]
        for (client, parameters, message) in cases {
            let refused = try await client.get("Order", "OrderCommonFilter", parameters)
            #expect(refused.httpStatus == 200 && refused.json["isSuccess"] == 0 && refused.json["message"]?.stringValue == message,
                    "\(refused.json.encodedString())")
        }
        for orderID in ["", "abc", "99999999999"] {
            let refused = try await user.get("Order", "OrderFilter", [("orderId", orderID), ("userId", id)])
            #expect(refused.json["isSuccess"] == 0 && refused.json["message"]?.stringValue?.hasPrefix("参数错误") == true,
                    "\(refused.json.encodedString())")
        }
        let listed = try await tab(user, id, "ALL")
        #expect(listed.json["isSuccess"] == 1 && listed.results.map { $0["orderno"]?.stringValue ?? "" } == [number])
    }
}
