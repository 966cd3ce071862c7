import Wire

/// The community side of the official app (WIRE.md §3.2 Collocation, Comment, Complaints, Media,
/// WXSC_Statistics): posting and removing collocations, who liked one, what it wears, its comment
/// scores, reports, the upload token the publish screen asks for first, and the seller screens.
extension YoufanDeclarations {
    static let community: [YoufanDeclaration] = posts + sellerSide + [
        YoufanDeclaration("Collocation", "getCollocationLikeUserList", .php, .anyone, [.text("cid")],
                          .listing(.collocationLovers("cid"), paging: .php),
                          answer: "`data` = `[MBOtherUserInfoModel]` who liked the collocation, latest first; unknown `cid` → -100"),
        YoufanDeclaration("Collocation", "getCollocationListById", .php, .anyone, [.text("cid")],
                          .catalogue(id: "cid", shape: YoufanPosts.items),
                          answer: "`data` = `[{id, itemList:[{id, product_sys_code, product_name, price, product_url}]}]`: the worn products; unknown `cid` → -100"),
        YoufanDeclaration("Comment", "getCommentInfo", .php, .anyone, [.text("type", default: "1"), .text("tid")],
                          .custom(writes: false, YoufanComments.scores),
                          answer: "`data` = `{count_score (int), total_score (number)}` over the captured and written comments; unknown `tid` → -100"),
        YoufanDeclaration("Complaints", "addComplaintsInfo", .php, .signedIn, [.text("tid"), .text("type", default: "1")],
                          .create(.complaint, about: ["type", "tid"], state: "", fields: [.text("type"), .text("tid")],
                                  shape: { _, stored in .object([("id", .string(String(stored.id)))]) }),
                          answer: "`data` = `[{id}]`; keeps the caller's report of `tid` (`type` 2: a comment)"),
        YoufanDeclaration("Collocation", "CollocationFound", .soa, .anyone, [],
                          .listing(.stylists(keyword: nil, .found), paging: .soa),
                          answer: "`total`, `results` = `[FoundCellModel]` `{storeBasicInfo, userPublicEntity, collocationList:[SearchCollocationInfo]}`: the stylists, most collocations first, each with their 3 newest"),
        YoufanDeclaration("Collocation", "AnotherStore", .soa, .anyone, [.text("UserId"), .text("LoginUserId", default: "")],
                          .custom(writes: false, YoufanOtherStore.header),
                          answer: "`results[0]` = `{userInfo{userId, nickName, headPortrait, userSignature}, concernedCount, isConcerned}` (the follow of the token's user, else of `LoginUserId`); unknown user → `isSuccess` 0"),
        YoufanDeclaration("Collocation", "WxCollocationBasicInfoFilter", .soa, .anyone,
                          [.text("ids"), .text("LoginUserId", default: "")],
                          .custom(writes: false, YoufanCollocationBasicInfo.detail),
                          answer: "`results[0]` = `{collocationInfo, detailList:[worn products], isConcerned, isFavorite (the viewer's follow of the author, and like or favourite of the collocation, 0/1; `collocationInfo.favoriteCount` adds the favourites to the likes), tagMapping (the stored tags as `{showTagName, showTagId, sourceId}`), customTagColMapping [], userPublicEntity}`; unknown `ids` → `isSuccess` 0"),
        YoufanDeclaration("Collocation", "CollocationDetailFilter", .soa, .anyone, [.text("collocationId")],
                          .custom(writes: false, YoufanCollocationBasicInfo.products),
                          answer: "`results` = `[{detailInfo: the worn product, proudctList: its ProductClsFilter header}]`; unknown `collocationId` → `isSuccess` 0"),
        YoufanDeclaration("Collocation", "getTopicConfigList", .php, .anyone, [.text("str", default: ""), .integer("num", default: 10)],
                          .custom(writes: false, tagSuggestions),
                          answer: "`data` = `[{name}]`: the collocations' tag texts containing `str`, newest first, at most `num` (1…100)"),
        YoufanDeclaration("Collocation", "BSParamFilter", .soa, .anyone, [.text("code")],
                          .custom(writes: false, YoufanSetting.parameters.read),
                          answer: "`results` as `Order/BSParamFilter` (the home title reads `results[last].paraM_VALUE` of `Log_TITLE`)"),
        YoufanDeclaration("Collocation", "getBestCollocationBanner", .php, .anyone, [],
                          .custom(writes: false, { _ in YoufanAnswer(data: bestCollocationHeader) }),
                          answer: "`data` = `{banner:{\"1004\":[], \"1005\":[]}, tab_list:[{name:\"全部\"}]}`: no banners are seeded, and `getBestCollocationList` lists every collocation under the one tab"),
        YoufanDeclaration("Media", "getQiniuToken", .php, .anyone, [],
                          .custom(writes: false, { _ in YoufanAnswer(data: .string(qiniuUploadToken)) }),
                          answer: "`data` = an upload token (string, the same every time)"),
    ]

    /// `pushUserCollocation` (the earlier publish screen) and `pushUserCollocationV2` (MB
    /// `Unico/UploadCollection/SPublishViewController.m`); required as the PHP signature in that
    /// file's comment lists them, `userType` and `userJson` only for V2.
    static let posts: [YoufanDeclaration] = [
        YoufanDeclaration("Collocation", "pushUserCollocation", .php, .signedIn,
                          postParameters + [.text("userType", default: "1"), .text("itemJson", default: ""),
                                            .text("tabStr", default: ""), .text("media_type", default: "1")],
                          .custom(writes: true, YoufanPosts.publish),
                          answer: "`data` = 1; the caller's new collocation leads the feeds and `Mine/getMyCollocationList`"),
        YoufanDeclaration("Collocation", "pushUserCollocationV2", .php, .signedIn,
                          postParameters + [.text("userType"), .text("userJson"), .text("brandList", default: ""),
                                            .json("tabList", default: "[]"), .text("sysUserId", default: ""), .text("isShow", default: "1")],
                          .custom(writes: true, YoufanPosts.publish),
                          answer: "`data` = 1 (the app's \"published\"); as `pushUserCollocation`"),
        YoufanDeclaration("Collocation", "delCollocationInfo", .php, .signedIn, [.text("cid")],
                          .custom(writes: true, YoufanPosts.remove),
                          answer: "`data` `[]`; removes the caller's own collocation with its likes and comments; another's or unknown → -100"),
    ]

    /// The seller screens of the earlier app generation: the caller's bank cards
    /// (`YoufanBankCards`); the mock keeps no share statistics (nothing the app sends writes
    /// them), so that list is empty; a question about a commission settlement is kept for the caller.
    static let sellerSide: [YoufanDeclaration] = [
        YoufanDeclaration("Collocation", "WxSellerCardFilter", .soa, .signedIn, [],
                          .list(.bankCard, states: nil, about: nil, paging: .whole, shape: YoufanBankCards.row),
                          answer: "`results` = the caller's cards `[MyBankCardModel {id, userId, carD_NO, carD_NAME, banK_ID, banK_NAME, BANK_DTNAME, carD_TYPE, shorT_CODE, iS_DEFAULT}]`, newest first"),
        YoufanDeclaration("WXSC_Statistics", "DayClickSharedCountSumGroupListFilter", .soa, .signedIn,
                          [.text("Shared_id", default: ""), .integer("DayTotal", default: 7)],
                          .custom(writes: false, { _ in .list([], total: 0) }),
                          answer: "`total` 0, `results` `[]` (no share clicks are counted)"),
        YoufanDeclaration("Collocation", "CommisionSettleQnDtlUpdate", .soa, .signedIn,
                          [.text("SETTLE_DTL_ID"), .text("SELLER_ID", default: ""), .text("REMARK")],
                          .create(.settlementQuestion, about: ["SETTLE_DTL_ID"], state: "",
                                  fields: [.text("SELLER_ID", as: "seller_id"), .text("REMARK", as: "remark")],
                                  shape: { _, stored in .object([("id", .string(String(stored.id)))]) }),
                          answer: "`results` = `[{id}]`; keeps the caller's question about settlement line `SETTLE_DTL_ID`"),
    ]

    /// The publish screen's tag suggestions ("包含“str”的标签", MB `SPublishViewController.m`
    /// reads each row's `name`). Hand-written: the names come from inside the collocations' tags.
    @Sendable static func tagSuggestions(_ context: YoufanContext) throws -> YoufanAnswer {
        let limit = min(max(context.arguments.integer("num"), 1), YoufanQuery.maximumPageSize)
        let names = try context.store.collocations.tagNames(containing: context.arguments.text("str"), limit: limit)
        return .list(names.map { .object([("name", .string($0))]) }, total: names.count)
    }

    /// The best-collocation screen's header (MB `Unico/SDiscovery/SBestCollocationViewController.m`):
    /// it shows `banner["1004"]` as a carousel, `banner["1005"]` as a strip, `tab_list` as tabs.
    static let bestCollocationHeader = JSON.object([
        ("banner", .object([("1004", .array([])), ("1005", .array([]))])), ("tab_list", .array([.object([("name", "全部")])])),
    ])

    private static let postParameters: [YoufanParameterSpec] = [
        .text("imgUrl"), .text("imgWidth"), .text("imgHeight"), .text("contentInfo"), .json("tagJson", default: "[]"),
        .text("stickImgUrl", default: ""), .text("videoUrl", default: ""),
    ]

    /// What `Media/getQiniuToken` hands out: the app only passes it on to its image upload,
    /// which never reaches the mock. Hand-written as a closure: no operation answers a constant.
    static let qiniuUploadToken = "mbfun-mock:upload-token"
}
