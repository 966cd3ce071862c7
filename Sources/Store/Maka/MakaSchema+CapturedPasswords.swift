extension MakaSchema {
    /// The table that remembers, per captured registration or login (by the capture's
    /// `contentHash`), the hash made of its password. The capture fixes the password, so the hash
    /// is reused whenever the capture is mapped again: a reset's rebuild (and the sessions'
    /// template, built at every start) empties `maka_users` and replays the captures, and would
    /// otherwise hash every seeded password again with scrypt (16 MiB and ~0.1 s each). Like the
    /// captures, it is kept across resets (`CaptureReseeder.keptTables`).
    public static let capturedPasswordHashesTable = "maka_captured_password_hashes"

    static let capturedPasswordHashes = Migration("maka.013-captured-password-hashes", sql: """
        CREATE TABLE maka_captured_password_hashes (
            capture_hash TEXT PRIMARY KEY,  -- the capture's contentHash
            password_hash TEXT NOT NULL     -- PasswordHasher's hash of the captured password
        ) WITHOUT ROWID;
        """)
}
