/// Youfan products: the list item (as in recommended lists), the channel's recommended order,
/// the detail document (with its pictures), the consult Q&A, and the colours with their sizes.
///
/// A product is known once any of these was captured for its code.
public struct YoufanProductRepository: Sendable {
    public let database: Database
    private let recommendedPages: YoufanRecommendedPages

    public init(database: Database) {
        self.database = database
        recommendedPages = YoufanRecommendedPages(database: database)
    }

    // MARK: Reads

    /// One page of a channel's recommended products (list items as JSON bytes); with no channel,
    /// every channel's, channel after channel.
    public func recommended(cid: Int?, page: YoufanPage) throws -> YoufanList {
        var json: [UInt8] = []
        let count = try appendRecommended(cid: cid, page: page, to: &json)
        return YoufanList(json: json, count: count)
    }

    /// Appends the JSON array of `recommended(cid:page:)` to `output`; returns how many items it holds.
    /// A slice of the copy of `youfan_recommended_items` this repository keeps current
    /// (`YoufanRecommendedPages`): no row is stepped for a page while the table is unchanged.
    public func appendRecommended(cid: Int?, page: YoufanPage, to output: inout [UInt8]) throws -> Int {
        try recommendedPages.append(cid: cid, page: page, to: &output)
    }

    /// How many products a channel recommends in all.
    public func recommendedCount(cid: Int) throws -> Int {
        try database.read { connection in
            try connection.queryFirst("SELECT count(*) FROM youfan_recommended_items WHERE cid = ?", [SQLValue(cid)])?
                .int(at: 0) ?? 0
        }
    }

    /// Whether anything was captured for this product code.
    public func exists(code: String) throws -> Bool {
        try database.read { connection in
            try YoufanSQL.exists("SELECT 1 FROM youfan_products WHERE code = ?", [.text(code)], in: connection)
        }
    }

    /// The list item (as in recommended lists), nil when no list captured the product.
    public func item(code: String) throws -> [UInt8]? {
        try database.read { connection in
            try YoufanSQL.fragment("SELECT item FROM youfan_products WHERE code = ?", [.text(code)], in: connection)
        }
    }

    /// The detail document (`clsInfo`, `proPicUrl` …), nil when no detail was captured.
    public func details(code: String) throws -> [UInt8]? {
        try database.read { connection in
            try YoufanSQL.fragment("SELECT details FROM youfan_products WHERE code = ?", [.text(code)], in: connection)
        }
    }

    /// The consult questions and answers of a product, in captured order.
    public func consults(code: String) throws -> YoufanList {
        try database.read { connection in
            try YoufanSQL.list("SELECT item FROM youfan_product_consults WHERE code = ? ORDER BY position",
                                    [.text(code)], in: connection)
        }
    }

    /// The stock rows of a product, one per colour and size, rows of a colour together, in
    /// captured order (`Product/ProductFilter`'s `results`).
    public func stockRows(code: String) throws -> YoufanList {
        try database.read { connection in
            try YoufanSQL.list("""
                SELECT item FROM youfan_product_stock WHERE code = ? ORDER BY position, row_key
                """, [.text(code)], in: connection)
        }
    }

    // MARK: Writes (static: on the connection of a `Database.write`)

    /// Makes the code known without touching what is already stored for it.
    public static func ensureProduct(code: String, in connection: Connection) throws {
        try connection.execute("INSERT OR IGNORE INTO youfan_products (code) VALUES (?)", [.text(code)])
    }

    /// Stores the list item of a product and its position in a channel's recommended list.
    public static func saveRecommended(_ item: [UInt8], code: String, cid: Int, position: Int, in connection: Connection) throws {
        try connection.execute("""
            INSERT INTO youfan_products (code, item) VALUES (?, ?)
            ON CONFLICT (code) DO UPDATE SET item = excluded.item
            """, [.text(code), YoufanSQL.text(item)])
        try connection.execute("""
            INSERT INTO youfan_recommendations (cid, code, position) VALUES (?, ?, ?)
            ON CONFLICT (cid, code) DO UPDATE SET position = excluded.position
            """, [SQLValue(cid), .text(code), SQLValue(position)])
    }

    public static func saveDetails(_ details: [UInt8], code: String, in connection: Connection) throws {
        try connection.execute("""
            INSERT INTO youfan_products (code, details) VALUES (?, ?)
            ON CONFLICT (code) DO UPDATE SET details = excluded.details
            """, [.text(code), YoufanSQL.text(details)])
    }

    /// Replaces the whole consult list of a product (the action is not paginated).
    public static func replaceConsults(_ items: [[UInt8]], code: String, in connection: Connection) throws {
        try ensureProduct(code: code, in: connection)
        try connection.execute("DELETE FROM youfan_product_consults WHERE code = ?", [.text(code)])
        for (position, item) in items.enumerated() {
            try connection.execute("INSERT INTO youfan_product_consults (code, position, item) VALUES (?, ?, ?)",
                                   [.text(code), SQLValue(position), YoufanSQL.text(item)])
        }
    }

    /// Replaces the stock rows of a product: `(key, item)` pairs in display order; a key seen
    /// twice keeps its last row.
    public static func replaceStockRows(_ rows: [(key: String, item: [UInt8])], code: String,
                                        in connection: Connection) throws {
        try ensureProduct(code: code, in: connection)
        try connection.execute("DELETE FROM youfan_product_stock WHERE code = ?", [.text(code)])
        for (position, row) in rows.enumerated() {
            // REPLACE also drops an earlier row with the same key (UNIQUE (code, row_key)).
            try connection.execute("""
                INSERT OR REPLACE INTO youfan_product_stock (code, position, row_key, item) VALUES (?, ?, ?, ?)
                """, [.text(code), SQLValue(position), .text(row.key), YoufanSQL.text(row.item)])
        }
    }
}
