import Foundation

/// The SOA gateway's access tokens (WIRE.md §3.1): `AccessToken.ashx` issues one per request,
/// valid for `lifetime` seconds; `InvokeSecurity.ashx` accepts a call only with a token issued
/// here and not yet expired. Module state: kept across restarts, emptied by `/__admin/reset`.
public struct YoufanAccessTokenRepository: Sendable {
    /// How long an access token is valid, as `AccessToken.ashx` answers it in `expires_in`.
    public static let lifetime = 7200

    static let migration = Migration("youfan.012-gateway-access-tokens", sql: """
        CREATE TABLE youfan_access_tokens (
            token TEXT PRIMARY KEY NOT NULL, app_id TEXT NOT NULL, expires INTEGER NOT NULL) WITHOUT ROWID;
        CREATE INDEX youfan_access_tokens_by_expiry ON youfan_access_tokens (expires);
        """)

    public let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// Stores `token` for `appID`, valid from `now` for `lifetime` seconds; tokens already
    /// expired are dropped on the way, so the table holds only live ones.
    public func issue(_ token: String, appID: String, now: Date = Date()) throws {
        let seconds = Int64(now.timeIntervalSince1970)
        try database.write { connection in
            try connection.execute("DELETE FROM youfan_access_tokens WHERE expires <= ?", [.integer(seconds)])
            try connection.execute("INSERT OR REPLACE INTO youfan_access_tokens (token, app_id, expires) VALUES (?, ?, ?)",
                                   [.text(token), .text(appID), .integer(seconds + Int64(Self.lifetime))])
        }
    }

    /// Whether `token` was issued here and has not expired at `now`.
    public func isValid(_ token: String, now: Date = Date()) throws -> Bool {
        try database.read { connection in
            try connection.queryFirst("SELECT 1 FROM youfan_access_tokens WHERE token = ? AND expires > ?",
                                      [.text(token), .integer(Int64(now.timeIntervalSince1970))]) != nil
        }
    }
}
