/// Youfan brands per channel, in the order the brand pages listed them.
public struct YoufanBrandRepository: Sendable {
    public let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// One page of a channel's brands: each item is a captured brand object as JSON bytes.
    public func brands(cid: Int, page: YoufanPage) throws -> YoufanList {
        try database.read { connection in
            try YoufanSQL.list("""
                SELECT item FROM youfan_brands WHERE cid = ?
                ORDER BY position, brand_code LIMIT ? OFFSET ?
                """, [SQLValue(cid), SQLValue(page.limit), SQLValue(page.offset)], in: connection)
        }
    }

    /// How many brands a channel has.
    public func count(cid: Int) throws -> Int {
        try database.read { connection in
            try connection.queryFirst("SELECT count(*) FROM youfan_brands WHERE cid = ?", [SQLValue(cid)])?
                .int(at: 0) ?? 0
        }
    }

    /// Adds or replaces a brand of a channel at a list position (inside `Database.write`).
    /// The old row goes first: the position is part of the clustered key.
    public static func saveBrand(_ item: [UInt8], code: String, cid: Int, position: Int, in connection: Connection) throws {
        try connection.execute("DELETE FROM youfan_brands WHERE cid = ? AND brand_code = ?", [SQLValue(cid), .text(code)])
        try connection.execute("INSERT INTO youfan_brands (cid, position, brand_code, item) VALUES (?, ?, ?, ?)",
                               [SQLValue(cid), SQLValue(position), .text(code), YoufanSQL.text(item)])
    }
}
