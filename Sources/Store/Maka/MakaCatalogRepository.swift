/// The read-only catalogue the "create" and "hot" tabs show: template categories, templates,
/// picture categories, pictures and tag categories. It is filled by capture import.
public struct MakaCatalogRepository: Sendable {
    public let database: Database

    public init(database: Database) { self.database = database }

    public func specialCategories() throws -> [MakaSpecialCategory] {
        try database.read { connection in
            try connection.query("""
                SELECT c.id, c.name, c.icon, c.sort,
                       (SELECT count(*) FROM maka_templates t WHERE t.category_id = c.id)
                FROM maka_special_categories c ORDER BY c.sort, c.id
                """).map {
                MakaSpecialCategory(id: try $0.int64(at: 0), name: try $0.string(at: 1), icon: try $0.string(at: 2),
                                    sort: try $0.int(at: 3), templateCount: try $0.int(at: 4))
            }
        }
    }

    /// Templates, oldest id first, optionally of one category: hands `visit` each row's columns
    /// in place (`pages` nil), from one read snapshot, and returns the number of templates in all.
    public func visitTemplates(categoryId: Int64?, offset: Int, limit: Int,
                               _ visit: (MakaTemplateColumns) throws -> Void) throws -> Int {
        try database.read { connection in
            let scope: [SQLValue] = categoryId.map { [.integer($0)] } ?? []
            let total = try connection.queryFirst(categoryId == nil ? Self.templateCountSQL : Self.categoryTemplateCountSQL,
                                                  scope)?.int(at: 0) ?? 0
            let statement = try connection.statement(categoryId == nil ? Self.templatePageSQL : Self.categoryTemplatePageSQL)
            try statement.bind(scope + [.integer(Int64(limit)), .integer(Int64(offset))])
            defer { statement.reset() }
            while try statement.step() {
                try visit(MakaTemplateColumns(statement))
            }
            return total
        }
    }

    /// Hands `visit` one template's columns in place, `pages` included; false for an unknown id.
    public func visitTemplate(id: String, _ visit: (MakaTemplateColumns) throws -> Void) throws -> Bool {
        try database.readSingleStatement { connection in
            let statement = try connection.statement(Self.templateByIDSQL)
            try statement.bind([.text(id)])
            defer { statement.reset() }
            guard try statement.step() else { return false }
            try visit(MakaTemplateColumns(statement))
            return true
        }
    }

    /// One template with its pages, or nil.
    public func template(id: String) throws -> MakaTemplate? {
        try database.read { connection in
            try connection.queryFirst(Self.templateByIDSQL, [.text(id)]).map(Self.template(row:))
        }
    }

    public func pictureCategories() throws -> [MakaPictureCategory] {
        try database.read { connection in
            try connection.query("""
                SELECT c.id, c.name, c.cover, c.sort,
                       (SELECT count(*) FROM maka_pictures p WHERE p.category_id = c.id)
                FROM maka_picture_categories c ORDER BY c.sort, c.id
                """).map {
                MakaPictureCategory(id: try $0.int64(at: 0), name: try $0.string(at: 1), cover: try $0.string(at: 2),
                                    sort: try $0.int(at: 3), pictureCount: try $0.int(at: 4))
            }
        }
    }

    /// Pictures, oldest id first, optionally of one category, with the total.
    public func pictures(categoryId: Int64?, offset: Int, limit: Int) throws -> (pictures: [MakaPicture], total: Int) {
        try page(of: "maka_pictures", columns: "id, category_id, title, url, thumb, width, height",
                 categoryId: categoryId, offset: offset, limit: limit) {
            MakaPicture(id: try $0.string(at: 0), categoryId: try $0.int64(at: 1), title: try $0.string(at: 2),
                        url: try $0.string(at: 3), thumb: try $0.string(at: 4),
                        width: try $0.int(at: 5), height: try $0.int(at: 6))
        }
    }

    /// Tag categories with the number of published events of each (an index look-up per tag).
    public func tagCategories() throws -> [MakaTagCategory] {
        try database.read { connection in
            try connection.query("""
                SELECT c.id, c.name, c.icon, c.sort,
                       coalesce((SELECT max(f.tag_seq) FROM maka_public_feed f WHERE f.tag_id = c.id), 0)
                FROM maka_tag_categories c ORDER BY c.sort, c.id
                """).map {
                MakaTagCategory(id: try $0.int64(at: 0), name: try $0.string(at: 1), icon: try $0.string(at: 2),
                                sort: try $0.int(at: 3), eventCount: try $0.int(at: 4))
            }
        }
    }

    /// Whether a row with this id exists in one of the category tables.
    public func exists(_ kind: CategoryKind, id: Int64) throws -> Bool {
        try database.read { try $0.queryFirst("SELECT 1 FROM \(kind.rawValue) WHERE id = ?", [.integer(id)]) != nil }
    }

    /// The category tables, for `exists(_:id:)`.
    public enum CategoryKind: String, Sendable {
        case special = "maka_special_categories"
        case picture = "maka_picture_categories"
        case tag = "maka_tag_categories"
    }

    /// One page of `table`'s rows, oldest id first, optionally of one category, with the total.
    private func page<Item>(of table: String, columns: String, categoryId: Int64?, offset: Int, limit: Int,
                            _ item: (Row) throws -> Item) throws -> ([Item], Int) {
        try database.read { connection in
            let filter = categoryId == nil ? "" : "WHERE category_id = ?"
            let scope: [SQLValue] = categoryId.map { [.integer($0)] } ?? []
            let total = try connection.queryFirst("SELECT count(*) FROM \(table) \(filter)", scope)?.int(at: 0) ?? 0
            let rows = try connection.query("SELECT \(columns) FROM \(table) \(filter) ORDER BY id LIMIT ? OFFSET ?",
                                            scope + [.integer(Int64(limit)), .integer(Int64(offset))])
            return (try rows.map(item), total)
        }
    }

    /// The columns `template(row:)` and `MakaTemplateColumns` read, in their order, `pages` last.
    private static let templateColumns = """
        id, category_id, title, thumb, page_count, use_count, author, create_time, price, discount, sale_number
        """
    private static let templateByIDSQL = "SELECT \(templateColumns), pages FROM maka_templates WHERE id = ?"
    private static let templateCountSQL = "SELECT count(*) FROM maka_templates"
    private static let categoryTemplateCountSQL = "SELECT count(*) FROM maka_templates WHERE category_id = ?"
    private static let templatePageSQL = "SELECT \(templateColumns), NULL FROM maka_templates ORDER BY id LIMIT ? OFFSET ?"
    private static let categoryTemplatePageSQL = """
        SELECT \(templateColumns), NULL FROM maka_templates WHERE category_id = ? ORDER BY id LIMIT ? OFFSET ?
        """

    private static func template(row: Row) throws -> MakaTemplate {
        MakaTemplate(id: try row.string(at: 0), categoryId: try row.int64(at: 1), title: try row.string(at: 2),
                     thumb: try row.string(at: 3), pageCount: try row.int(at: 4), useCount: try row.int(at: 5),
                     author: try row.string(at: 6), createTime: try row.string(at: 7), pages: try row.optionalString(at: 11),
                     price: try row.string(at: 8), discount: try row.string(at: 9), saleNumber: try row.int(at: 10))
    }
}
