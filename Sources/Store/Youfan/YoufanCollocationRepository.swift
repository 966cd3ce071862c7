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

    /// One page of the collocations by authors of `userType`, in `collocations`' order, each as
    /// the members a topic's or a stylist's thumbnail shows (`thumbnail_json`, youfan.016) or,
    /// for an item that is not JSON, as stored; one statement, no `BEGIN … COMMIT`.
    public func thumbnails(userType: String, page: YoufanPage) throws -> YoufanList {
        try database.readSingleStatement { connection in
            try YoufanSQL.list("""
                SELECT coalesce(thumbnail_json, item) FROM youfan_collocations WHERE user_type = ?
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
