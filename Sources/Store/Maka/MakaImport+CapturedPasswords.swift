/// The password hashes made from captured registrations and logins
/// (`MakaSchema.capturedPasswordHashesTable`).
extension MakaImport {
    /// The hash made earlier of the password in the capture whose `contentHash` is `captureHash`.
    public static func capturedPasswordHash(captureHash: String, in connection: Connection) throws -> String? {
        try connection.queryFirst("SELECT password_hash FROM maka_captured_password_hashes WHERE capture_hash = ?",
                                  [.text(captureHash)])?.string(at: 0)
    }

    /// Remembers `passwordHash` as the hash of the password in the capture `captureHash`.
    public static func rememberCapturedPasswordHash(_ passwordHash: String, captureHash: String,
                                                    in connection: Connection) throws {
        try connection.execute("""
            INSERT INTO maka_captured_password_hashes (capture_hash, password_hash) VALUES (?, ?)
            ON CONFLICT (capture_hash) DO UPDATE SET password_hash = excluded.password_hash
            """, [.text(captureHash), .text(passwordHash)])
    }
}
