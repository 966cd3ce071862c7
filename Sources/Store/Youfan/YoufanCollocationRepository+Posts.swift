/// Collocations users post from the official app (`Collocation/pushUserCollocation(V2)`): they
/// join the catalogue's collocations, so every list and detail shows them, and only their author
/// may remove them. Module state like the rest: `/__admin/reset` removes them.
extension YoufanCollocationRepository {
    /// Stores a new collocation built by `card` from its new id (one past the highest numeric id,
    /// so it is the newest) and its creation time (`yyyy-MM-dd HH:mm:ss`, UTC); answers the id.
    public func post(userType: String, card: (_ id: String, _ created: String) throws -> [UInt8]) throws -> String {
        try database.write { connection in
            let highest = try connection.queryFirst("SELECT coalesce(max(CAST(info_id AS INTEGER)), 0) FROM youfan_collocations")?.int(at: 0) ?? 0
            let id = String(highest + 1)
            let created = try connection.queryFirst("SELECT datetime('now')")?.string(at: 0) ?? ""
            try Self.saveCollocation(try card(id, created), infoID: id, userType: userType, recency: highest + 1, in: connection)
            return id
        }
    }

    /// Removes collocation `id` if `author` posted it; false when there is no such post of theirs.
    /// Inside a write transaction, so what hangs on the post (likes, comments) goes with it.
    public static func delete(id: String, author: String, in connection: Connection) throws -> Bool {
        try connection.execute("DELETE FROM youfan_collocations WHERE info_id = ? AND json_extract(item, '$.user_id') = ?",
                               [.text(id), .text(author)])
        return connection.changes > 0
    }
}
