/// The lists of a user's follows and posts the official app's other-user page opens (MB
/// `Unico/SMine/SMineViewController.m` and the 关注/粉丝 screen it pushes,
/// `Unico/SMine/SMineFollowFollowerViewController.m`), read from the follows and posts kept here.
extension YoufanDeclarations {
    /// 关注/粉丝 page from `PageIndex` 0 (the screen sends `(rows + 19) / 20`), 20 a page.
    static let followPaging = YoufanPagingRule(index: "PageIndex", base: 0, sizes: ["PageSize", "pageSize"], size: 20)

    static let followLists: [YoufanDeclaration] = [
        YoufanDeclaration("Account", "UserConcernFilter", .soa, .anyone,
                          [.text("userId", "UserId"), .text("LoginUserId", default: "")],
                          .listing(.follows(user: "userId", followers: false, viewer: "LoginUserId"), paging: followPaging),
                          answer: "`results` = `[MBOtherUserInfoModel]`, the users `userId` follows, latest first: `concernId` the followed user (shown), `userId` the follower, `isConcerned` 1 when `LoginUserId` follows the shown user; unknown `userId` → `isSuccess` 0 `查无此用户`"),
        YoufanDeclaration("Account", "UserConcernByConcernIdFilter", .soa, .anyone,
                          [.text("concernId", "ConcernId"), .text("LoginUserId", default: "")],
                          .listing(.follows(user: "concernId", followers: true, viewer: "LoginUserId"), paging: followPaging),
                          answer: "`results` = `[MBOtherUserInfoModel]`, the users who follow `concernId`, latest first: `userId` the follower (shown), `concernId` the followed; `isConcerned` as above; unknown `concernId` → `isSuccess` 0 `查无此用户`"),
        YoufanDeclaration("Collocation", "getUserCollocationList", .php, .anyone, [.text("userId")],
                          .collocations(.author("userId"), paging: .php),
                          answer: "`data` = `[CollocationCard]` the user `userId` posted, with the viewer's `is_love`, newest first"),
    ]
}
