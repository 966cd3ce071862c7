/// Youfan collocations (outfit posts) per author type, newest first: by `recency` (the numeric
/// `info_id`, which grows with time), then by `info_id`.
public struct YoufanCollocationRepository: Sendable {
    public let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// One page of the collocations by authors of `userType`, as JSON bytes.
    public func collocations(userType: String, page: YoufanPage) throws -> YoufanList {
        try database.read { connection in
            try YoufanSQL.list("""
                SELECT item FROM youfan_collocations WHERE user_type = ?
                ORDER BY recency DESC, info_id DESC LIMIT ? OFFSET ?
                """, [.text(userType), SQLValue(page.limit), SQLValue(page.offset)], in: connection)
        }
    }

    /// One collocation by its id (the `info_id` column holds the item's `id`), nil when unknown.
    public func collocation(id: String) throws -> [UInt8]? {
        try database.read { connection in
            try YoufanSQL.fragment("SELECT item FROM youfan_collocations WHERE info_id = ?", [.text(id)], in: connection)
        }
    }

    /// Adds or replaces one collocation (inside `Database.write`).
    public static func saveCollocation(_ item: [UInt8], infoID: String, userType: String, recency: Int,
                                in connection: Connection) throws {
        try connection.execute("""
            INSERT OR REPLACE INTO youfan_collocations (info_id, user_type, recency, item) VALUES (?, ?, ?, ?)
            """, [.text(infoID), .text(userType), SQLValue(recency), YoufanSQL.text(item)])
    }
}
