import HTTPServer
import Store
import Wire

/// What the Maka handlers share: the repositories over one database and the password hasher.
struct MakaServices: Sendable {
    let users: MakaUserRepository
    let events: MakaEventRepository
    let feed: MakaPublicFeed
    let catalog: MakaCatalogRepository
    let hasher: PasswordHasher
    /// Login skips the password check for a known account (clients that encrypt the password).
    let acceptsAnyPassword: Bool
    /// A valid hash no password matches (`PasswordHasher.unusableHash`): login checks it for
    /// unknown emails, so answering "wrong credentials" takes as long whether or not the email exists.
    let decoyHash: String

    init(database: Database, hasher: PasswordHasher, acceptAnyPassword: Bool) {
        users = MakaUserRepository(database: database)
        events = MakaEventRepository(database: database)
        feed = MakaPublicFeed(database: database)
        catalog = MakaCatalogRepository(database: database)
        self.hasher = hasher
        acceptsAnyPassword = acceptAnyPassword
        decoyHash = hasher.unusableHash()
    }

    /// The uid behind the request's token; business 401 when there is no valid token.
    func authenticatedUID(_ request: HTTPRequest, _ parameters: Parameters) throws -> Int64 {
        guard let token = MakaTokens.presented(by: request, parameters: parameters),
              let uid = try users.uid(forToken: token) else { throw MakaFailure.unauthorized }
        return uid
    }

    /// The uid behind the request's token, or nil when it has none or an invalid one.
    func optionalUID(_ request: HTTPRequest, _ parameters: Parameters) throws -> Int64? {
        guard let token = MakaTokens.presented(by: request, parameters: parameters) else { return nil }
        return try users.uid(forToken: token)
    }
}
