/// One named schema step. Each repository declares its own ordered list, names prefixed by its
/// area (`maka.001-users`); `Database` runs the ones not yet recorded, in order, each in its own
/// transaction, and records their names in `store_migrations`.
public struct Migration: Sendable {
    /// The unique name recorded once the step has run.
    public let name: String
    let apply: @Sendable (Connection) throws -> Void

    /// A step given as SQL (several `;`-separated statements allowed).
    public init(_ name: String, sql: String) {
        self.name = name
        self.apply = { connection in try connection.executeScript(sql) }
    }

    /// A step given as code, for changes SQL alone cannot express.
    public init(_ name: String, apply: @escaping @Sendable (Connection) throws -> Void) {
        self.name = name
        self.apply = apply
    }
}
