/// Users, their password hashes and their access tokens.
///
/// Passwords arrive here already hashed (a PHC or crypt(3) string); this type never sees clear text.
public struct MakaUserRepository: Sendable {
    /// The outcome of a registration.
    public enum Registration: Sendable, Equatable {
        case created(MakaUser)
        case emailTaken
    }

    /// What login needs to check a password.
    public struct Credentials: Sendable, Equatable {
        public let uid: Int64
        public let passwordHash: String
    }

    public let database: Database

    public init(database: Database) { self.database = database }

    /// Creates a user and its first token in one transaction. Uids continue from the highest
    /// (starting at 10001, like the captured ones).
    public func register(email: String, passwordHash: String, nickname: String, token: String,
                         now: String = MakaTimestamp.now()) throws -> Registration {
        try database.write { connection in
            if try connection.queryFirst("SELECT 1 FROM maka_users WHERE email = ?", [.text(email)]) != nil {
                return .emailTaken
            }
            try connection.execute("""
                INSERT INTO maka_users (uid, email, password_hash, nickname, create_time)
                VALUES ((SELECT coalesce(max(uid), 10000) + 1 FROM maka_users), ?, ?, ?, ?)
                """, [.text(email), .text(passwordHash), .text(nickname), .text(now)])
            let uid = connection.lastInsertRowID
            try Self.insertToken(token, uid: uid, now: now, in: connection)
            guard let user = try Self.user(uid: uid, in: connection) else {
                throw StoreError.misuse("user \(uid) vanished inside its own transaction")
            }
            return .created(user)
        }
    }

    /// The uid and password hash for an email, if that user can log in.
    public func credentials(email: String) throws -> Credentials? {
        try database.read { connection in
            let row = try connection.queryFirst(
                "SELECT uid, password_hash FROM maka_users WHERE email = ? AND password_hash IS NOT NULL",
                [.text(email)])
            return try row.map { Credentials(uid: try $0.int64("uid"), passwordHash: try $0.string("password_hash")) }
        }
    }

    /// Replaces a user's password hash (login upgrades hashes of an earlier format this way).
    public func replacePasswordHash(uid: Int64, with passwordHash: String) throws {
        try database.write {
            try $0.execute("UPDATE maka_users SET password_hash = ? WHERE uid = ?", [.text(passwordHash), .integer(uid)])
        }
    }

    /// Whether a user with this email exists.
    public func exists(email: String) throws -> Bool {
        try database.read { try $0.queryFirst("SELECT 1 FROM maka_users WHERE email = ?", [.text(email)]) != nil }
    }

    /// Records a new token for the user (a user may hold several: one per login).
    public func issueToken(_ token: String, uid: Int64, now: String = MakaTimestamp.now()) throws {
        try database.write { try Self.insertToken(token, uid: uid, now: now, in: $0) }
    }

    /// The uid a token belongs to, or nil for an unknown token.
    public func uid(forToken token: String) throws -> Int64? {
        try database.readSingleStatement { connection in
            try connection.queryFirst("SELECT uid FROM maka_tokens WHERE token = ?", [.text(token)])?.int64("uid")
        }
    }

    /// One user, or nil.
    public func user(uid: Int64) throws -> MakaUser? {
        try database.readSingleStatement { try Self.user(uid: uid, in: $0) }
    }

    /// Appends the User of `GET /app/user/{uid}` (WIRE.md §4.2) as its owner or as anyone else
    /// sees it, copied from the JSON its row keeps (`MakaSchema.userJSON`): one primary-key step
    /// and one or two copies. False, with nothing appended, for an unknown uid.
    public func appendProfileJSON(uid: Int64, forOwner isOwner: Bool, to output: inout [UInt8]) throws -> Bool {
        try database.readSingleStatement { connection in
            let statement = try connection.statement(isOwner ? Self.ownerJSONByUID : Self.profileJSONByUID)
            try statement.bind(.integer(uid), at: 1)
            defer { statement.reset() }
            guard try statement.step() else { return false }
            for column in 0..<Int32(isOwner ? 2 : 1) {
                if try statement.isNull(at: column) {
                    throw StoreError.column(statement.layout.label(Int(column)), in: statement.sql, "is NULL, JSON is required")
                }
                try statement.withUnsafeBytes(at: column) { output.append(contentsOf: $0) }
            }
            output.append(UInt8(ascii: "}"))
            return true
        }
    }

    /// Applies profile changes in one transaction and returns the updated user (nil if unknown).
    /// Published events show the author's nickname and avatar, so their feed items follow.
    public func update(uid: Int64, changes: [(MakaProfileField, SQLValue)]) throws -> MakaUser? {
        try database.write { connection in
            guard try Self.user(uid: uid, in: connection) != nil else { return nil }
            for (field, value) in changes {
                try connection.execute("UPDATE maka_users SET \(field.column) = ? WHERE uid = ?", [value, .integer(uid)])
            }
            if changes.contains(where: { $0.0.isShownInFeed }) {
                try MakaPublicFeed.refreshItems(ofUser: uid, in: connection)
            }
            return try Self.user(uid: uid, in: connection)
        }
    }

    static func user(uid: Int64, in connection: Connection) throws -> MakaUser? {
        try connection.queryFirst(userByUID, [.integer(uid)]).map(MakaUser.init(row:))
    }

    private static let userByUID = "SELECT \(MakaUser.columns) FROM maka_users WHERE uid = ?"
    private static let profileJSONByUID = "SELECT profile_json FROM maka_users WHERE uid = ?"
    private static let ownerJSONByUID = "SELECT profile_json, owner_json FROM maka_users WHERE uid = ?"

    static func insertToken(_ token: String, uid: Int64, now: String, in connection: Connection) throws {
        try connection.execute("INSERT INTO maka_tokens (token, uid, create_time) VALUES (?, ?, ?)",
                               [.text(token), .integer(uid), .text(now)])
    }
}
