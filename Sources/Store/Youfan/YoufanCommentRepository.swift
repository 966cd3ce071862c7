/// Youfan comments (each with its replies in `subs`), per commented thing: `type` 2 is a
/// product and `tid` its code. Ordered as the captured pages listed them.
public struct YoufanCommentRepository: Sendable {
    public let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// One page of the comments on `tid`, as JSON bytes.
    public func comments(type: String, tid: String, page: YoufanPage) throws -> YoufanList {
        try database.read { connection in
            try YoufanSQL.list("""
                SELECT item FROM youfan_comments WHERE type = ? AND tid = ?
                ORDER BY position, comment_id LIMIT ? OFFSET ?
                """, [.text(type), .text(tid), SQLValue(page.limit), SQLValue(page.offset)], in: connection)
        }
    }

    /// How many comments `tid` has.
    public func count(type: String, tid: String) throws -> Int {
        try database.read { connection in
            try connection.queryFirst("SELECT count(*) FROM youfan_comments WHERE type = ? AND tid = ?",
                                      [.text(type), .text(tid)])?.int(at: 0) ?? 0
        }
    }

    /// Adds or replaces one comment at a list position (inside `Database.write`). The old row
    /// goes first: the position is part of the clustered key.
    public static func saveComment(_ item: [UInt8], id: String, type: String, tid: String, position: Int,
                                   in connection: Connection) throws {
        try connection.execute("DELETE FROM youfan_comments WHERE type = ? AND tid = ? AND comment_id = ?",
                               [.text(type), .text(tid), .text(id)])
        try connection.execute("""
            INSERT INTO youfan_comments (type, tid, position, comment_id, item) VALUES (?, ?, ?, ?, ?)
            """, [.text(type), .text(tid), SQLValue(position), .text(id), YoufanSQL.text(item)])
    }
}
