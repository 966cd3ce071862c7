/// Youfan specials (inspiration articles): the tabs they are filed under (`attr`), the specials
/// newest first (by `recency`, the numeric `info_id`), and the page's `layoutType`.
public struct YoufanSpecialRepository: Sendable {
    public let database: Database
    private static let layoutTypeSetting = "special.layoutType"

    public init(database: Database) {
        self.database = database
    }

    // MARK: Reads

    /// One page of the specials of a tab (every tab when `tabID` is nil), with the tabs, the
    /// whole list's size and the `layoutType`, all read from one snapshot.
    public func listing(tabID: String?, page: YoufanPage) throws -> YoufanSpecialListing {
        try database.read { connection in
            YoufanSpecialListing(
                tabs: try Self.tabs(in: connection),
                specials: try Self.specials(tabID: tabID, page: page, in: connection),
                total: try Self.count(tabID: tabID, in: connection),
                layoutType: try Self.layoutType(in: connection))
        }
    }

    /// One page of every tab's specials, newest first, each as the members a topic or an old
    /// layout's banner shows (`topic_json`: `id`, `title`, `img`, `url`; youfan.016, youfan.018)
    /// or, for an item that is not JSON, as stored; one statement, no `BEGIN … COMMIT`.
    public func topicFragments(page: YoufanPage) throws -> YoufanList {
        try database.readSingleStatement { connection in
            try YoufanSQL.list("""
                SELECT coalesce(topic_json, item) FROM youfan_specials ORDER BY recency DESC, info_id DESC LIMIT ? OFFSET ?
                """, [SQLValue(page.limit), SQLValue(page.offset)], in: connection)
        }
    }

    /// The tabs (`{tab_id, name}` objects as JSON bytes) in captured order.
    private static func tabs(in connection: Connection) throws -> YoufanList {
        try YoufanSQL.list("SELECT item FROM youfan_special_tabs ORDER BY position, tab_id", [], in: connection)
    }

    /// One page of the specials of a tab (every special when `tabID` is nil), newest first.
    private static func specials(tabID: String?, page: YoufanPage, in connection: Connection) throws -> YoufanList {
        if let tabID {
            return try YoufanSQL.list("""
                SELECT item FROM youfan_specials WHERE tab_id = ?
                ORDER BY recency DESC, info_id DESC LIMIT ? OFFSET ?
                """, [.text(tabID), SQLValue(page.limit), SQLValue(page.offset)], in: connection)
        }
        return try YoufanSQL.list("""
            SELECT item FROM youfan_specials ORDER BY recency DESC, info_id DESC LIMIT ? OFFSET ?
            """, [SQLValue(page.limit), SQLValue(page.offset)], in: connection)
    }

    /// How many specials a tab (or, for nil, the whole list) has.
    private static func count(tabID: String?, in connection: Connection) throws -> Int {
        let row = if let tabID {
            try connection.queryFirst("SELECT count(*) FROM youfan_specials WHERE tab_id = ?", [.text(tabID)])
        } else {
            try connection.queryFirst("SELECT count(*) FROM youfan_specials")
        }
        return try row?.int(at: 0) ?? 0
    }

    /// The captured `layoutType` value as JSON bytes, nil if none was captured.
    private static func layoutType(in connection: Connection) throws -> [UInt8]? {
        try YoufanSQL.fragment("SELECT value FROM youfan_settings WHERE name = ?",
                               [.text(layoutTypeSetting)], in: connection)
    }

    // MARK: Writes (static: on the connection of a `Database.write`)

    public static func saveTab(_ item: [UInt8], tabID: String, position: Int, in connection: Connection) throws {
        try connection.execute("INSERT OR REPLACE INTO youfan_special_tabs (tab_id, position, item) VALUES (?, ?, ?)",
                               [.text(tabID), SQLValue(position), YoufanSQL.text(item)])
    }

    /// Adds or replaces a special. An empty `tabID` (seen only in the all-tabs list) never
    /// overwrites a tab learned from a per-tab capture.
    public static func saveSpecial(_ item: [UInt8], infoID: String, tabID: String, recency: Int,
                            in connection: Connection) throws {
        try connection.execute("""
            INSERT INTO youfan_specials (info_id, tab_id, recency, item) VALUES (?, ?, ?, ?)
            ON CONFLICT (info_id) DO UPDATE SET
                tab_id = CASE WHEN excluded.tab_id = '' THEN tab_id ELSE excluded.tab_id END,
                recency = excluded.recency, item = excluded.item
            """, [.text(infoID), .text(tabID), SQLValue(recency), YoufanSQL.text(item)])
    }

    public static func saveLayoutType(_ value: [UInt8], in connection: Connection) throws {
        try connection.execute("INSERT OR REPLACE INTO youfan_settings (name, value) VALUES (?, ?)",
                               [.text(Self.layoutTypeSetting), YoufanSQL.text(value)])
    }
}
