import Foundation
import Testing
import TestSupport
import Wire

/// The official app's main journeys as its transport sends them (WIRE.md §3), on the shared
/// seeded server. Each test signs in users of its own, so the suites sharing the server cannot
/// see each other's state.
@Suite struct YoufanOfficialJourneyTests {
    let app: YoufanOfficialApp

    init() async throws { app = try await YoufanOfficialApp.onSharedServer() }

    static func newUserID() -> String { String(Int.random(in: 20_000_000...29_999_999)) }

    /// The stock rows of a product as `Product/ProductFilter` lists them (GoodCollectionController).
    func stockRows(_ code: String) async throws -> [JSON] {
        let rows = try await app.get("Product", "ProductFilter", [("prodClsIdList", code)]).results
        try #require(!rows.isEmpty)
        return rows
    }

    @Test func browseAddToCartChangeQuantityOrderAndCancel() async throws {
        let user = try await app.signedIn(userID: Self.newUserID(), nickName: "买家")
        let product = try await user.get("Product", "getProductDetails", [("code", "160300001")])
        #expect(product.status == 1 && product.data?["clsInfo"]?["code"] == "160300001")
        let row = try await stockRows("160300001")[0]
        let barcode = try #require(row["barcode_sys_code"]?.stringValue)

        let added = try await user.post("Cart", "ShoppingCartCreateList", [
            ("userId", ""), ("lstCreateDto", #"[{"barcode":"\#(barcode)","Qty":"1","Price":"198","cid":"","aid":""}]"#)])
        #expect(added.json["isSuccess"] == 1, "\(added.json.encodedString())")
        _ = try await user.post("Cart", "ShoppingCartCreateList", [("lstCreateDto", #"[{"barcode":"\#(barcode)","Qty":"1"}]"#)])
        var cart = try await user.get("Cart", "ShoppingCartFilter")
        #expect(cart.results.count == 1, "the same barcode adds to its line")
        let line = try #require(cart.results.first)
        #expect(line["cartInfo"]?["qty"] == 2)
        #expect(line["proudctList"]?["productInfo"]?["proD_CLS_NUM"] == "160300001")
        #expect(line["proudctList"]?["productInfo"]?["speC_NAME"] == row["speC_NAME"])
        let lineID = try #require(line["cartInfo"]?["id"]?.stringValue)

        _ = try await user.get("Cart", "ShoppingCartUpdate", [("ID", lineID), ("QTY", "3")])
        cart = try await user.get("Cart", "ShoppingCartFilter")
        #expect(cart.results.first?["cartInfo"]?["qty"] == 3)
        let badge = try await user.get("Cart", "ShoppingCartStaticFilter", [("userId", "")])
        #expect(badge.json["total"] == 1 && badge.results.first?["count"] == 3)
        let stock = try await user.get("Order", "checkStockForPay", [("cartList", #"[{"barcode":"\#(barcode)","num":3}]"#)])
        #expect(stock.json["isSuccess"] == 1)

        let order = try await user.post("Order", "OrderCreate", [
            ("cartList", #"[{"barcode":"\#(barcode)","num":3}]"#), ("type", "RETAIL"), ("source", "5"), ("memo", ""),
            ("receiver", "张三"), ("teL_PHONE", "13800000000"), ("province", "上海"), ("city", "上海"),
            ("county", "浦东新区"), ("address", "康桥路 1 号"), ("posT_CODE", "201315")])
        #expect(order.json["isSuccess"] == "1", "\(order.json.encodedString())")
        let orderNumber = try #require(order.json["message"]?.stringValue)
        #expect(order.json["waitingPayAmount"]?.doubleValue == 3 * (row["salE_PRICE"]?.doubleValue ?? -1))
        #expect(try await user.get("Cart", "ShoppingCartFilter").results.isEmpty, "ordered lines leave the cart")
        #expect(try await user.get("Order", "InvoiceFilter", [("ORDER_ID", orderNumber)]).results.count == 1)

        let cancelled = try await user.get("Order", "OrderCancel", [("orderId", orderNumber)])
        #expect(cancelled.json["isSuccess"] == 1)
        let again = try await user.get("Order", "OrderCancel", [("orderId", orderNumber)])
        #expect(again.json["isSuccess"] == 0 && again.json["message"]?.stringValue?.contains("cancelled") == true)
        let returned = try await user.post("Order", "OrderReturnCreate", [("orderno", orderNumber), ("type", "1")])
        #expect(returned.json["isSuccess"] == 0, "a cancelled order cannot be returned")
    }

    @Test func anOrderCanBeReturnedAndTheReturnIsListed() async throws {
        let userID = Self.newUserID()
        let user = try await app.signedIn(userID: userID, nickName: "退货")
        let barcode = try #require(try await stockRows("160300002")[0]["barcode_sys_code"]?.stringValue)
        _ = try await user.post("Cart", "ShoppingCartCreateList", [("lstCreateDto", #"[{"barcode":"\#(barcode)","Qty":"1"}]"#)])
        let order = try #require(try await user.post("Order", "OrderCreate").json["message"]?.stringValue)
        try await YoufanOfficialDeliveryTests.receive(order, userID: userID, on: user)
        let returned = try await user.post("Order", "OrderReturnCreate", [("orderno", order), ("type", "2"), ("reason", "尺码不合适")])
        #expect(returned.json["isSuccess"] == 1)
        let list = try await user.get("Order", "OrderReturnFilterList", [("pageIndex", "1"), ("pageSize", "10"), ("type", "2")])
        #expect(list.json["total"] == 1 && list.results.first?["orderReturnInfo"]?["orderno"]?.stringValue == order)
        #expect(try await user.get("Order", "OrderReturnFilterList", [("type", "1")]).results.isEmpty)
        let id = try #require(list.results.first?["orderReturnInfo"]?["id"]?.stringValue)
        let detail = try await user.get("Order", "OrderReturnFilter", [("id", id)])
        #expect(detail.results.first?["orderReturnInfo"]?["state"] == "0", "申请中: \"1\" is 已审批 to the app")
        #expect(try await user.get("Order", "OrderCancel", [("orderId", order)]).json["isSuccess"] == 0)
    }

    @Test func likesAreIdempotentAndCountsMove() async throws {
        let first = try await app.signedIn(userID: Self.newUserID(), nickName: "甲")
        let second = try await app.signedIn(userID: Self.newUserID(), nickName: "乙")
        // A seeded collocation no other test likes: its count is shared by every suite on the
        // server, and the list's first card is whatever another suite posted last.
        let collocation = "7020"
        #expect(try await app.get("Collocation", "getCollocationDetails", [("cid", collocation)]).data?["id"] == .string(collocation))
        let base = Int(try await first.get("Collocation", "delLikeCollocation", [("cid", collocation)]).data?.stringValue ?? "") ?? -1
        #expect(try await first.get("Collocation", "likeCollocation", [("cid", collocation)]).data == .string(String(base + 1)))
        #expect(try await first.get("Collocation", "likeCollocation", [("cid", collocation)]).data == .string(String(base + 1)))
        #expect(try await second.get("Collocation", "likeCollocation", [("cid", collocation)]).data == .string(String(base + 2)))
        #expect(try await first.get("Collocation", "delLikeCollocation", [("cid", collocation)]).data == .string(String(base + 1)))
        let unknown = try await first.get("Collocation", "likeCollocation", [("cid", "99999999")])
        #expect(unknown.status == -100)

        let brand = try #require(try await app.get("BrandMb", "getAppBrandList", [("cid", "1")]).list.first?["brand_code"]?.stringValue)
        #expect(try await first.get("BrandMb", "likeBrand", [("brandCode", brand)]).status == 1)
        let liked = try await first.get("BrandMb", "getMyLikeBrandListWithItem", [("page", "0")])
        #expect(liked.list.count == 1 && liked.list.first?["brand_code"]?.stringValue?.lowercased() == brand.lowercased())
        #expect(liked.list.first?["is_love"] == 1)
        _ = try await first.get("BrandMb", "delLikeBrand", [("brandCode", brand)])
        #expect(try await first.get("BrandMb", "getMyLikeBrandListWithItem").list.isEmpty)
    }

    @Test func followsNeedAKnownUserAndAreIdempotent() async throws {
        let fanID = Self.newUserID()
        let fan = try await app.signedIn(userID: fanID, nickName: "粉丝")
        for _ in 0..<2 {
            let follow = try await fan.post("WXSC_Account", "UserConcernCreate", [("UserId", fanID), ("ConcernId", "300103"),
                                                                                  ("ConcernType", "造型师")])
            #expect(follow.json["isSuccess"] == 1, "\(follow.json.encodedString())")
        }
        #expect(try await fan.post("WXSC_Account", "UserConcernDelete", [("UserId", fanID), ("ConcernIds", "300103")])
            .json["isSuccess"] == 1)
        let bare = YoufanOfficialApp(baseURL: app.baseURL)
        let unknown = try await bare.get("Account", "UserConcernCreate", [("userId", "404"), ("concernId", "300103")])
        #expect(unknown.json["isSuccess"] == 0 && unknown.json["message"] == "查无此用户")
        #expect(try await bare.get("Account", "UserConcernCreate", [("userId", fanID), ("concernId", "300103")])
            .json["isSuccess"] == 1)
    }

    @Test func favouritesAreListedAsSearchRows() async throws {
        let userID = Self.newUserID()
        let user = try await app.signedIn(userID: userID, nickName: "收藏")
        let row = #"[{"userId":"\#(userID)","sourcE_TYPE":1,"product_code":160300004,"creatE_USER":"\#(userID)"}]"#
        for _ in 0..<2 { #expect(try await user.post("Product", "FavoriteCreateList", [("favoriteList", row)]).json["isSuccess"] == 1) }
        let listed = try await user.get("Product", "FavoriteProductClsFilter", [("userId", userID), ("pageIndex", "1"), ("PageSize", "20")])
        #expect(listed.json["total"] == 1 && listed.results.first?["clsInfo"]?["id"] == "160300004")
        #expect(listed.results.first?["clsInfo"]?["isFavorite"] == true)
        _ = try await user.post("Product", "FavoriteDelete", [("favoriteList", row)])
        #expect(try await user.get("Product", "FavoriteProductClsFilter").results.isEmpty)
    }

    @Test func commentAndDeleteIt() async throws {
        let author = try await app.signedIn(userID: Self.newUserID(), nickName: "评论<者>")
        let collocation = try #require(try await app.get("Collocation", "getCollocationListByUserType", [("page", "0")])
            .list.last?["id"]?.stringValue)
        let before = try await app.get("Comment", "getCommentList", [("type", "1"), ("tid", collocation), ("page", "0")]).list
        let added = try await author.get("Comment", "addCommentInfo", [("type", "1"), ("toUserId", ""), ("score", "5"),
                                                                       ("tid", collocation), ("info", "好看 <b>")])
        #expect(added.status == 1)
        let listed = try await app.get("Comment", "getCommentList", [("type", "1"), ("tid", collocation), ("page", "0")]).list
        #expect(listed.count == min(before.count + 1, 10))
        let mine = try #require(listed.first)
        #expect(mine["info"] == "好看 &lt;b&gt;" && mine["nick_name"] == "评论<者>")
        #expect(mine["to_user"]?["user_id"] == "")
        let id = try #require(mine["id"]?.stringValue)

        let stranger = try await app.signedIn(userID: Self.newUserID(), nickName: "路人")
        #expect(try await stranger.get("Comment", "delMyComment", [("cid", id)]).status == -100)
        #expect(try await author.get("Comment", "delMyComment", [("cid", id)]).status == 1)
        #expect(try await app.get("Comment", "getCommentList", [("type", "1"), ("tid", collocation), ("page", "0")]).list == before)
    }

    @Test func aSecondUserCannotTouchTheFirstUsersCartOrOrders() async throws {
        let ownerID = Self.newUserID()
        let owner = try await app.signedIn(userID: ownerID, nickName: "主人")
        let other = try await app.signedIn(userID: Self.newUserID(), nickName: "别人")
        let barcode = try #require(try await stockRows("160300003")[0]["barcode_sys_code"]?.stringValue)
        _ = try await owner.post("Cart", "ShoppingCartCreateList", [("lstCreateDto", #"[{"barcode":"\#(barcode)","Qty":"2"}]"#)])
        let line = try #require(try await owner.get("Cart", "ShoppingCartFilter").results.first?["cartInfo"]?["id"]?.stringValue)
        #expect(try await other.get("Cart", "ShoppingCartFilter").results.isEmpty)
        #expect(try await other.get("Cart", "ShoppingCartFilter", [("userId", ownerID)]).json["message"] == "token错误",
                "naming the owner with another user's token is refused")
        #expect(try await other.get("Cart", "ShoppingCartUpdate", [("ID", line), ("QTY", "9")]).json["isSuccess"] == 0)
        #expect(try await other.get("Cart", "ShoppingCartDeleteList", [("IDS", line)]).json["isSuccess"] == 0)
        let order = try #require(try await owner.post("Order", "OrderCreate").json["message"]?.stringValue)
        #expect(try await other.get("Order", "OrderCancel", [("orderId", order)]).json["isSuccess"] == 0)
        #expect(try await other.get("Order", "InvoiceFilter", [("ORDER_ID", order)]).json["isSuccess"] == 0)
        #expect(try await owner.get("Order", "OrderCancel", [("orderId", order)]).json["isSuccess"] == 1)
    }
}
