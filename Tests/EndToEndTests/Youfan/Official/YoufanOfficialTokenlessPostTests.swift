import Testing
import TestSupport
import Wire

/// The official app's POSTs as its transport sends them: `HttpRequest orderPostRequestPath` (and
/// the other `…PostRequestPath` variants) → `MBHttpClient mbPostRequestPath` → `SDataCache
/// quickPost`, a form POST with no `token` (its line is commented out) that names the user instead,
/// `userId` = `sns.ldap_uid` (MB `Unico/MBAddShopping/MBAddShoppingViewController.m`,
/// `UI/ViewController/Collocation/GoodsDetail/MBCreateGoodsOrderViewController.m`). The mock
/// cannot tell who sends an id: like the real service's tokenless POST, it trusts it; a token that
/// is sent must be the named user's.
@Suite struct YoufanOfficialTokenlessPostTests {
    let app: YoufanOfficialApp

    init() async throws { app = try await YoufanOfficialApp.onSharedServer() }

    /// The add-to-cart form of `MBAddShoppingViewController`: `lstCreateDto` and `userId`.
    static func addToCart(_ barcode: String, quantity: Int, userID: String) -> [(String, String)] {
        [("lstCreateDto", #"[{"barcode":"\#(barcode)","Qty":"\#(quantity)","Price":"198","cid":"","aid":""}]"#),
         ("userId", userID)]
    }

    func barcode(_ code: String) async throws -> String {
        let rows = try await app.get("Product", "ProductFilter", [("prodClsIdList", code)]).results
        return try #require(rows.first?["barcode_sys_code"]?.stringValue)
    }

    @Test func theAppAddsToTheCartAndOrdersWithoutAToken() async throws {
        let userID = YoufanOfficialJourneyTests.newUserID()
        let user = try await app.signedIn(userID: userID, nickName: "不带令牌")
        let barcode = try await barcode("160300001")

        let added = try await app.postWithoutToken("Cart", "ShoppingCartCreateList", Self.addToCart(barcode, quantity: 2, userID: userID))
        #expect(added.httpStatus == 200 && added.json["isSuccess"] == 1, "\(added.json.encodedString())")
        let cart = try await user.get("Cart", "ShoppingCartFilter")
        #expect(cart.results.count == 1 && cart.results.first?["cartInfo"]?["qty"] == 2, "the line is the named user's")
        // The newer 购物袋 (ShoppingBagViewController.m) asks for the same lines as m=Order with userId.
        let bag = try await user.get("Order", "ShoppingCartFilter", [("userId", userID)])
        #expect(bag.json["isSuccess"] == 1 && bag.results == cart.results, "\(bag.json.encodedString())")
        let line = try #require(cart.results.first?["cartInfo"]?["id"]?.stringValue)
        let changed = try await app.postWithoutToken("Cart", "ShoppingCartUpdate", [("ID", line), ("QTY", "3"), ("userId", userID)])
        #expect(changed.json["isSuccess"] == 1, "\(changed.json.encodedString())")

        let order = try await app.postWithoutToken("Order", "OrderCreate", [
            ("memo", ""), ("type", "RETAIL"), ("source", "5"), ("receiver", "张三"), ("teL_PHONE", "13800000000"),
            ("province", "上海"), ("city", "上海"), ("county", "浦东新区"), ("address", "康桥路 1 号"), ("posT_CODE", "201315"),
            ("userId", userID), ("cartList", #"[{"barcode":"\#(barcode)","num":3}]"#), ("paymentAry", "[]"), ("CouponInfoList", "[]"),
            ("vouchersId", ""), ("vouchers", "")])
        #expect(order.json["isSuccess"] == "1", "\(order.json.encodedString())")
        let number = try #require(order.json["message"]?.stringValue)
        #expect(try await user.get("Cart", "ShoppingCartFilter").results.isEmpty, "the ordered line leaves the cart")
        #expect(try await user.get("Order", "OrderFilter", [("orderId", number)]).results.count == 1, "the order is the named user's")
    }

    @Test func anotherUsersIdCannotTouchTheFirstUsersCart() async throws {
        let ownerID = YoufanOfficialJourneyTests.newUserID()
        let owner = try await app.signedIn(userID: ownerID, nickName: "车主")
        let otherID = YoufanOfficialJourneyTests.newUserID()
        _ = try await app.signedIn(userID: otherID, nickName: "旁人")
        let barcode = try await barcode("160300003")
        _ = try await app.postWithoutToken("Cart", "ShoppingCartCreateList", Self.addToCart(barcode, quantity: 1, userID: ownerID))
        let line = try #require(try await owner.get("Cart", "ShoppingCartFilter").results.first?["cartInfo"]?["id"]?.stringValue)

        let changed = try await app.postWithoutToken("Cart", "ShoppingCartUpdate", [("ID", line), ("QTY", "9"), ("userId", otherID)])
        #expect(changed.httpStatus == 200 && changed.json["isSuccess"] == 0 && changed.json["message"] == .string("参数错误: cart \(line) 不存在"),
                "another user's line is answered as one that does not exist: \(changed.json.encodedString())")
        let ordered = try await app.postWithoutToken("Order", "OrderCreate", [("userId", otherID), ("cartList", "[]")])
        #expect(ordered.json["isSuccess"] == 0 && ordered.json["message"] == "参数错误: 购物车为空",
                "an order from the cart is from the named user's own cart: \(ordered.json.encodedString())")
        let cart = try await owner.get("Cart", "ShoppingCartFilter").results
        #expect(cart.count == 1 && cart.first?["cartInfo"]?["qty"] == 1, "the owner's line is untouched")
    }

    @Test func aTokenSentMustBeTheNamedUsersAndNobodyNamedIsRefused() async throws {
        let victimID = YoufanOfficialJourneyTests.newUserID()
        let victim = try await app.signedIn(userID: victimID, nickName: "被冒名")
        let intruder = try await app.signedIn(userID: YoufanOfficialJourneyTests.newUserID(), nickName: "冒名者")
        let barcode = try await barcode("160300001")

        let posing = try await intruder.post("Cart", "ShoppingCartCreateList", Self.addToCart(barcode, quantity: 1, userID: victimID))
        #expect(posing.httpStatus == 200 && posing.json["isSuccess"] == 0 && posing.json["message"] == "token错误",
                "\(posing.json.encodedString())")
        let unknown = try await app.postWithoutToken("Cart", "ShoppingCartCreateList", Self.addToCart(barcode, quantity: 1, userID: "404404"))
        #expect(unknown.httpStatus == 200 && unknown.json["isSuccess"] == 0 && unknown.json["message"] == "查无此用户"
                    && unknown.results.isEmpty, "\(unknown.json.encodedString())")
        let anonymous = try await app.postWithoutToken("Cart", "ShoppingCartCreateList", Self.addToCart(barcode, quantity: 1, userID: ""))
        #expect(anonymous.json["isSuccess"] == 0 && anonymous.json["message"] == "token错误", "\(anonymous.json.encodedString())")
        #expect(try await victim.get("Cart", "ShoppingCartFilter").results.isEmpty, "nothing was added for anyone")

        let own = try await victim.post("Cart", "ShoppingCartCreateList", Self.addToCart(barcode, quantity: 1, userID: victimID))
        #expect(own.json["isSuccess"] == 1, "the server keeps serving, the named user's own token is accepted")
        #expect(try await victim.get("Cart", "ShoppingCartFilter").results.count == 1)
    }

    @Test func favouritesAndFollowsPostedWithoutATokenAreTheNamedUsers() async throws {
        let userID = YoufanOfficialJourneyTests.newUserID()
        let user = try await app.signedIn(userID: userID, nickName: "收藏者")
        let designerID = YoufanOfficialJourneyTests.newUserID()
        _ = try await app.signedIn(userID: designerID, nickName: "造型师")
        let row = #"[{"userId":"\#(userID)","sourcE_TYPE":"1","product_code":160300004,"creatE_USER":"收藏者"}]"#
        let favoured = try await app.postWithoutToken("Product", "FavoriteCreateList", [("favoriteList", row)])
        #expect(favoured.json["isSuccess"] == 1, "\(favoured.json.encodedString())")
        #expect(try await user.get("Product", "FavoriteProductClsFilter").results.first?["clsInfo"]?["id"] == "160300004")
        let nobody = #"[{"userId":"404404","sourcE_TYPE":"1","product_code":160300004}]"#
        #expect(try await app.postWithoutToken("Product", "FavoriteCreateList", [("favoriteList", nobody)]).json["message"] == "查无此用户")

        let twoUsers = #"[{"userId":"\#(userID)","sourcE_TYPE":"1","product_code":160300004},"#
            + #"{"userId":"\#(designerID)","sourcE_TYPE":"1","product_code":160300001}]"#
        let mixed = try await app.postWithoutToken("Product", "FavoriteCreateList", [("favoriteList", twoUsers)])
        #expect(mixed.json["isSuccess"] == 0 && mixed.json["message"] == "token错误", "one call is one user's")
        #expect(try await user.get("Product", "FavoriteProductClsFilter").results.count == 1, "nothing more was favoured")

        let followed = try await app.postWithoutToken("WXSC_Account", "UserConcernCreate",
                                                       [("UserId", userID), ("ConcernId", designerID), ("ConcernType", "造型师")])
        #expect(followed.json["isSuccess"] == 1, "\(followed.json.encodedString())")
        let unfollowed = try await app.postWithoutToken("WXSC_Account", "UserConcernDelete", [("UserId", userID), ("ConcernIds", designerID)])
        #expect(unfollowed.json["isSuccess"] == 1, "\(unfollowed.json.encodedString())")
    }

    /// An address as `MyAdderssViewController` posts it: the address fields and `UserId`.
    @Test func addressesPostedWithoutATokenAreTheNamedUsersOwn() async throws {
        let ownerID = YoufanOfficialJourneyTests.newUserID()
        _ = try await app.signedIn(userID: ownerID, nickName: "收件人")
        let otherID = YoufanOfficialJourneyTests.newUserID()
        _ = try await app.signedIn(userID: otherID, nickName: "改地址的人")
        let saved = try await app.postWithoutToken("Order", "ReceiverCreate", [
            ("NAME", "李四"), ("MOBILENO", "13900000000"), ("PROVINCE", "上海市"), ("CITY", "上海市"),
            ("COUNTY", "徐汇区"), ("ADDRESS", "漕溪北路 1 号"), ("ISDEFAULT", "1"), ("UserId", ownerID)])
        #expect(saved.json["isSuccess"] == 1, "\(saved.json.encodedString())")
        let id = try #require(saved.results.first?["ID"]?.stringValue)

        let moved = try await app.postWithoutToken("Order", "ReceiverUpdate", [("ID", id), ("ADDRESS", "别处"), ("UserId", otherID)])
        #expect(moved.json["isSuccess"] == 0 && moved.json["message"] == .string("参数错误: address \(id) 不存在"),
                "\(moved.json.encodedString())")
        let edited = try await app.postWithoutToken("Order", "ReceiverUpdate", [("ID", id), ("CITY", "上海"), ("UserId", ownerID)])
        #expect(edited.results.first?["ADDRESS"] == "漕溪北路 1 号" && edited.results.first?["CITY"] == "上海",
                "the other user's edit changed nothing: \(edited.json.encodedString())")
    }

    /// A new address as `NewAddressViewController` posts it (`row` < 0: `Order/ReceiverCreate`
    /// through `HttpRequest postRequestPath`, no token): `UserId`, `CREATE_USER`, the form's
    /// upper-case fields and `PHONENO`, a copy of `MOBILENO`. The list reads it back in lower case,
    /// and an order that carries no address goes to it.
    @Test func aNewAddressIsTheOneTheAddressFormPosts() async throws {
        let ownerID = YoufanOfficialJourneyTests.newUserID()
        let owner = try await app.signedIn(userID: ownerID, nickName: "新地址")
        let form = [("UserId", ownerID), ("CREATE_USER", "新地址"), ("NAME", "赵六"), ("MOBILENO", "13600000000"),
                    ("COUNTRY", "中国"), ("PROVINCE", "浙江省"), ("CITY", "杭州市"), ("COUNTY", "西湖区"), ("street", "文新街道"),
                    ("ADDRESS", "文三路 9 号"), ("POST_CODE", "310012"), ("PHONENO", "13600000000"), ("ISDEFAULT", "1")]
        let created = try await app.postWithoutToken("Order", "ReceiverCreate", form)
        #expect(created.httpStatus == 200 && created.json["isSuccess"] == 1, "\(created.json.encodedString())")
        let id = try #require(created.results.first?["ID"]?.stringValue)

        let nobody = try await app.postWithoutToken("Order", "ReceiverCreate", form.filter { $0.0 != "UserId" })
        #expect(nobody.httpStatus == 200 && nobody.json["isSuccess"] == 0 && nobody.json["message"] == "token错误",
                "\(nobody.json.encodedString())")
        let unknown = try await app.postWithoutToken("Order", "ReceiverCreate", [("UserId", "99999999")] + form.dropFirst())
        #expect(unknown.json["isSuccess"] == 0 && unknown.json["message"] == "查无此用户", "\(unknown.json.encodedString())")
        let noID = try await app.postWithoutToken("Order", "ReceiverUpdate", form)
        #expect(noID.json["isSuccess"] == 0 && noID.json["message"] == "参数错误或者未定义:ID",
                "an edit names its address: \(noID.json.encodedString())")
        for refused in [nobody, unknown, noID] {
            #expect(!refused.json.encodedString().contains("SQL") && !refused.json.encodedString().contains("Youfan"))
        }

        let listed = try await owner.get("Order", "ReceiverFilter", [("userId", ownerID), ("pageIndex", "1"), ("pageSize", "100")])
        #expect(listed.results.count == 1, "the refused posts stored nothing: \(listed.json.encodedString())")
        let row = try #require(listed.results.first)
        #expect(row["id"] == .string(id) && row["name"] == "赵六" && row["mobileno"] == "13600000000" && row["phoneno"] == "13600000000"
                    && row["country"] == "中国" && row["province"] == "浙江省" && row["city"] == "杭州市" && row["county"] == "西湖区"
                    && row["address"] == "文三路 9 号" && row["posT_CODE"] == "310012" && row["is_default"] == 1 && row["isdefault"] == 1,
                "\(row.encodedString())")

        let barcode = try #require(try await owner.get("Product", "ProductFilter", [("prodClsIdList", "160300001")])
            .results.first?["barcode_sys_code"]?.stringValue)
        let order = try await owner.post("Order", "OrderCreate", [("cartList", #"[{"barcode":"\#(barcode)","num":1}]"#)])
        let number = try #require(order.json["message"]?.stringValue, "\(order.json.encodedString())")
        let orders = try await owner.get("Order", "OrderCommonFilter", [("userId", ownerID), ("status", "ALL"), ("PageSize", "10"),
                                                                        ("PageIndex", "0")]).results
        let placed = try #require(orders.first { $0["orderno"]?.stringValue == number })
        #expect(placed["receiver"] == "赵六" && placed["teL_PHONE"] == "13600000000" && placed["address"] == "文三路 9 号",
                "\(placed.encodedString())")
        #expect(try await owner.get("Order", "OrderCancel", [("orderId", number)]).json["isSuccess"] == 1)
    }

    /// The address list as `MyAdderssViewController` reads it (`Order/ReceiverFilter`) and its delete
    /// as it posts it: `ID` alone, no token and no user, so the address's owner is the caller; a
    /// user or a token that is sent must be the owner's.
    @Test func anAddressPostedForDeletionByItsIdAloneIsItsOwnersToDelete() async throws {
        let ownerID = YoufanOfficialJourneyTests.newUserID()
        let owner = try await app.signedIn(userID: ownerID, nickName: "删地址的人")
        let otherID = YoufanOfficialJourneyTests.newUserID()
        let other = try await app.signedIn(userID: otherID, nickName: "别人")
        func save(_ address: String) async throws -> String {
            let saved = try await app.postWithoutToken("Order", "ReceiverCreate", [
                ("NAME", "王五"), ("MOBILENO", "13700000000"), ("PROVINCE", "上海市"), ("CITY", "上海市"),
                ("COUNTY", "静安区"), ("ADDRESS", address), ("ISDEFAULT", "0"), ("UserId", ownerID)])
            return try #require(saved.results.first?["ID"]?.stringValue, "\(saved.json.encodedString())")
        }
        let first = try await save("南京西路 1 号")
        let second = try await save("南京西路 2 号")

        let named = try await app.postWithoutToken("Order", "ReceiverDelete", [("ID", first), ("UserId", otherID)])
        #expect(named.json["isSuccess"] == 0 && named.json["message"] == .string("参数错误: address \(first) 不存在"),
                "\(named.json.encodedString())")
        let tokened = try await other.post("Order", "ReceiverDelete", [("ID", first)])
        #expect(tokened.json["isSuccess"] == 0 && tokened.json["message"] == .string("参数错误: address \(first) 不存在"))
        let unknown = try await app.postWithoutToken("Order", "ReceiverDelete", [("ID", "999999999")])
        #expect(unknown.json["isSuccess"] == 0 && unknown.json["message"] == "参数错误: address 999999999 不存在")
        let empty = try await app.postWithoutToken("Order", "ReceiverDelete", [("ID", "")])
        #expect(empty.json["isSuccess"] == 0 && empty.json["message"] == "参数错误或者未定义:ID")

        // The address list as MyAdderssViewController asks for it (a GET with the token).
        let listForm = [("userId", ownerID), ("pageIndex", "1"), ("pageSize", "100")]
        let listed = try await owner.get("Order", "ReceiverFilter", listForm)
        #expect(listed.json["isSuccess"] == 1 && listed.results.count == 2, "\(listed.json.encodedString())")
        let row = try #require(listed.results.first { $0["id"] == .string(first) })
        #expect(row["name"] == "王五" && row["mobileno"] == "13700000000" && row["province"] == "上海市" && row["county"] == "静安区"
                    && row["address"] == "南京西路 1 号" && row["is_default"] == 1, "the first address is the default: \(row.encodedString())")
        #expect(listed.results.first { $0["id"] == .string(second) }?["is_default"] == 0)
        let othersList = try await other.get("Order", "ReceiverFilter", listForm)
        #expect(othersList.json["isSuccess"] == 0 && othersList.json["message"] == "token错误", "a userId sent must be the token's")
        #expect(try await other.get("Order", "ReceiverFilter", [("pageIndex", "1"), ("pageSize", "100")]).results.isEmpty)

        let deleted = try await app.postWithoutToken("Order", "ReceiverDelete", [("ID", first)])
        #expect(deleted.httpStatus == 200 && deleted.json["isSuccess"] == 1, "\(deleted.json.encodedString())")
        let gone = try await app.postWithoutToken("Order", "ReceiverUpdate", [("ID", first), ("CITY", "上海"), ("UserId", ownerID)])
        #expect(gone.json["message"] == .string("参数错误: address \(first) 不存在"), "the owner's address is gone")
        let kept = try await app.postWithoutToken("Order", "ReceiverUpdate", [("ID", second), ("CITY", "上海"), ("UserId", ownerID)])
        #expect(kept.results.first?["ADDRESS"] == "南京西路 2 号", "the other address is intact: \(kept.json.encodedString())")
        #expect(try await owner.post("Order", "ReceiverDelete", [("ID", second)]).json["isSuccess"] == 1, "the owner's token agrees")
        #expect(try await owner.get("Order", "ReceiverFilter", listForm).results.isEmpty)
    }

    /// The collocation page's ♥ (MB `MBCollocationDetailsController.m` `likeButtonAction:`):
    /// `orderPostRequestPath` of `FavoriteCreate` with `SOURCE_ID`, `userId`, `SOURCE_TYPE` 2 and
    /// `Create_User`, undone by `FavoriteDelete` with `sourceIdS`; it reads `isSuccess`.
    @Test func theCollocationPagesHeartIsTheNamedUsersFavourite() async throws {
        let userID = YoufanOfficialJourneyTests.newUserID()
        _ = try await app.signedIn(userID: userID, nickName: "心动")
        let favourites = { try await app.get("User", "getUserMineInfo", [("targetUserId", userID)]).data?["favoriteCount"] }
        let form = [("SOURCE_ID", "7036"), ("userId", userID), ("SOURCE_TYPE", "2"), ("Create_User", "心动")]
        let hearted = try await app.postWithoutToken("Order", "FavoriteCreate", form)
        #expect(hearted.json["isSuccess"] == 1, "\(hearted.json.encodedString())")
        #expect(try await app.postWithoutToken("Order", "FavoriteCreate", form).json["isSuccess"] == 1)
        #expect(try await favourites() == 1, "once per user and target")
        let stranger = try await app.postWithoutToken("Order", "FavoriteCreate", [("SOURCE_ID", "7036"), ("userId", "404404")])
        #expect(stranger.json["isSuccess"] == 0 && stranger.json["message"] == "查无此用户")
        let undone = try await app.postWithoutToken("Order", "FavoriteDelete", [("sourceIdS", "7036"), ("userId", userID),
                                                                                 ("SOURCE_TYPE", "2"), ("Create_User", "心动")])
        #expect(undone.json["isSuccess"] == 1)
        #expect(try await favourites() == 0)
    }
}
