/// One named schema step. Each repository declares its own ordered list, names prefixed by its
/// area (`maka.001-users`); `Database` runs the ones not yet recorded, in order, each in its own
/// transaction, and records their names in `store_migrations`.
public struct Migration: Sendable {
    /// The unique name recorded once the step has run.
    public let name: String
    let apply: @Sendable (Connection) throws -> Void
    /// Whether the step rebuilds a table that others reference (see `rebuildingTables`).
    let rebuildsReferencedTables: Bool

    /// A step given as SQL (several `;`-separated statements allowed).
    public init(_ name: String, sql: String) {
        self.init(name, rebuildsReferencedTables: false) { connection in try connection.executeScript(sql) }
    }

    /// A step given as code, for changes SQL alone cannot express.
    public init(_ name: String, apply: @escaping @Sendable (Connection) throws -> Void) {
        self.init(name, rebuildsReferencedTables: false, apply: apply)
    }

    private init(_ name: String, rebuildsReferencedTables: Bool, apply: @escaping @Sendable (Connection) throws -> Void) {
        self.name = name
        self.rebuildsReferencedTables = rebuildsReferencedTables
        self.apply = apply
    }

    /// A step that rebuilds a table other tables' foreign keys name (create the new table, copy,
    /// drop the old one, rename the new one), as SQLite's own procedure for a change `ALTER TABLE`
    /// cannot make: it runs with foreign key enforcement off, since dropping the parent would
    /// otherwise fail on its children, and every foreign key is checked before it commits.
    public static func rebuildingTables(_ name: String, sql: String) -> Migration {
        Migration(name, rebuildsReferencedTables: true) { connection in try connection.executeScript(sql) }
    }
}
