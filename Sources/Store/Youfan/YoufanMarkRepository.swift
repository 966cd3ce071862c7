/// Per-user marks on a target: likes of collocations, brands and wishes, follows of users,
/// favourite products. A mark is there or not (marking twice is one mark), and the number of
/// users who marked a target is what the app shows as its like or fan count.
public struct YoufanMarkRepository: Sendable {
    public let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// Sets or clears the marks of `userID` on `targets`; returns how many marks changed.
    @discardableResult
    public func set(_ kind: String, userID: String, targets: [String], marked: Bool) throws -> Int {
        try database.write { connection in
            var changed = 0
            for target in targets {
                if marked {
                    try connection.execute("""
                        INSERT OR IGNORE INTO youfan_marks (kind, user_id, target, created)
                        VALUES (?, ?, ?, (SELECT ifnull(max(created), 0) + 1 FROM youfan_marks))
                        """, [.text(kind), .text(userID), .text(target)])
                } else {
                    try connection.execute("DELETE FROM youfan_marks WHERE kind = ? AND user_id = ? AND target = ?",
                                           [.text(kind), .text(userID), .text(target)])
                }
                changed += connection.changes
            }
            return changed
        }
    }

    /// Clears every user's `kind` marks on `target` (inside a write transaction): the likes of a
    /// post that is deleted.
    public static func clearAll(_ kind: String, target: String, in connection: Connection) throws {
        try connection.execute("DELETE FROM youfan_marks WHERE kind = ? AND target = ?", [.text(kind), .text(target)])
    }

    /// How many users marked `target`.
    public func count(_ kind: String, target: String) throws -> Int {
        try database.read { connection in
            try connection.queryFirst("SELECT count(*) FROM youfan_marks WHERE kind = ? AND target = ?",
                                      [.text(kind), .text(target)])?.int(at: 0) ?? 0
        }
    }

    /// Whether `userID` marked `target`.
    public func isMarked(_ kind: String, userID: String, target: String) throws -> Bool {
        try database.read { connection in
            try YoufanSQL.exists("SELECT 1 FROM youfan_marks WHERE kind = ? AND user_id = ? AND target = ?",
                                 [.text(kind), .text(userID), .text(target)], in: connection)
        }
    }

    /// One page of what `userID` marked, newest first, and how many there are in all.
    public func targets(_ kind: String, userID: String, page: YoufanPage) throws -> (targets: [String], total: Int) {
        try database.read { connection in
            let rows = try connection.query("""
                SELECT target FROM youfan_marks WHERE kind = ? AND user_id = ? ORDER BY created DESC LIMIT ? OFFSET ?
                """, [.text(kind), .text(userID), SQLValue(page.limit), SQLValue(page.offset)])
            let total = try connection.queryFirst("SELECT count(*) FROM youfan_marks WHERE kind = ? AND user_id = ?",
                                                  [.text(kind), .text(userID)])?.int(at: 0) ?? 0
            return (try rows.map { try $0.string(at: 0) }, total)
        }
    }
}
