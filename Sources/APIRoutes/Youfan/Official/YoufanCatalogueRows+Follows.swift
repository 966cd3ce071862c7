import Store
import Wire

extension YoufanCatalogueRows {
    /// One page of `user`'s follows (`followers` false) or followers, latest first, each as a
    /// follow row; `-101` for a user that does not exist.
    static func follows(of user: String, followers: Bool, viewer: String?, page: YoufanPage,
                        _ context: YoufanContext) throws -> YoufanAnswer {
        guard try context.store.accounts.profile(userID: user) != nil else { throw YoufanFailure.unknownUser }
        let kind = YoufanMark.follow.rawValue
        if followers {
            let found = try context.store.marks.markers(kind, target: user, page: page)
            return .list(try found.users.map { try follow(by: $0, of: user, shown: $0, viewer: viewer, context) }, total: found.total)
        }
        let found = try context.store.marks.targets(kind, userID: user, page: page)
        return .list(try found.targets.map { try follow(by: user, of: $0, shown: $0, viewer: viewer, context) }, total: found.total)
    }

    /// A follow as the 关注/粉丝 cells read `MBOtherUserInfoModel` (MB `Unico/SMine/SMineTableViewCell.m`):
    /// the shown user's `nickName`, `headPortrait` and counts, `userId` the follower and `concernId`
    /// the followed (the screen opens `concernId` from 关注 and `userId` from 粉丝, MB
    /// `SMineFollowFollowerViewController.m`), `isConcerned` whether `viewer` follows the shown user.
    /// No `concernTime`: follows keep no time here, and the cell hides the time when it is absent.
    private static func follow(by follower: String, of followed: String, shown: String, viewer: String?,
                               _ context: YoufanContext) throws -> JSON {
        let members = try user(shown, viewer: viewer, context).objectValue ?? []
        return .object(members.filter { $0.key != "userId" } + [("userId", .string(follower)), ("concernId", .string(followed))])
    }
}
