/// Captured answers of the earlier API generation's pages, kept whole: `Home/getHotLayoutInfo`
/// and `Topic/getTopicList` per page, `Home/getAppLayoutInfo` per layout and tab, and
/// `Product/ProductClsFilter` per product. The mock builds these pages from its other tables;
/// once a real one is imported it is answered as captured instead (its sections, topics and
/// stylists cannot be taken apart into those tables without losing what the clients show).
public struct YoufanCapturedPageRepository: Sendable {
    public let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// The captured `data` of `action` for `key` (a page, or `id/cid`), nil when none was captured.
    public func page(action: String, key: String) throws -> [UInt8]? {
        try database.read { connection in
            try YoufanSQL.fragment("SELECT body FROM youfan_captured_pages WHERE action = ? AND key = ?",
                                   [.text(action), .text(key)], in: connection)
        }
    }

    /// The captured `ProductClsFilter` result of a product, nil when none was captured.
    public func productHeader(code: String) throws -> [UInt8]? {
        try database.read { connection in
            try YoufanSQL.fragment("SELECT body FROM youfan_product_headers WHERE code = ?", [.text(code)], in: connection)
        }
    }

    // MARK: Writes (static: on the connection of a `Database.write`)

    /// Keeps (or replaces) the captured `data` of `action` for `key`.
    public static func savePage(_ body: [UInt8], action: String, key: String, in connection: Connection) throws {
        try connection.execute("INSERT OR REPLACE INTO youfan_captured_pages (action, key, body) VALUES (?, ?, ?)",
                               [.text(action), .text(key), YoufanSQL.text(body)])
    }

    /// Keeps (or replaces) the captured `ProductClsFilter` result of a product.
    public static func saveProductHeader(_ body: [UInt8], code: String, in connection: Connection) throws {
        try YoufanProductRepository.ensureProduct(code: code, in: connection)
        try connection.execute("INSERT OR REPLACE INTO youfan_product_headers (code, body) VALUES (?, ?)",
                               [.text(code), YoufanSQL.text(body)])
    }
}
