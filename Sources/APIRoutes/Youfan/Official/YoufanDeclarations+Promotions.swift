import Wire

/// The official app's platform promotions (WIRE.md §3.2 Promotion, Activity): the seeded
/// 满减 activities, their brands and products, and their discount over the caller's cart.
extension YoufanDeclarations {
    static let promotions: [YoufanDeclaration] = [
        YoufanDeclaration("Promotion", "getNormalActivtyList", .soa, .anyone, [],
                          .custom(writes: false, YoufanPromotions.activities),
                          answer: "`results` = `[{id, name, img, tag_img, type, json, web_url, start_time, end_time}]`, `pageIndex` from 1, 10 a page"),
        YoufanDeclaration("Activity", "getActivityList", .php, .anyone, [],
                          .custom(writes: false, YoufanPromotions.activityList),
                          answer: "`data` = the activities as `getNormalActivtyList` lists them, `page` from 0, 10 a page"),
        YoufanDeclaration("Promotion", "PlatFormBasicInfoFilter", .soa, .anyone,
                          [.text("ids"), .text("Use_Type", default: "FAST_BUY")],
                          .custom(writes: false, YoufanPromotions.rules),
                          answer: "`results` = `[PlatFormBasicInfo]` (`condition`, `dis_Amount`, `beG_TIME`, `enD_TIME`, …) of `ids`; an unknown id → `isSuccess` 0"),
        YoufanDeclaration("Promotion", "PlatFormRangeDetail", .soa, .anyone, [.text("id")],
                          .custom(writes: false, YoufanPromotions.range),
                          answer: "`results` = `[{id, name, brandLst:[{id, branD_CODE, branD_NAME, logO_URL}]}]`; unknown → `isSuccess` 0"),
        YoufanDeclaration("Promotion", "getProductActivtyList", .soa, .anyone, [.text("aid")],
                          .custom(writes: false, YoufanPromotions.products),
                          answer: "`total` products, `results[0]` = the activity with `productList` (`SActivityProductListModel`), `page` from 0, `num` (40) a page; unknown → `isSuccess` 0"),
        YoufanDeclaration("Promotion", "PromotionCollocationProductFilter", .soa, .anyone, [.text("id")],
                          .custom(writes: false, YoufanPromotions.collocationProducts),
                          answer: "`results` = the promotion's products as `getProductActivtyList` rows, `pageIndex` from 1, 14 a page; unknown → `isSuccess` 0"),
        YoufanDeclaration("Promotion", "PlatFormDisAmount", .soa, .signedInOrNamed(),
                          [.text("userId", "useR_ID", default: ""), .json("cartList", default: "[]")],
                          .custom(writes: false, YoufanPromotionDiscount.amount),
                          answer: "`results` = `[PlatFormBasicInfo + {price, dec_price, totalPrice, activityName, productList:[{aid, barcode_sys_code, num, dec_price, total_price, …}]}]` over the caller's cart lines `cartList` names (all when empty), `[]` when no promotion is met; a barcode not in the cart → `isSuccess` 0"),
        YoufanDeclaration("Promotion", "getVouchersActivtyList", .soa, .anyone, [.text("aid")],
                          .custom(writes: false, YoufanPromotions.vouchers),
                          answer: "`results[0]` = the activity with `vouchersList` `[{id, vouchers, name, info, total_num, user_num, trigger_type, use_start_time, use_end_time, right_num, left_num, part_num, isGet, isEndActivity}]`, counted from the takes of `Vouchers/receiveVouchersForCheck` and the viewer's own; `page` from 1, `num` (20) a page; unknown → `isSuccess` 0"),
        YoufanDeclaration("Promotion", "getDetailActivity", .soa, .signedInOrNamed(),
                          [.text("userId", "useR_ID", default: ""), .json("cartList", "prodList", default: "[]"), .text("aid", default: "0")],
                          .custom(writes: false, YoufanPromotionDiscount.activities),
                          answer: "`results` = `[ActivityOrderModel]` `{id, name, img, tag_img, type, json, web_url, start_time, end_time, trigger_type, can_use}`: the activities covering the caller's cart lines `cartList` names, `can_use` \"1\" when met"),
        YoufanDeclaration("Promotion", "PlatFormVoucherAmount", .soa, .signedInOrNamed(),
                          [.text("userId", "useR_ID", default: ""), .json("cartList", default: "[]"), .text("voucher", default: "")],
                          .custom(writes: false, YoufanPromotionDiscount.voucherAmount),
                          answer: "`results[0]{price, dec_price, trans_price}`: to pay after promotions plus shipping, the discount, the shipping (free from 99); `voucher` takes nothing off"),
    ]
}
