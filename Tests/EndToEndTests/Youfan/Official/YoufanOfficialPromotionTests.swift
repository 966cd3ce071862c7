import Foundation
import Testing
import TestSupport
import Wire

/// The platform promotions of the official app (WIRE.md §3.2 Promotion, Activity) as MB sends
/// them: the activity list, a promotion's rules, brands and products, and its 满减 over the
/// caller's real cart lines; unknown promotions and bad input get the SOA failure answer.
@Suite struct YoufanOfficialPromotionTests {
    let app: YoufanOfficialApp

    init() async throws { app = try await YoufanOfficialApp.onSharedServer() }

    @Test func anActivityLeadsToItsRulesBrandsAndProducts() async throws {
        let activities = try await app.get("Promotion", "getNormalActivtyList", [("pageIndex", "1"), ("pageSize", "10")])
        #expect(activities.json["isSuccess"] == 1 && activities.results.count == 6)
        let first = try #require(activities.results.first)
        #expect(first["id"] == "3001" && first["name"] == "夏日焕新季 满199减30" && first["tag_img"]?.stringValue?.isEmpty == false)
        let php = try await app.get("Activity", "getActivityList", [("page", "0")])
        #expect(php.status == 1 && php.list.map { $0["id"] } == activities.results.map { $0["id"] })

        let rules = try await app.post("Promotion", "PlatFormBasicInfoFilter", [("Use_Type", "FAST_BUY"), ("ids", "3001")]).results
        #expect(rules.count == 1 && rules.first?["condition"] == "199" && rules.first?["dis_Amount"] == 30)
        #expect(rules.first?["productList"] == nil, "the rules leave the catalogue links out")
        let range = try await app.post("Promotion", "PlatFormRangeDetail", [("id", "3001")]).results
        #expect(range.first?["brandLst"]?.arrayValue?.compactMap { $0["branD_CODE"]?.stringValue } == ["B1001", "B1002"])

        let page = try await app.post("Promotion", "getProductActivtyList", [("aid", "3001"), ("page", "0"), ("num", "40")])
        let products = page.results.first?["productList"]?.arrayValue ?? []
        #expect(page.json["total"] == 42 && products.count == 40 && page.results.first?["name"] == first["name"])
        let rest = try await app.post("Promotion", "getProductActivtyList", [("aid", "3001"), ("page", "1"), ("num", "40")])
        let codes = (products + (rest.results.first?["productList"]?.arrayValue ?? [])).compactMap { $0["product_sys_code"]?.stringValue }
        #expect(codes.count == 42 && codes.contains("160300001"), "马克华菲 (B1002) is in the promotion")
        let collocationProducts = try await app.get("Promotion", "PromotionCollocationProductFilter",
                                                    [("id", "3001"), ("pageIndex", "1"), ("pageSize", "14")])
        #expect(collocationProducts.results.count == 14 && collocationProducts.json["total"] == 42)
    }

    @Test func anActivitysVouchersCountTheTakes() async throws {
        func vouchers(_ client: YoufanOfficialApp) async throws -> [JSON] {
            let answer = try await client.post("Promotion", "getVouchersActivtyList", [("aid", "3002"), ("page", "1"), ("num", "20")])
            #expect(answer.results.first?["id"] == 3002)
            return answer.results.first?["vouchersList"]?.arrayValue ?? []
        }
        let before = try await vouchers(app)
        #expect(before.compactMap { $0["vouchers"]?.stringValue } == ["V300201", "V300202"])
        #expect(before.allSatisfy { $0["isGet"] == true && $0["part_num"] == 0 })
        let taker = try await app.signedIn(userID: YoufanOfficialJourneyTests.newUserID(), nickName: "领券达人")
        let taken = try await taker.post("Vouchers", "receiveVouchersForCheck", [("aid", "3002"), ("vouchers", "V300201")])
        #expect(taken.json["isSuccess"] == 1)
        let mine = try await vouchers(taker)
        let first = try #require(mine.first)
        #expect(first["isGet"] == false && first["part_num"] == 1 && mine.last?["isGet"] == true)
        let takes = try #require(first["right_num"]?.intValue)
        #expect(takes >= 1 && first["left_num"]?.intValue == 500 - takes)
        #expect(try await vouchers(app).first?["isGet"] == true, "anonymous: still to take")
    }

    @Test func theDiscountCountsTheCallersOwnCartLines() async throws {
        let buyerID = YoufanOfficialJourneyTests.newUserID()
        let buyer = try await app.signedIn(userID: buyerID, nickName: "精打细算")
        let row = try #require(try await app.get("Product", "ProductFilter", [("prodClsIdList", "160300001")]).results.first)
        let barcode = try #require(row["barcode_sys_code"]?.stringValue)
        #expect(row["salE_PRICE"] == 198)
        _ = try await buyer.post("Cart", "ShoppingCartCreateList", [("lstCreateDto", #"[{"barcode":"\#(barcode)","Qty":"1"}]"#)])
        let chosen = #"[{"barcode":"\#(barcode)","num":"5","cid":"","aid":""}]"#

        let below = try await buyer.post("Promotion", "PlatFormDisAmount", [("userId", buyerID), ("cartList", chosen)])
        #expect(below.json["isSuccess"] == 1 && below.results.isEmpty, "one piece (198) is below 199; the 5 sent does not count")
        let unmet = try await buyer.post("Promotion", "getDetailActivity", [("userId", buyerID), ("cartList", chosen), ("aid", "0")])
        #expect(unmet.results.map { $0["id"] } == ["3001"] && unmet.results.first?["can_use"] == "0")

        let line = try #require(try await buyer.get("Cart", "ShoppingCartFilter").results.first?["cartInfo"]?["id"]?.stringValue)
        _ = try await buyer.get("Cart", "ShoppingCartUpdate", [("ID", line), ("QTY", "2")])
        let met = try #require(try await buyer.post("Promotion", "PlatFormDisAmount",
                                                    [("userId", buyerID), ("cartList", chosen)]).results.first)
        #expect(met["price"] == "396.00" && met["dec_price"] == "30.00" && met["totalPrice"] == "366.00")
        #expect(met["id"] == 3001 && met["activityName"] == "夏日焕新季 满199减30")
        let discounted = met["productList"]?.arrayValue ?? []
        #expect(discounted.count == 1 && discounted.first?["barcode_sys_code"] == .string(barcode))
        #expect(discounted.first?["aid"] == "3001" && discounted.first?["num"] == "2" && discounted.first?["dec_price"] == "30.00")
        let usable = try await buyer.post("Promotion", "getDetailActivity", [("userId", buyerID), ("cartList", chosen), ("aid", "0")])
        #expect(usable.results.map { $0["id"] } == ["3001"] && usable.results.first?["can_use"] == "1")
        let whole = try await buyer.post("Promotion", "PlatFormDisAmount", [("userId", buyerID), ("cartList", "[]")])
        #expect(whole.results.first?["dec_price"] == "30.00", "no lines named: the whole cart")

        let payable = try #require(try await buyer.post("Promotion", "PlatFormVoucherAmount",
                                                        [("userId", buyerID), ("cartList", chosen), ("voucher", "")]).results.first)
        #expect(payable["price"] == "366.00" && payable["dec_price"] == "30.00" && payable["trans_price"] == "0.00")

        let otherID = YoufanOfficialJourneyTests.newUserID()
        let other = try await app.signedIn(userID: otherID, nickName: "旁观者")
        let refused = try await other.post("Promotion", "PlatFormDisAmount", [("userId", otherID), ("cartList", chosen)])
        #expect(refused.json["isSuccess"] == 0 && refused.json["message"] == .string("参数错误: 条码 \(barcode) 不在购物车中"))
        let posing = try await other.post("Promotion", "PlatFormDisAmount", [("userId", buyerID), ("cartList", chosen)])
        #expect(posing.json["isSuccess"] == 0 && posing.json["message"] == "token错误", "another user's cart is refused")
        let tokenless = try await app.postWithoutToken("Promotion", "PlatFormDisAmount", [("userId", buyerID), ("cartList", chosen)])
        #expect(tokenless.results.first?["dec_price"] == "30.00",
                "the app posts it without a token (quickPost), naming the buyer: \(tokenless.json.encodedString())")
        let signedOut = try await app.post("Promotion", "PlatFormDisAmount", [("cartList", chosen)])
        #expect(signedOut.json["isSuccess"] == 0 && signedOut.json["message"] == "token错误", "naming nobody, with no token")
    }

    @Test func unknownPromotionsAndBadInputGetTheFailureAnswerAndTheServerKeepsServing() async throws {
        let failures: [(String, [(String, String)], String)] = [
            ("PlatFormBasicInfoFilter", [("Use_Type", "FAST_BUY"), ("ids", "9999")], "参数错误: 活动 9999 不存在"),
            ("PlatFormBasicInfoFilter", [("Use_Type", "FAST_BUY")], "参数错误或者未定义:ids"),
            ("PlatFormRangeDetail", [("id", "abc")], "参数错误: 活动 abc 不存在"),
            ("getProductActivtyList", [("aid", "9999"), ("page", "0"), ("num", "40")], "参数错误: 活动 9999 不存在"),
            ("PromotionCollocationProductFilter", [("id", "")], "参数错误或者未定义:id"),
            ("getVouchersActivtyList", [("aid", "777"), ("page", "1")], "参数错误: 活动 777 不存在"),
        ]
        for (action, parameters, message) in failures {
            let answer = try await app.post("Promotion", action, parameters)
            #expect(answer.httpStatus == 200 && answer.json["isSuccess"] == 0 && answer.json["message"] == .string(message),
                    "\(action): \(answer.json.encodedString())")
            #expect(answer.results.isEmpty)
        }
        let buyerID = YoufanOfficialJourneyTests.newUserID()
        let buyer = try await app.signedIn(userID: buyerID, nickName: "乱填")
        let broken = try await buyer.post("Promotion", "PlatFormDisAmount", [("userId", buyerID), ("cartList", "[{barcode")])
        #expect(broken.json["isSuccess"] == 0 && broken.json["message"] == "参数错误: cartList 不是合法的 JSON")
        let nameless = try await buyer.post("Promotion", "PlatFormDisAmount", [("cartList", #"[{"num":"1"}]"#)])
        #expect(nameless.json["isSuccess"] == 0 && nameless.json["message"] == "参数错误或者未定义:cartList[].barcode")
        let still = try await app.get("Promotion", "getNormalActivtyList", [("pageIndex", "1"), ("pageSize", "10")])
        #expect(still.results.count == 6 && still.results.first?["id"] == "3001", "the server keeps serving the promotions")
        #expect(try await app.get("Promotion", "getNormalActivtyList", [("pageIndex", "2"), ("pageSize", "10")]).results.isEmpty)
    }
}
