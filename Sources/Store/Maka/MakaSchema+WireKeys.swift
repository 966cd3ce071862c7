extension MakaSchema {
    /// Users lose `gender` and `signature`, which no client reads and the real server did not
    /// send (WIRE.md §4.2); the public feed is re-encoded without the author's `avatar` and with
    /// `uid` as text, as in the event documents (WIRE.md §1.8).
    static func dropKeysNoClientReads(_ connection: Connection) throws {
        try connection.executeScript("""
            ALTER TABLE maka_users DROP COLUMN gender;
            ALTER TABLE maka_users DROP COLUMN signature;
            """)
        try MakaPublicFeed.rebuild(in: connection)
    }
}
