/// The official app's accounts and login tokens (WIRE.md §3.1 `User/login`): a user is created
/// on its first login from the profile the app sends, and every login issues a new token that
/// stays valid until `/__admin/reset`.
public struct YoufanAccountRepository: Sendable {
    public let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// Creates the user or replaces its account name and profile, and stores `token` for it.
    public func signIn(userID: String, account: String, profile: [UInt8], token: String) throws {
        try database.write { connection in
            try Self.signIn(userID: userID, account: account, profile: profile, token: token, in: connection)
        }
    }

    /// `signIn` inside a write transaction (capture import files a captured login this way).
    public static func signIn(userID: String, account: String, profile: [UInt8], token: String,
                              in connection: Connection) throws {
        try connection.execute("""
            INSERT INTO youfan_users (user_id, account, profile) VALUES (?, ?, ?)
            ON CONFLICT (user_id) DO UPDATE SET account = excluded.account, profile = excluded.profile
            """, [.text(userID), .text(account), YoufanSQL.text(profile)])
        try connection.execute("INSERT OR REPLACE INTO youfan_tokens (token, user_id) VALUES (?, ?)",
                               [.text(token), .text(userID)])
    }

    /// Creates a user that does not exist yet (a third-party registration); an existing user is
    /// left as it is. Returns whether the user was created.
    @discardableResult
    public func register(userID: String, account: String, profile: [UInt8]) throws -> Bool {
        try database.write { connection in
            try connection.execute("""
                INSERT INTO youfan_users (user_id, account, profile) VALUES (?, ?, ?) ON CONFLICT (user_id) DO NOTHING
                """, [.text(userID), .text(account), YoufanSQL.text(profile)])
            return connection.changes > 0
        }
    }

    /// The user a token was issued to, inside a transaction (a capture being imported).
    public static func userID(token: String, in connection: Connection) throws -> String? {
        try connection.queryFirst("SELECT user_id FROM youfan_tokens WHERE token = ?", [.text(token)])?.string(at: 0)
    }

    /// The user a token was issued to; nil for an unknown token.
    public func userID(token: String) throws -> String? {
        try database.read { connection in
            try connection.queryFirst("SELECT user_id FROM youfan_tokens WHERE token = ?", [.text(token)])?.string(at: 0)
        }
    }

    /// The stored profile (JSON object text) of a user; nil for an unknown user.
    public func profile(userID: String) throws -> [UInt8]? {
        try database.read { connection in
            try YoufanSQL.fragment("SELECT profile FROM youfan_users WHERE user_id = ?", [.text(userID)], in: connection)
        }
    }

    /// Replaces a known user's profile; false when there is no such user.
    public func updateProfile(userID: String, profile: [UInt8]) throws -> Bool {
        try database.write { connection in
            try connection.execute("UPDATE youfan_users SET profile = ? WHERE user_id = ?",
                                   [YoufanSQL.text(profile), .text(userID)])
            return connection.changes > 0
        }
    }
}
