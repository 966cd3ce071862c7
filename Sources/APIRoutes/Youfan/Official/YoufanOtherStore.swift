import Store
import Wire

/// `Collocation/AnotherStore` — the header of another user's store on the collocation detail
/// screen (MB `Unico/SCollocation/SCollocationDetailNoShoppingViewController.m` `dealUserInfo`):
/// `results[0]` = `{userInfo{userId, nickName, headPortrait, userSignature}, concernedCount,
/// isConcerned}`. Hand-written: the user is an account or, for the seeded stylists who never
/// signed in, the author of collocations, and `isConcerned` is the follow of `LoginUserId`
/// (the app sends the store owner's id there when nobody is signed in).
enum YoufanOtherStore {
    @Sendable static func header(_ context: YoufanContext) throws -> YoufanAnswer {
        let store = context.store
        let owner = context.arguments.text("UserId")
        let person = try YoufanComments.person(owner, store)
        var nickName = person["nick_name"] ?? ""
        var headImage = person["head_img"] ?? ""
        if try store.accounts.profile(userID: owner) == nil {
            guard let newest = try store.collocations.collocations(.author(owner), page: YoufanPage(index: 0, size: 1)).items.first
            else { throw YoufanFailure.unknownUser }
            let card = try JSON.parse(newest)
            nickName = card["nick_name"] ?? ""
            headImage = card["head_img"] ?? ""
        }
        let viewer = try context.viewer() ?? context.arguments.text("LoginUserId")
        let marks = store.marks
        let followed = try viewer != owner && marks.isMarked(YoufanMark.follow.rawValue, userID: viewer, target: owner)
        let header = JSON.object([
            ("userInfo", .object([("userId", .string(owner)), ("nickName", nickName), ("headPortrait", headImage),
                                  ("userSignature", "")])),
            ("concernedCount", .int(Int64(try marks.count(YoufanMark.follow.rawValue, target: owner)))),
            ("isConcerned", .int(followed ? 1 : 0)),
        ])
        return .list([header], total: 1)
    }
}
