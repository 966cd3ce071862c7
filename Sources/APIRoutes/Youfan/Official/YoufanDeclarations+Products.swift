/// The official app's uploaded products, and its product filter, search and home-badge reads
/// (WIRE.md §3.2 Product, Search, Home) that summarise the catalogue or the caller's messages.
extension YoufanDeclarations {
    static let products: [YoufanDeclaration] = userProducts + fittingRooms + filterChoices

    /// Fitting-room bookings: saved and listed for the user named.
    static let fittingRooms: [YoufanDeclaration] = [
        YoufanDeclaration("Product", "SaveBillAppointment", .soa, .namedInside("appointmentInfo", member: "creator"),
                          [.json("appointmentInfo"), .json("appointmentDetailInfos")],
                          .custom(writes: true, YoufanFittingRooms.save),
                          answer: "`result` 1, `appointmentID` (int), `errMessage`; a booking (`UF`) of the user `creator` names, sent without a token (a token for another user → `token错误`, a `creator` naming nobody → `查无此用户`)"),
        YoufanDeclaration("Product", "APP_GetBillAppointment", .soa, .named("userID"), [.text("userID", "UserID")],
                          .custom(writes: false, YoufanFittingRooms.list),
                          answer: "`appointmentInfos` = `[{appointmentID, appointmentNo, status, orgCode, shopName, clothesCount, creator, appointmentSource, createDate}]`, newest first"),
        YoufanDeclaration("Product", "GetBillAppointment", .soa, .anyone, [.text("AppointmentID")],
                          .custom(writes: false, YoufanFittingRooms.details),
                          answer: "`headInfo` as a row of `appointmentInfos`, `detailInfos` as saved; unknown → `isSuccess` 0"),
    ]

    /// Products a user photographs and tags: the caller's own, listed back, shown by id.
    static let userProducts: [YoufanDeclaration] = [
        YoufanDeclaration("Product", "uploadUserProduct", .php, .signedIn,
                          [.text("product_img"), .text("product_code", default: ""), .text("cate_id", default: ""),
                           .text("cate_value", default: ""), .text("color_code", default: ""), .text("color_value", default: ""),
                           .text("brand_code", default: ""), .text("brand_value", default: ""), .text("update_id", default: "")],
                          .custom(writes: true, YoufanUserProducts.upload),
                          answer: "`data` = `[product]` as `getUserProductListByCategory` lists it; with `update_id` `[]`, the caller's product retagged"),
        YoufanDeclaration("Product", "getUserProductListByCategory", .soa, .signedIn, [],
                          .list(.userProduct, states: nil, about: nil,
                                paging: YoufanPagingRule(index: "pageIndex", base: 1, sizes: ["pageSize"], size: 20),
                                shape: YoufanUserProducts.row),
                          answer: "`results` = `[SMineProduct]` `{id, user_id, product_img, product_code, cate_id, cate_value, color_code, color_value, brand_code, brand_value, create_time, is_delete}`, the caller's, newest first"),
        YoufanDeclaration("Product", "getUserProductDetailsById", .php, .anyone, [.text("pid")],
                          .custom(writes: false, YoufanUserProducts.details),
                          answer: "`data` = the product with `product_total` (its owner's uploads) and `collocation_total`; unknown → -100"),
    ]

    /// The filter, search and home-badge reads.
    static let filterChoices: [YoufanDeclaration] = [
        YoufanDeclaration("Product", "BaseColorFilter", .soa, .anyone, [],
                          .custom(writes: false, YoufanFilterChoices.colours),
                          answer: "`total`, `results` = `[{id, coloR_CODE (int), coloR_VALUE (hex), coloR_NAME}]`: every colour of the catalogue's stock"),
        YoufanDeclaration("Product", "BasePriceFilter", .soa, .anyone, [],
                          .custom(writes: false, YoufanFilterChoices.prices),
                          answer: "`total`, `results` = `[{id, code, name, min_Price, max_Price}]` (ints; `max_Price` 0: no upper bound), cheapest first"),
        YoufanDeclaration("Product", "PromotionClsCodeFilter", .soa, .anyone, [.text("code", default: "")],
                          .custom(writes: false, YoufanFilterChoices.promotions),
                          answer: "`results` = `[{aid, type, name, url, tag_img, web_url, json}]` (strings; `json` = the id the cart line takes): the seeded promotions covering product `code`"),
        YoufanDeclaration("Search", "getKeyWord", .php, .anyone, [.text("type", default: "2")],
                          .custom(writes: false, YoufanFilterChoices.hotKeywords),
                          answer: "`data` = `[{keyword}]`: the first brands' names for `type` 2 (products) and 4 (brands), `[]` for the other tabs"),
        YoufanDeclaration("Home", "getHomeDeatDetails", .php, .signedIn, [],
                          .custom(writes: false, YoufanMessages.homeBadge),
                          answer: "`data` = `{messCount}` (int): the caller's unread messages and notices"),
    ]
}
