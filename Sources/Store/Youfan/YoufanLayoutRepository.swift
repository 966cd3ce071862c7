/// The Youfan documents that come whole, one per channel (`cid`: 1 men, 2 women, 4 life):
/// the data-driven home layout (per `page` too), the hot tab layout, the category tree, and the
/// app configuration (per `type`). Each is the captured `data` value, kept as JSON text.
public struct YoufanLayoutRepository: Sendable {
    public let database: Database

    public init(database: Database) {
        self.database = database
    }

    // MARK: Reads

    /// The home layout of `page` (the app sends `home`) for a channel.
    public func homeLayout(page: String, cid: Int) throws -> [UInt8]? {
        try database.read { connection in
            try YoufanSQL.fragment("SELECT body FROM youfan_home_layouts WHERE page = ? AND cid = ?",
                                   [.text(page), SQLValue(cid)], in: connection)
        }
    }

    /// The hot tab layout (`{topPicModul, hotBrandModul, hotCategoryModul}`) for a channel.
    public func hotLayout(cid: Int) throws -> [UInt8]? {
        try database.read { connection in
            try YoufanSQL.fragment("SELECT body FROM youfan_hot_layouts WHERE cid = ?", [SQLValue(cid)], in: connection)
        }
    }

    /// The category tree (an array of nodes with nested `subs`) for a channel.
    public func categoryTree(cid: Int) throws -> [UInt8]? {
        try database.read { connection in
            try YoufanSQL.fragment("SELECT body FROM youfan_category_trees WHERE cid = ?", [SQLValue(cid)], in: connection)
        }
    }

    /// Every channel's category tree, in channel order.
    public func categoryTrees() throws -> [[UInt8]] {
        try database.read { connection in
            try connection.query("SELECT body FROM youfan_category_trees ORDER BY cid").map { Array(try $0.string(at: 0).utf8) }
        }
    }

    /// The app configuration of a `type` (the app sends `1`).
    public func appConfig(type: String) throws -> [UInt8]? {
        try database.read { connection in
            try YoufanSQL.fragment("SELECT body FROM youfan_app_configs WHERE type = ?", [.text(type)], in: connection)
        }
    }

    // MARK: Writes (static: on the connection of a `Database.write`; a later capture replaces an earlier one)

    public static func saveHomeLayout(_ body: [UInt8], page: String, cid: Int, in connection: Connection) throws {
        try connection.execute("INSERT OR REPLACE INTO youfan_home_layouts (page, cid, body) VALUES (?, ?, ?)",
                               [.text(page), SQLValue(cid), YoufanSQL.text(body)])
    }

    public static func saveHotLayout(_ body: [UInt8], cid: Int, in connection: Connection) throws {
        try connection.execute("INSERT OR REPLACE INTO youfan_hot_layouts (cid, body) VALUES (?, ?)",
                               [SQLValue(cid), YoufanSQL.text(body)])
    }

    public static func saveCategoryTree(_ body: [UInt8], cid: Int, in connection: Connection) throws {
        try connection.execute("INSERT OR REPLACE INTO youfan_category_trees (cid, body) VALUES (?, ?)",
                               [SQLValue(cid), YoufanSQL.text(body)])
    }

    public static func saveAppConfig(_ body: [UInt8], type: String, in connection: Connection) throws {
        try connection.execute("INSERT OR REPLACE INTO youfan_app_configs (type, body) VALUES (?, ?)",
                               [.text(type), YoufanSQL.text(body)])
    }
}
