import Wire

/// The official app's actions declared as data (WIRE.md §3.2), in the order of §3.3's state:
/// account, cart, orders, likes, follows, favourites, comments, then the catalogue reads that show
/// a viewer's likes. `YoufanAction.all` serves them next to the hand-written actions of the
/// clones; `docs/api.md` lists them (a test checks).
enum YoufanDeclarations {
    static let all: [YoufanDeclaration] = account + cart + orders + likes + follows + favourites + comments + browsing
        + catalogue + mine + topics + promotions + community + products + discovery + payment + followLists
        + collocationSearches + bankCards + income

    static let account: [YoufanDeclaration] = [
        YoufanDeclaration("User", "login", .php, .anyone,
                          [.text("account"), .text("pwd", default: ""), .json("json"), .text("sign")],
                          .custom(writes: true, YoufanAccount.login),
                          answer: "`data` = a new login token (string); bad `sign` → status -104"),
        YoufanDeclaration("WXSC_Account", "LoginWithRegisterExternal", .soa, .anyone,
                          [.text("ProviderLoginKey"), .text("LoginProviderName", default: "weixin.qq.com")],
                          .custom(writes: true, YoufanAccount.registerExternal),
                          answer: "`results` `[]`; registers the user `ProviderLoginKey` names"),
        YoufanDeclaration("WXSC_Account", "UserUpdateProfile", .soa, .named("UserId"),
                          [.text("UserId"), .json("userClaims")],
                          .custom(writes: true, YoufanGateway.updateProfile),
                          answer: "`results` `[]`; each claim's `claimValue` replaces the profile member `claimType` names"),
    ]

    static let cart: [YoufanDeclaration] = [
        YoufanDeclaration("Cart", "ShoppingCartCreateList", .soa, .signedInOrNamed(),
                          [.json("lstCreateDto")], .custom(writes: true, YoufanCart.add),
                          answer: "`results` `[]`; adds the lines (same barcode: quantities add up), refused beyond stock"),
        YoufanDeclaration("Order", "ShoppingCartCreateList", .soa, .signedInOrNamed(entries: "lstCreateDto"),
                          [.json("lstCreateDto")], .custom(writes: true, YoufanCart.addProducts),
                          answer: "`results` `[]`; the fitting room's 加入购物车: each `proD_ID` (a stock row's `id` or barcode, a colour's `proD_NUM` or a product code) adds `qty` of its default barcode, the first row with a piece left (else its first row); an unknown id → `isSuccess` 0 `<id>;商品不存在`, beyond stock `<barcode>;库存不足, 仅剩 N 件`"),
        YoufanDeclaration("Cart", "ShoppingCartFilter", .soa, .signedIn, [],
                          .list(.cart, states: nil, about: nil, paging: .whole, shape: YoufanCart.row),
                          answer: "`results` = `[{cartInfo, proudctList:{productInfo}, platFormInfo}]`, newest first"),
        YoufanDeclaration("Order", "ShoppingCartFilter", .soa, .signedIn, [],
                          .list(.cart, states: nil, about: nil, paging: .whole, shape: YoufanCart.row),
                          answer: "as `Cart/ShoppingCartFilter`: the 购物袋 of MB's newer screens (`ShoppingBagViewController.m`) asks `m=Order` with `userId`"),
        YoufanDeclaration("Cart", "ShoppingCartStaticFilter", .soa, .signedIn, [],
                          .custom(writes: false, YoufanCart.badge),
                          answer: "`total` = lines, `results[0].count` = pieces"),
        YoufanDeclaration("Cart", "ShoppingCartUpdate", .soa, .signedInOrNamed(), [.text("ID"), .integer("QTY")],
                          .custom(writes: true, YoufanCart.setQuantity),
                          answer: "`results` `[]`; line `ID` holds `QTY` pieces (1…stock)"),
        YoufanDeclaration("Cart", "ShoppingCartDeleteList", .soa, .signedIn, [.text("IDS", "ids")],
                          .delete(.cart, ids: "IDS"), answer: "`results` `[]`; removes the lines"),
        YoufanDeclaration("Cart", "updateProductFromCartV2", .soa, .signedIn, [.json("productAry")],
                          .custom(writes: true, YoufanCart.replace),
                          answer: "`results` `[]`; line `id` now holds `num` of `barcode`"),
        YoufanDeclaration("Order", "checkStockForPay", .soa, .signedIn, [.json("cartList")],
                          .custom(writes: false, YoufanCart.checkStock),
                          answer: "`isSuccess` 1, or 0 with `<barcode>;库存不足…` as `message`"),
    ]

    static let orders: [YoufanDeclaration] = [
        YoufanDeclaration("Order", "OrderCreate", .soa, .signedInOrNamed(),
                          [.json("cartList", default: "[]"), .text("memo", default: ""), .text("vouchersId", default: "")],
                          .custom(writes: true, YoufanOrders.create),
                          answer: "`isSuccess` `\"1\"`, `message` = order number, `waitingPayAmount`; the ordered lines leave the cart; the voucher `vouchersId` is used (another user's or a used one → `isSuccess` 0 `范票不可用: <id>`, nothing written)"),
        YoufanDeclaration("Order", "OrderCommonFilter", .soa, .signedIn, [.text("status")],
                          .custom(writes: false, YoufanOrders.list),
                          answer: "`results` = `[OrderModel]` in the tab `status` (`ALL`, `WaitingPay`, `WaitingSend`, `WaitingConfirm`, `WaitingJudge`), newest first, with the numeric `status` of the order's state; `PageIndex` 0 or 1 is the first page, `PageSize` 10; another tab → `isSuccess` 0"),
        YoufanDeclaration("Order", "OrderFilter", .soa, .signedIn, [.text("orderId", "orderno")],
                          .detail(.order, id: "orderId", shape: YoufanOrders.row),
                          answer: "`results[0]` = the order as `OrderCommonFilter` lists it"),
        YoufanDeclaration("Order", "OrderCancel", .soa, .signedIn, [.text("orderId")],
                          .custom(writes: true, YoufanOrders.cancel),
                          answer: "`results` `[]`; `unpaid` → `cancelled`, its pieces back in stock, its voucher unused again"),
        YoufanDeclaration("Order", "OrderConfirm", .soa, .signedIn, [.text("orderId")],
                          .step(.order, id: "orderId", from: [YoufanOrders.shipped], to: YoufanOrders.received),
                          answer: "`results` `[]`; `shipped` → `received` (待收货 → 待评价); another state → `isSuccess` 0"),
        YoufanDeclaration("Order", "OrderReturnCreate", .soa, .signedIn,
                          [.text("orderno"), .integer("type", default: 1), .text("reason", default: ""), .text("remark", default: "")],
                          .custom(writes: true, YoufanOrders.createReturn),
                          answer: "`results` `[]`; a refund (`type` 1) of a `paid` order or a return of goods (`type` 2) of a `received` or `reviewed` one → `returning`, a return in state `0` (申请中); the order's lines carry its id as `reapP_ID`"),
        YoufanDeclaration("Order", "OrderRefund", .soa, .signedIn, [.text("orderId")],
                          .custom(writes: true, YoufanOrders.applyFromDetail(type: YoufanOrders.refund)),
                          answer: "`results` `[]`; the order detail's 申请退款: as `OrderReturnCreate` `type` 1 without a reason"),
        YoufanDeclaration("Order", "OrderReturn", .soa, .signedIn, [.text("orderId")],
                          .custom(writes: true, YoufanOrders.applyFromDetail(type: YoufanOrders.returnOfGoods)),
                          answer: "`results` `[]`; the order detail's 申请退货: as `OrderReturnCreate` `type` 2 without a reason"),
        YoufanDeclaration("Order", "RefundAppCancel", .soa, .signedInOrNamed(), [.text("ID")],
                          .custom(writes: true, YoufanOrders.cancelReturn(type: YoufanOrders.refund)),
                          answer: "`results` `[]`; a refund still applied for (`0`) → `-1` 已取消, the order back to `paid`; another state → `isSuccess` 0"),
        YoufanDeclaration("Order", "OrderReturnCancel", .soa, .signedInOrNamed(), [.text("ID")],
                          .custom(writes: true, YoufanOrders.cancelReturn(type: YoufanOrders.returnOfGoods)),
                          answer: "`results` `[]`; a return of goods still applied for (`0`) → `-1` 已取消, the order back to `received`/`reviewed`, its lines' `reapP_ID` 0"),
        YoufanDeclaration("Order", "OrderReturnFilterList", .soa, .signedIn, [.integer("type", default: 1)],
                          .list(.orderReturn, states: nil, about: "type",
                                paging: YoufanPagingRule(index: "pageIndex", base: 1, sizes: ["pageSize"], size: 10),
                                shape: YoufanOrders.returnRow),
                          answer: "`results` = `[{orderReturnInfo, prodList}]` of `type`, newest first"),
        YoufanDeclaration("Order", "OrderReturnFilter", .soa, .signedIn, [.text("id")],
                          .detail(.orderReturn, id: "id", shape: YoufanOrders.returnRow),
                          answer: "`results[0]` = `{orderReturnInfo{lasT_MODIFIED_DATE, state, stateName, returN_AMOUNT, returN_TYPE}, prodList}`"),
        YoufanDeclaration("Order", "InvoiceFilter", .soa, .signedIn, [.text("ORDER_ID", "orderId")],
                          .detail(.order, id: "ORDER_ID", shape: YoufanOrders.invoice),
                          answer: "`results[0]{expresS_NAME, expresS_LISTNO}` (empty: not shipped)"),
    ]

    static let likes: [YoufanDeclaration] = likeAndUnlike("Collocation", "likeCollocation", "delLikeCollocation",
                                                          .collocationLike, "cid", known: collocationExists)
        + likeAndUnlike("BrandMb", "likeBrand", "delLikeBrand", .brandLike, "brandCode", known: brandExists) + [
        YoufanDeclaration("BrandMb", "getMyLikeBrandListWithItem", .php, .signedIn, [],
                          .marked(.brandLike, paging: .php, shape: YoufanShapes.likedBrand),
                          answer: "`data` = `[SBrandStoryDetailModel]` (brand story, `is_love` 1), newest like first"),
        YoufanDeclaration("Wish", "likeWish", .php, .signedIn, [.text("tempId"), .integer("type", default: 1)],
                          .mark(.wish, targets: "tempId", marked: true, known: nil),
                          answer: "`data` = the number of likes given here (string)"),
    ]

    static let follows: [YoufanDeclaration] = [
        YoufanDeclaration("WXSC_Account", "UserConcernCreate", .soa, .signedInOrNamed(),
                          [.text("ConcernId", "concernId"), .text("ConcernType", default: "造型师")],
                          .mark(.follow, targets: "ConcernId", marked: true, known: nil), answer: "`results` `[]`"),
        YoufanDeclaration("WXSC_Account", "UserConcernDelete", .soa, .signedInOrNamed(), [.text("ConcernIds", "concernIds")],
                          .mark(.follow, targets: "ConcernIds", marked: false, known: nil), answer: "`results` `[]`"),
        YoufanDeclaration("Account", "UserConcernCreate", .soa, .named("userId"), [.text("userId", "UserId"), .text("concernId")],
                          .mark(.follow, targets: "concernId", marked: true, known: nil), answer: "`results` `[]`"),
        YoufanDeclaration("Account", "UserConcernDelete", .soa, .named("userId"), [.text("userId", "UserId"), .text("concernIds")],
                          .mark(.follow, targets: "concernIds", marked: false, known: nil), answer: "`results` `[]`"),
    ]

    static let favourites: [YoufanDeclaration] = [
        YoufanDeclaration("Product", "FavoriteCreateList", .soa, .signedInOrNamed(entries: "favoriteList"), [.json("favoriteList")],
                          .favourites(targets: "favoriteList", keys: ["product_code", "sourcE_ID"], marked: true),
                          answer: "`results` `[]`"),
        YoufanDeclaration("Product", "FavoriteDelete", .soa, .signedInOrNamed(entries: "favoriteList"), [.json("favoriteList")],
                          .favourites(targets: "favoriteList", keys: ["product_code", "sourcE_ID"], marked: false),
                          answer: "`results` `[]`"),
        YoufanDeclaration("Product", "FavoriteProductClsFilter", .soa, .signedIn, [],
                          .marked(.favourite, paging: .soa, shape: YoufanShapes.favouriteProduct),
                          answer: "`results` = search rows `{clsInfo, prodClsTag}` with `isFavorite` true, newest first; `total` counts the favourite products only (a favourite collocation is `favourite.collocation`)"),
        YoufanDeclaration("Order", "FavoriteCreateList", .soa, .signedInOrNamed(entries: "favoriteList"), [.json("favoriteList")],
                          .favourites(targets: "favoriteList", keys: ["sourcE_ID", "product_code"], marked: true),
                          answer: "`results` `[]`"),
        YoufanDeclaration("Order", "FavoriteCreate", .soa, .signedInOrNamed(),
                          [.text("SOURCE_ID", "sourcE_ID"), .text("SOURCE_TYPE", "sourcE_TYPE", default: "1")],
                          .favourites(targets: "SOURCE_ID", keys: nil, marked: true),
                          answer: "`results` `[]`; the collocation page's ♥ (`SOURCE_TYPE` 2: a favourite collocation; 1: a product), undone by `Order/FavoriteDelete`"),
        YoufanDeclaration("Order", "FavoriteDelete", .soa, .signedInOrNamed(),
                          [.text("sourceIdS", "sourcE_IDS"), .text("SOURCE_TYPE", "sourcE_TYPE", default: "1")],
                          .favourites(targets: "sourceIdS", keys: nil, marked: false), answer: "`results` `[]`"),
    ]

    static let comments: [YoufanDeclaration] = [
        YoufanDeclaration("Comment", "addCommentInfo", .php, .signedIn,
                          [.text("type", default: "1"), .text("tid"), .text("info"), .text("score", default: "5"),
                           .text("toUserId", default: "")],
                          .create(.comment, about: ["type", "tid"], state: "",
                                  fields: [.text("info"), .text("score"), .text("toUserId", as: "to_user_id")],
                                  shape: YoufanComments.row),
                          answer: "`data` = `[comment]` as `getCommentList` lists it"),
        YoufanDeclaration("Comment", "delMyComment", .php, .signedIn, [.text("cid")],
                          .delete(.comment, ids: "cid"), answer: "`data` `[]`; only the author's own comment"),
    ]

    /// Catalogue reads of WIRE.md §3.2 that show the viewer's likes (`R·user`).
    static let browsing: [YoufanDeclaration] = [
        cards("Home", "getCollocationList", .all), cards("Home", "getCollocationListHot", .all),
        cards("Home", "getCollocationListForMain", .tab("tabstr"), [.text("tabstr", default: "")],
              answer: "`data` = `[CollocationCard]` filed under the feed tab `tabstr` names (a name in the card's `tab_str`; empty = 全部, every collocation) with the viewer's `is_love`, newest first"),
        cards("Collocation", "getCollocationListForDetails", .all), cards("Collocation", "getBestCollocationList", .all),
        cards("Collocation", "getUserLikeCollocationListByUserType", .likedBy("userId"), [.text("userId", default: "")]),
        cards("Collocation", "getCollocationForMyProduct", .wearing("pid"), [.text("pid")]),
        cards("Product", "getCollocationListByCode", .wearing("code"), [.text("code")]),
        cards("Item", "getCollocationListForItem", .wearing("tid"), [.text("tid")]),
        cards("BrandMb", "getCollocationListForBrand", .brand("brandCode"), [.text("brandCode")]),
        cards("Mine", "getMyCollocationList", .callerPosts, access: .signedIn),
        cards("Mine", "getMyLikeCollocationList", .callerLikes, access: .signedIn),
        cards("Mine", "getOtherCollocationList", .author("user_id"), [.text("user_id")]),
        cards("Mine", "getOtherLikeCollocationList", .likedBy("user_id"), [.text("user_id")]),
        YoufanDeclaration("Collocation", "getCollocationDetails", .php, .anyone, [.text("cid", "mbfun_id")],
                          .catalogue(id: "cid", shape: YoufanCollocationCards.detail),
                          answer: "`data` = the CollocationCard with the viewer's `is_love`; unknown id → -100"),
        YoufanDeclaration("BrandMb", "getBrandDetails", .php, .anyone, [.text("brandCode")],
                          .catalogue(id: "brandCode", shape: YoufanShapes.brandStory),
                          answer: "`data` = `SBrandStoryDetailModel` (brand story, viewer's `is_love`, `like_count`); unknown → -100"),
        YoufanDeclaration("BrandMb", "getBrandDetailsForItem", .php, .anyone, [.text("brandCode")],
                          .catalogue(id: "brandCode", shape: YoufanShapes.brandStory),
                          answer: "`data` = `DailyNewModel` (as `getBrandDetails`, plus `item_img`); unknown → -100"),
    ]

    /// A like and its undo: `data` answers the target's number of likes given here.
    private static func likeAndUnlike(_ module: String, _ like: String, _ unlike: String, _ kind: YoufanMark,
                                      _ parameter: String, known: @escaping YoufanTargetCheck) -> [YoufanDeclaration] {
        [(like, true), (unlike, false)].map { action, marked in
            YoufanDeclaration(module, action, .php, .signedIn, [.text(parameter)],
                              .mark(kind, targets: parameter, marked: marked, known: known),
                              answer: "`data` = the number of likes given here (string)")
        }
    }

    /// A `[CollocationCard]` list of MB's PHP style: `page` from 0, 10 a page (`num`/`pageSize`).
    private static func cards(_ module: String, _ action: String, _ source: YoufanCollocationSource,
                              _ parameters: [YoufanParameterSpec] = [], access: YoufanAccess = .anyone,
                              answer: String = "`data` = `[CollocationCard]` with the viewer's `is_love`, newest first") -> YoufanDeclaration {
        YoufanDeclaration(module, action, .php, access, parameters, .collocations(source, paging: .php), answer: answer)
    }

    @Sendable static func collocationExists(_ store: YoufanStore, _ id: String) throws -> String? {
        try store.collocations.collocation(id: id) != nil ? id : nil
    }

    /// A brand code in the catalogue's spelling (`rjkk` is `RJKK`).
    @Sendable static func brandExists(_ store: YoufanStore, _ code: String) throws -> String? {
        try store.brands.story(code: code).flatMap { try JSON.parse($0)["brand_code"]?.stringValue }
    }
}
