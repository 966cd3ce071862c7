import Wire

/// The account side of the official app (WIRE.md §3.2 Order, Message, Mine, User, Vouchers):
/// settings, addresses, order follow-ups, messages, the "mine" page, profile edits, feedback and
/// vouchers.
extension YoufanDeclarations {
    static let mine: [YoufanDeclaration] = settings + addresses + orderFollowUps + messages + profile

    static let settings: [YoufanDeclaration] = [
        YoufanDeclaration("Order", "BSParamFilter", .soa, .anyone, [.text("code")],
                          .custom(writes: false, YoufanSetting.parameters.read),
                          answer: "`results` = `[{id, code, paraM_VALUE}]`; the seeded codes of WIRE.md §1.7, unknown code → `isSuccess` 0"),
        YoufanDeclaration("Order", "FeeCheck", .soa, .anyone, [], .custom(writes: false, YoufanSetting.freeShipping.read),
                          answer: "`results[0].value` = the free-shipping threshold (seeded `\"99\"`)"),
        YoufanDeclaration("Order", "RegionFilter", .soa, .anyone, [.text("type", default: "2")],
                          .custom(writes: false, YoufanSetting.regions.read),
                          answer: "`results` = every region `{id, parenT_ID, name, regioN_LEVEL}` (2 province, 3 city, 4 district)"),
        YoufanDeclaration("Order", "getOrderReturnReasonList", .soa, .anyone, [.text("type")],
                          .custom(writes: false, YoufanSetting.returnReasons.read),
                          answer: "`results` = the reasons (strings) the return form offers for `type` (1 refund, 2 return of goods); another type → `isSuccess` 0"),
        YoufanDeclaration("Order", "ExpressFilter", .soa, .anyone, [], .custom(writes: false, YoufanSetting.couriers.read),
                          answer: "`results` = `[{id, name}]`, the couriers the return parcel form offers"),
        YoufanDeclaration("User", "getSysUserBackImg", .php, .anyone, [], .custom(writes: false, YoufanSetting.backgrounds.read),
                          answer: "`data` = `[{id, img}]`, the stock backgrounds of the mine page"),
    ]

    static let addresses: [YoufanDeclaration] = [
        YoufanDeclaration("Order", "ReceiverFilter", .soa, .signedIn, [],
                          .list(.address, states: nil, about: nil, paging: .soa, shape: YoufanAddresses.row),
                          answer: "`results` = the caller's addresses `{id, userId, name, mobileno, phoneno, country, province, city, county, address, posT_CODE, is_default, isdefault}`, newest first"),
        YoufanDeclaration("Order", "ReceiverCreate", .soa, .signedInOrNamed(), [.integer("ISDEFAULT", default: 0)],
                          .custom(writes: true, YoufanAddresses.create),
                          answer: "`results` = `[{ID, ISDEFAULT, NAME, MOBILENO, PHONENO, …}]`, a new address of the sent fields; the first or `ISDEFAULT`=1 is the only default"),
        YoufanDeclaration("Order", "ReceiverUpdate", .soa, .signedInOrNamed(), [.text("ID"), .integer("ISDEFAULT", default: 0)],
                          .custom(writes: true, YoufanAddresses.update),
                          answer: "`results` = `[{ID, ISDEFAULT, …}]`; the sent fields replace the address's, the others are kept; `ISDEFAULT`=1 makes it the only default"),
        YoufanDeclaration("Order", "ReceiverDelete", .soa, .signedInOrOwner(of: .address, id: "ID"), [.text("ID")],
                          .delete(.address, ids: "ID"),
                          answer: "`results` `[]`; removes the address (posted with `ID` alone: the caller is its owner)"),
    ]

    static let orderFollowUps: [YoufanDeclaration] = [
        YoufanDeclaration("Order", "InvoiceFilterByOrderId", .soa, .signedIn, [.text("orderId", "ORDER_ID")],
                          .detail(.order, id: "orderId", shape: YoufanOrders.invoice),
                          answer: "`results[0]{id, orderno, expresS_NAME, expresS_LISTNO}`"),
        YoufanDeclaration("Order", "OperationInfoFilter", .soa, .signedIn, [.text("doc_id")],
                          .custom(writes: false, YoufanOrders.tracking),
                          answer: "`results` = the order's events `{doC_ID, operatioN_NAME, operatioN_TIME, state}`"),
        YoufanDeclaration("Order", "ReturnRetailCreate", .soa, .signedInOrNamed(), [.text("RETURN_ID"), .text("EXPRESS_NO")],
                          .custom(writes: true, YoufanOrders.shipReturn),
                          answer: "`results` `[]`; an approved return (state `1`) gets its parcel and moves to `2` (退货寄回中); another state → `isSuccess` 0"),
        YoufanDeclaration("Order", "CommentCreateList", .soa, .signedIn, [.json("commentCreateList")],
                          .custom(writes: true, YoufanOrders.review),
                          answer: "`results` `[]`; each row `{info, score, temp_id}` becomes a comment on product `temp_id`; the caller's `received` order `orderId` becomes `reviewed` (out of 待评价)"),
        YoufanDeclaration("Order", "CommentListFilter", .soa, .signedIn, [.text("orderId")],
                          .custom(writes: false, YoufanOrders.orderReviews),
                          answer: "`results` = `[{id, temp_id, info, score}]`, the caller's reviews of their order `orderId`, one per product code `temp_id`"),
        YoufanDeclaration("Order", "CommentFilter", .soa, .anyone, [.text("sourcE_IDS"), .text("sourcE_TYPE", default: "1")],
                          .custom(writes: false, YoufanOrders.reviews),
                          answer: "`results` = `[SProductDetailCommentModel]` written here about the product, newest first"),
    ]

    static let messages: [YoufanDeclaration] = [
        YoufanDeclaration("Message", "getMessageDetaisV2", .php, .signedIn, [], .custom(writes: false, YoufanMessages.summary),
                          answer: "`data` = `{count{all_count, comment_count, like_count, mess_count, sys_count}, banner{\"1020\":[]}}`"),
        YoufanDeclaration("Message", "getMessageUserList", .php, .signedIn, [], .custom(writes: false, YoufanMessages.conversations),
                          answer: "`data` = conversations `{user_id, nick_name, head_img, message, create_time, un_read_num, is_read, …}`"),
        YoufanDeclaration("Message", "getMailList", .php, .signedIn, [.text("type", default: "")],
                          .custom(writes: true, YoufanMessages.mails),
                          answer: "`data` = notices `{id, type, title, message, jump_id, is_read, create_time, …}`; listed → read"),
        YoufanDeclaration("Message", "getMessageList", .php, .signedIn, [.text("toUserId")],
                          .custom(writes: true, YoufanMessages.conversation),
                          answer: "`data` = messages `{id, user_id, to_user_id, message, create_time, is_read}`; read → read"),
        YoufanDeclaration("Message", "addMessageInfo", .php, .signedIn, [.text("toUserId"), .text("messageInfo")],
                          .custom(writes: true, YoufanMessages.send),
                          answer: "`data` = the message; the recipient has it unread"),
        YoufanDeclaration("Message", "clearMessageWithUser", .php, .anyone, [.text("toUserId")],
                          .custom(writes: true, YoufanMessages.clear("toUserId")),
                          answer: "`data` `[]`; removes the caller's copy of the conversation"),
        YoufanDeclaration("Message", "deMessageByUserId", .php, .anyone, [.text("userId")],
                          .custom(writes: true, YoufanMessages.clear("userId")),
                          answer: "`data` `[]`; the same, the other user named by `userId`"),
        YoufanDeclaration("Message", "deMailByid", .php, .signedIn, [.text("mid")], .delete(.mail, ids: "mid"),
                          answer: "`data` `[]`; removes the caller's notice"),
    ]

    static let profile: [YoufanDeclaration] = [
        YoufanDeclaration("Mine", "getCountForlist", .php, .anyone, [.text("user_id", default: "")],
                          .custom(writes: false, YoufanMine.countsList),
                          answer: "`data` = `[MBOtherStoreModel]` counted from the user's state; unknown user → -101"),
        YoufanDeclaration("User", "getUserMineInfo", .php, .anyone, [.text("targetUserId", default: "")],
                          .custom(writes: false, YoufanMine.mineInfo),
                          answer: "`data` = `MBOtherStoreModel` with `userInfo`; unknown user → -101"),
        YoufanDeclaration("User", "updateUserNickname", .php, .signedIn, [.text("newName")],
                          .custom(writes: true, YoufanMine.update("newName", as: "nick_name")),
                          answer: "`data` = the new nickname"),
        YoufanDeclaration("User", "updateUserImg", .php, .signedIn, [.text("newImg")],
                          .custom(writes: true, YoufanMine.update("newImg", as: "head_img")), answer: "`data` = the new picture"),
        YoufanDeclaration("User", "updateUserBackImg", .php, .signedIn, [.text("newBackImg")],
                          .custom(writes: true, YoufanMine.update("newBackImg", as: "back_img")),
                          answer: "`data` = the new background"),
        YoufanDeclaration("User", "SysUserOpinionCreate", .soa, .signedInOrNamed(), [.text("opinion"), .text("source", default: "ios")],
                          .create(.opinion, about: [], state: "", fields: [.text("opinion"), .text("source")],
                                  shape: { _, stored in .object([("id", .string(String(stored.id)))]) }),
                          answer: "`results` = `[{id}]`; keeps the opinion"),
        YoufanDeclaration("Vouchers", "receiveVouchersForCheck", .soa, .signedIn, [.text("aid"), .text("vouchers")],
                          .custom(writes: true, YoufanVouchers.receive),
                          answer: "`message` `领取成功`; each voucher once per user, again → `isSuccess` 0 `已领取`"),
        YoufanDeclaration("Vouchers", "MyselfCouponFilter", .soa, .signedIn, [],
                          .custom(writes: false, YoufanVouchers.mine),
                          answer: "`results` = `[{id, aid, vouchers, name, info, start_time, end_time, trigger_type, use_rule, status, create_time}]` (`status` 1 to use, 3 used), newest first, `pageIndex` from 1, 14 a page"),
        YoufanDeclaration("Vouchers", "getUserCanUseVochersList", .soa, .signedIn, [.json("cartList", default: "[]")],
                          .custom(writes: false, YoufanVouchers.usable),
                          answer: "`results` = the caller's unused vouchers (rows of `MyselfCouponFilter`) of the activities covering the cart lines `cartList` names (all when empty); a barcode not in the cart → `isSuccess` 0"),
    ]
}
