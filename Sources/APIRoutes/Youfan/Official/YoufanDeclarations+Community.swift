import Wire

/// The community side of the official app (WIRE.md §3.2 Collocation, Comment, Complaints, Media):
/// posting and removing collocations, who liked one, what it wears, its comment scores, reports
/// and the upload token the publish screen asks for first.
extension YoufanDeclarations {
    static let community: [YoufanDeclaration] = posts + [
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
                                            .text("tabList", default: ""), .text("sysUserId", default: ""), .text("isShow", default: "1")],
                          .custom(writes: true, YoufanPosts.publish),
                          answer: "`data` = 1 (the app's \"published\"); as `pushUserCollocation`"),
        YoufanDeclaration("Collocation", "delCollocationInfo", .php, .signedIn, [.text("cid")],
                          .custom(writes: true, YoufanPosts.remove),
                          answer: "`data` `[]`; removes the caller's own collocation; another's or unknown → -100"),
    ]

    private static let postParameters: [YoufanParameterSpec] = [
        .text("imgUrl"), .text("imgWidth"), .text("imgHeight"), .text("contentInfo"), .json("tagJson", default: "[]"),
        .text("stickImgUrl", default: ""), .text("videoUrl", default: ""),
    ]

    /// What `Media/getQiniuToken` hands out: the app only passes it on to its image upload,
    /// which never reaches the mock. Hand-written as a closure: no operation answers a constant.
    static let qiniuUploadToken = "mbfun-mock:upload-token"
}
