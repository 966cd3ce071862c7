import Store
import Wire

/// The "mine" page of the official app: a user's profile and the counts of their state
/// (`Mine/getCountForlist`, `User/getUserMineInfo` → `MBOtherStoreModel`, MB
/// `Vendor/EScrollerView/SMineViewController.m`), and the profile edits of `User/updateUser*`.
enum YoufanMine {
    /// `Mine/getCountForlist` — `user_id` (empty: the caller). `data` is a one-element array.
    @Sendable static func countsList(_ context: YoufanContext) throws -> YoufanAnswer {
        YoufanAnswer(data: .array([try counts(of: context.arguments.text("user_id"), context)]), total: 1)
    }

    /// `User/getUserMineInfo` — `targetUserId` (empty: the caller). `data` is the object.
    @Sendable static func mineInfo(_ context: YoufanContext) throws -> YoufanAnswer {
        YoufanAnswer(data: try counts(of: context.arguments.text("targetUserId"), context), total: 1)
    }

    /// `MBOtherStoreModel` of `named` (or of the viewer when empty), counted from the marks,
    /// posts and unread messages kept here; `-101` for a user that does not exist.
    static func counts(of named: String, _ context: YoufanContext) throws -> JSON {
        let viewer = try context.viewer()
        guard let user = named.isEmpty ? viewer : named else { throw YoufanFailure.signInRequired }
        guard let stored = try context.store.accounts.profile(userID: user) else { throw YoufanFailure.unknownUser }
        let profile = try JSON.parse(stored)
        let marks = context.store.marks
        let one = YoufanPage(index: 0, size: 1)
        func given(_ kind: YoufanMark) throws -> Int { try marks.targets(kind.rawValue, userID: user, page: one).total }
        let follows = try given(.follow)
        let followers = try marks.count(YoufanMark.follow.rawValue, target: user)
        let posts = try context.store.collocations.collocations(.author(user), page: one).total
        let concerned = try viewer.map { try marks.isMarked(YoufanMark.follow.rawValue, userID: $0, target: user) } ?? false
        let unread = viewer == user ? try YoufanMessages.unread(user, context).total : 0
        return .object([
            ("colCount", .int(posts)), ("concernCount", .int(follows)), ("concernedCount", .int(followers)),
            ("favoriteCount", .int(try given(.favourite) + given(.collocationFavourite))), ("isConcerned", .int(concerned ? 1 : 0)),
            ("back_img", profile["back_img"] ?? ""), ("head_v_type", profile["head_v_type"] ?? "0"),
            ("bpLikeCount", .int(try given(.brandLike))), ("followCount", .int(follows)), ("followerCount", .int(followers)),
            ("productCount", 0), ("collocationCount", .int(posts)), ("collocationLikeCount", .int(try given(.collocationLike))),
            ("status", 1), ("un_read_num", .int(unread)), ("userInfo", profile),
        ])
    }

    /// A `User/updateUser*` action: the caller's profile member `key` becomes the `parameter`
    /// sent, which `data` passes back.
    static func update(_ parameter: String, as key: String) -> YoufanCustomRun {
        { context in
            let user = try context.user()
            let value = context.arguments.text(parameter)
            let profile = try context.store.accounts.profile(userID: user).map { try JSON.parse($0) }
            var members = profile?.objectValue ?? []
            members.removeAll { $0.key == key }
            members.append((key, .string(value)))
            guard try context.store.accounts.updateProfile(userID: user, profile: JSON.object(members).encoded()) else {
                throw YoufanFailure.unknownUser
            }
            return YoufanAnswer(data: .string(value))
        }
    }
}
