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

    /// The parameters that name the acting user, where an action sends one.
    static let userParameters = ["userId", "UserId", "userID", "useR_ID"]

    /// The caller's user id, nil for `.anyone`; throws the app's log-in answer (`-103`) or
    /// `-101` for a user that does not exist.
    func caller(query: YoufanQuery, arguments: YoufanArguments, accounts: YoufanAccountRepository) throws -> String? {
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
        }
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
        }
    }
}
