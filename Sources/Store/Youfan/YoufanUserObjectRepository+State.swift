extension YoufanUserObjectRepository {
    /// Whether `userID` has any object in `collection` (inside a transaction).
    public static func any(_ collection: String, userID: String, in connection: Connection) throws -> Bool {
        try YoufanSQL.exists("SELECT 1 FROM youfan_user_objects WHERE collection = ? AND user_id = ?",
                             [.text(collection), .text(userID)], in: connection)
    }

    /// Takes `state` from every object of `userID` in `collection` (inside a write transaction):
    /// the one default bank card gives way to a new default.
    public static func clear(_ state: String, collection: String, userID: String, in connection: Connection) throws {
        try connection.execute("UPDATE youfan_user_objects SET state = '' WHERE collection = ? AND user_id = ? AND state = ?",
                               [.text(collection), .text(userID), .text(state)])
    }
}
