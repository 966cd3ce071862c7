import Store

/// Who may call a declared action and how the caller is known (WIRE.md §3.1, §3.3).
enum YoufanAccess: Sendable {
    /// Anyone: a read of the catalogue.
    case anyone
    /// A signed-in user, known by the login `token` the app's transport adds to every call. When
    /// the action also names a user (`userId`, `UserId`), it must be the token's user: another
    /// user's cart or orders are refused.
    case signedIn
    /// A user named by a parameter: calls the app sends without a token (the bare AFNetworking
    /// `Account/UserConcern*` calls); the user must exist. A token, when sent, must agree.
    case named(String)
    /// A user named by a member of a JSON parameter (`appointmentInfo` `creator`), otherwise as
    /// `named`: the fitting-room booking, which the app posts through `quickPost` (MB
    /// `MBHttp/HttpBase/MBHttpClient.m`), whose token line is commented out.
    case namedInside(String, member: String)
    /// The token's user or, when no token is sent, the user the request names: the calls the app
    /// posts through `MBHttpClient mbPostRequestPath` → `SDataCache quickPost`, whose token line
    /// is commented out, and which name the user instead — `userId`/`UserId` (`userParameters`),
    /// or with `entries` the `userId` of each entry of that JSON list (`favoriteList`). A named
    /// user must exist and agree with any token sent. The mock cannot tell who sends an id; it
    /// trusts it, as the real service's tokenless POST did.
    case signedInOrNamed(entries: String? = nil)
    /// As `signedInOrNamed`, and when the call names no user and sends no token, the owner of
    /// the object of `collection` the parameter `id` names. `Order/ReceiverDelete` is posted
    /// through `quickPost` with the address `ID` alone (MB `MyAdderssViewController.m`,
    /// `NewAddressViewController.m`; the `MBShoppingGuideInterface` variant posts the same):
    /// no token, no user, and the mock sets no cookie the app could send back, so nothing but the
    /// row names the user, as the real service could only have known it. A user or a token that
    /// is sent must still be the owner's: another user's row is answered as one that does not exist.
    case signedInOrOwner(of: YoufanCollection, id: String)

    /// The parameters that name the acting user, where an action sends one (`userid`: the
    /// return parcel form, MB `ExpressageViewController.m`).
    static let userParameters = ["userId", "UserId", "userID", "useR_ID", "userid"]

    /// The caller's user id, nil for `.anyone`; throws the app's log-in answer (`-103`) or
    /// `-101` for a user that does not exist.
    func caller(query: YoufanQuery, arguments: YoufanArguments, store: YoufanStore) throws -> String? {
        let accounts = store.accounts
        switch self {
        case .anyone:
            return nil
        case .signedIn:
            guard let token = query.optional("token"), let user = try accounts.userID(token: token) else {
                throw YoufanFailure.signInRequired
            }
            if let named = query.optional(Self.userParameters), named != user { throw YoufanFailure.signInRequired }
            return user
        case let .named(parameter):
            return try Self.existing(arguments.text(parameter), query: query, accounts: accounts)
        case let .namedInside(parameter, member):
            guard let user = YoufanCapture.identifier(arguments.json(parameter), member) else {
                throw YoufanFailure.missing("\(parameter).\(member)")
            }
            return try Self.existing(user, query: query, accounts: accounts)
        case let .signedInOrNamed(entries):
            guard let user = try Self.named(entries: entries, query: query, arguments: arguments) else {
                return try Self.signedIn.caller(query: query, arguments: arguments, store: store)
            }
            return try Self.existing(user, query: query, accounts: accounts)
        case let .signedInOrOwner(collection, id):
            if query.optional(Self.userParameters) != nil || query.optional("token") != nil {
                return try Self.signedInOrNamed().caller(query: query, arguments: arguments, store: store)
            }
            let named = arguments.list(id).first ?? ""
            guard let number = Int64(named), let stored = try store.objects.object(collection.rawValue, id: number) else {
                throw YoufanFailure.notFound("\(collection.rawValue) \(named) 不存在")
            }
            return stored.userID
        }
    }

    /// The user a call names at the top level or in each of its `entries`, nil when it names
    /// none; entries naming different users are refused like a token for another user.
    private static func named(entries: String?, query: YoufanQuery, arguments: YoufanArguments) throws -> String? {
        guard let entries else { return query.optional(userParameters) }
        let users = Set((arguments.json(entries).arrayValue ?? []).compactMap { YoufanCapture.identifier($0, "userId") })
        guard users.count <= 1 else { throw YoufanFailure.signInRequired }
        return users.first
    }

    /// `user` when it exists and any `token` sent is theirs.
    private static func existing(_ user: String, query: YoufanQuery, accounts: YoufanAccountRepository) throws -> String {
        guard try accounts.profile(userID: user) != nil else { throw YoufanFailure.unknownUser }
        if let token = query.optional("token"), try accounts.userID(token: token) != user {
            throw YoufanFailure.signInRequired
        }
        return user
    }

    var documentation: String {
        switch self {
        case .anyone: "anyone"
        case .signedIn: "token"
        case let .named(parameter): "`\(parameter)`"
        case let .namedInside(parameter, member): "`\(parameter).\(member)`"
        case let .signedInOrNamed(entries): "token or `\(entries.map { "\($0)[]." } ?? "")userId`"
        case let .signedInOrOwner(_, id): "token, `userId` or the owner of `\(id)`"
        }
    }
}
