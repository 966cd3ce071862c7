import Foundation
import Testing
import TestSupport
import Wire

/// The 范票 a user holds, as the official app shows and spends them (MB
/// `UI/ViewController/Me/MyShoppingTrolly/SMBRedPacketViewController.m`): "我的范票" GETs
/// `Vouchers/MyselfCouponFilter` (`token`, `pageIndex` from 1, `pageSize` 14); the checkout POSTs
/// `Vouchers/getUserCanUseVochersList` with its lines as `cartList` and sends the chosen row's
/// `id` as `vouchersId` and `vouchers` with `Order/OrderCreate`
/// (`MBCreateGoodsOrderViewController.m`). A non-empty `message` on success would pop up as an
/// alert. Barcode `1603000810102` (SEMIR, in promotion 3002) is ordered by no other suite.
@Suite struct YoufanOfficialVoucherTests {
    static let barcode = "1603000810102"
    let app: YoufanOfficialApp

    init() async throws { app = try await YoufanOfficialApp.onSharedServer() }

    func mine(_ user: YoufanOfficialApp) async throws -> YoufanAppClient.Answer {
        try await user.get("Vouchers", "MyselfCouponFilter", [("pageIndex", "1"), ("pageSize", "14")])
    }

    func usable(_ user: YoufanOfficialApp, barcode: String = Self.barcode) async throws -> YoufanAppClient.Answer {
        try await user.post("Vouchers", "getUserCanUseVochersList", [
            ("cartList", #"[{"collocation_id":"","barcode":"\#(barcode)","aid":"","num":1}]"#), ("pageIndex", "1"), ("pageSize", "14"),
        ])
    }

    @Test func theDemoAccountStartsWithVouchersOfTheSeededPromotions() async throws {
        let demo = YoufanOfficialApp(baseURL: app.baseURL, token: YoufanOfficialStateTests.demoToken)
        let listed = try await mine(demo)
        #expect(listed.json["isSuccess"] == 1 && listed.json["message"] == "" && listed.json["total"] == 3, "\(listed.json.encodedString())")
        #expect(listed.results.map { $0["vouchers"]?.stringValue ?? "" } == ["V300302", "V300201", "V300101"], "newest first")
        #expect(listed.results.map { $0["status"] ?? .null } == [3, 1, 1], "one used, two to use")
        let first = try #require(listed.results.last)
        #expect(first["name"] == "10元范票" && first["info"] == "满99元可用" && first["use_rule"] == "BRAND")
        #expect(first["start_time"] == "2016-06-01 00:00:00" && first["end_time"] == "2016-12-31 23:59:59")
        #expect(first["id"]?.stringValue.flatMap(Int.init) != nil, "sent back as vouchersId")
        #expect(listed.results.first?["name"] == "20元范票")
    }

    /// The demo's vouchers are imported from its captured list by the built `serve`: one spent
    /// stays spent after a restart (importing the seeds again adds no voucher the user holds), and
    /// a reset brings back the seeded three and no order.
    @Test(.enabled(if: ServeBinary.isBuilt), .timeLimit(.minutes(5)))
    func aSpentSeededVoucherStaysSpentAfterARestartAndAResetBringsItBack() async throws {
        let directory = try TemporaryDirectory("youfan-official-vouchers")
        defer { directory.remove() }
        let arguments = try YoufanTestServer.serveArguments(in: directory, seeding: ["accounts.json", "product-filters.json",
                                                                                     "promotions.json", "vouchers.json"])
        let statuses = { (answer: YoufanAppClient.Answer) in answer.results.map { $0["status"] ?? .null } }
        let orders = { (demo: YoufanOfficialApp) in
            try await demo.get("Order", "OrderCommonFilter", [("userId", YoufanOfficialStateTests.demoUserID), ("status", "ALL"),
                                                              ("PageSize", "10"), ("PageIndex", "0")]).results
        }

        var serve = try await ServeBinary.launch(arguments)
        var demo = YoufanOfficialApp(baseURL: "http://127.0.0.1:\(serve.port)", token: YoufanOfficialStateTests.demoToken)
        #expect(try await demo.post("Cart", "ShoppingCartCreateList", [("lstCreateDto", #"[{"barcode":"\#(Self.barcode)","Qty":"1"}]"#)])
            .json["isSuccess"] == 1)
        let voucher = try #require(try await usable(demo).results.first)
        #expect(voucher["vouchers"] == "V300201", "the seeded voucher of promotion 3002, which covers SEMIR")
        let voucherID = try #require(voucher["id"]?.stringValue)
        let ordered = try await demo.post("Order", "OrderCreate", [("cartList", #"[{"barcode":"\#(Self.barcode)","num":1}]"#),
                                                                   ("vouchersId", voucherID), ("vouchers", "V300201")])
        let number = try #require(ordered.json["message"]?.stringValue, "\(ordered.json.encodedString())")
        #expect(statuses(try await mine(demo)) == [3, 3, 1])
        serve.send(signal: SIGTERM)
        #expect(await serve.exitStatus() == 0)

        serve = try await ServeBinary.launch(arguments)
        demo = YoufanOfficialApp(baseURL: "http://127.0.0.1:\(serve.port)", token: YoufanOfficialStateTests.demoToken)
        #expect(statuses(try await mine(demo)) == [3, 3, 1], "still spent after the restart")
        #expect(try await orders(demo).map { $0["orderno"]?.stringValue ?? "" } == [number])

        let reset = try await RawHTTPClient.exchangeUntilClose(port: serve.port, "POST", "/__admin/reset", timeout: 60)
        #expect(reset.status == 200, "\(reset.text)")
        #expect(statuses(try await mine(demo)) == [3, 1, 1], "the seeded vouchers are back as seeded")
        #expect(try await orders(demo).isEmpty)
        serve.send(signal: SIGTERM)
        #expect(await serve.exitStatus() == 0)
    }

    @Test func aTakenVoucherIsOfferedForItsBrandsAndAnOrderUsesItOnce() async throws {
        let id = YoufanOfficialJourneyTests.newUserID()
        let user = try await app.signedIn(userID: id, nickName: "用券")
        for (aid, code) in [("3002", "V300201"), ("3001", "V300101")] {
            #expect(try await user.post("Vouchers", "receiveVouchersForCheck", [("aid", aid), ("vouchers", code)]).json["isSuccess"] == 1)
        }
        #expect(try await mine(user).results.map { $0["vouchers"]?.stringValue ?? "" } == ["V300101", "V300201"])
        let added = try await user.post("Cart", "ShoppingCartCreateList", [("lstCreateDto", #"[{"barcode":"\#(Self.barcode)","Qty":"1"}]"#)])
        #expect(added.json["isSuccess"] == 1)

        let offered = try await usable(user)
        #expect(offered.json["isSuccess"] == 1 && offered.json["message"] == "" && offered.json["total"] == 1, "\(offered.json.encodedString())")
        let voucher = try #require(offered.results.first)
        #expect(voucher["vouchers"] == "V300201" && voucher["status"] == 1, "3002 covers SEMIR; 3001 does not")
        let voucherID = try #require(voucher["id"]?.stringValue)

        let ordered = try await user.post("Order", "OrderCreate", [("cartList", #"[{"barcode":"\#(Self.barcode)","num":1}]"#),
                                                                   ("vouchersId", voucherID), ("vouchers", "V300201")])
        #expect(ordered.json["isSuccess"] == "1", "\(ordered.json.encodedString())")
        #expect(try await mine(user).results.map { $0["status"] ?? .null } == [1, 3], "the order used it")
        _ = try await user.post("Cart", "ShoppingCartCreateList", [("lstCreateDto", #"[{"barcode":"\#(Self.barcode)","Qty":"1"}]"#)])
        let none = try await usable(user)
        #expect(none.json["isSuccess"] == 1 && none.json["total"] == 0 && none.results.isEmpty)

        let again = try await user.post("Order", "OrderCreate", [("cartList", #"[{"barcode":"\#(Self.barcode)","num":1}]"#),
                                                                 ("vouchersId", voucherID), ("vouchers", "V300201")])
        #expect(again.json["isSuccess"] == 0 && again.json["message"]?.stringValue == "范票不可用: \(voucherID)")
        #expect(try await user.get("Cart", "ShoppingCartFilter").results.count == 1, "the refused order leaves the cart as it was")
        let orders = try await user.get("Order", "OrderCommonFilter", [("userId", id), ("status", "ALL"), ("PageSize", "10"), ("PageIndex", "0")])
        #expect(orders.results.count == 1, "and adds no order")
    }

    @Test func anotherUsersVoucherCannotBeSpent() async throws {
        let owner = try await app.signedIn(userID: YoufanOfficialJourneyTests.newUserID(), nickName: "券主")
        #expect(try await owner.post("Vouchers", "receiveVouchersForCheck", [("aid", "3002"), ("vouchers", "V300202")]).json["isSuccess"] == 1)
        let voucherID = try #require(try await mine(owner).results.first?["id"]?.stringValue)
        let thief = try await app.signedIn(userID: YoufanOfficialJourneyTests.newUserID(), nickName: "顺手")
        _ = try await thief.post("Cart", "ShoppingCartCreateList", [("lstCreateDto", #"[{"barcode":"\#(Self.barcode)","Qty":"1"}]"#)])
        let refused = try await thief.post("Order", "OrderCreate", [("cartList", #"[{"barcode":"\#(Self.barcode)","num":1}]"#),
                                                                    ("vouchersId", voucherID), ("vouchers", "V300202")])
        #expect(refused.json["isSuccess"] == 0 && refused.json["message"]?.stringValue == "范票不可用: \(voucherID)")
        #expect(try await mine(owner).results.first?["status"] == 1, "still the owner's to use")
        #expect(try await mine(thief).results.isEmpty)
    }

    @Test func malformedVoucherRequestsAreRefusedAndTheListsKeepServing() async throws {
        let user = try await app.signedIn(userID: YoufanOfficialJourneyTests.newUserID(), nickName: "乱选")
        #expect(try await user.post("Vouchers", "receiveVouchersForCheck", [("aid", "3002"), ("vouchers", "V300201")]).json["isSuccess"] == 1)
        let signedOut = YoufanOfficialApp(baseURL: app.baseURL)
        let refusals: [(YoufanAppClient.Answer, String)] = [
            (try await mine(signedOut), "token错误"),
            (try await usable(signedOut), "token错误"),
            (try await usable(user), "参数错误: 条码 \(Self.barcode) 不在购物车中"),
            (try await user.post("Vouchers", "getUserCanUseVochersList", [("cartList", "[{"), ("pageIndex", "1")]),
             "参数错误: cartList 不是合法的 JSON"),
        ]
        for (refused, message) in refusals {
            #expect(refused.httpStatus == 200 && refused.json["isSuccess"] == 0 && refused.json["message"]?.stringValue == message,
                    "\(refused.json.encodedString())")
        }
        #expect(try await mine(user).results.map { $0["status"] ?? .null } == [1], "the voucher is still there, unused")
    }
}
