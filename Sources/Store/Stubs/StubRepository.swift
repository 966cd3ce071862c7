/// Stubs set with `"persistent": true`, kept as their JSON definitions with the order they were
/// created in, so that a restart loads them back with the same precedence. Runs inside
/// `Database` closures.
public enum StubRepository {
    /// The table the stubs are kept in; it survives resets.
    public static let table = "persistent_stubs"

    public static let migrations: [Migration] = [
        Migration("stubs.001-persistent", sql: """
            CREATE TABLE persistent_stubs (
                id TEXT PRIMARY KEY NOT NULL,
                sequence INTEGER NOT NULL,
                definition TEXT NOT NULL
            );
            """),
    ]

    /// One stored stub: its id, its creation order, and its definition as JSON text.
    public struct Record: Sendable, Equatable {
        public var id: String
        public var sequence: Int
        public var definition: String

        public init(id: String, sequence: Int, definition: String) {
            self.id = id
            self.sequence = sequence
            self.definition = definition
        }
    }

    /// Every stored stub, oldest first.
    public static func all(in connection: Connection) throws -> [Record] {
        try connection.query("SELECT id, sequence, definition FROM persistent_stubs ORDER BY sequence").map { row in
            Record(id: try row.string("id"), sequence: try row.int("sequence"), definition: try row.string("definition"))
        }
    }

    /// Stores `record`, replacing a stub with the same id.
    public static func save(_ record: Record, in connection: Connection) throws {
        try connection.execute("INSERT OR REPLACE INTO persistent_stubs (id, sequence, definition) VALUES (?, ?, ?)",
                               [.text(record.id), SQLValue(record.sequence), .text(record.definition)])
    }

    /// Removes the stub `id`, if stored.
    public static func delete(id: String, in connection: Connection) throws {
        try connection.execute("DELETE FROM persistent_stubs WHERE id = ?", [.text(id)])
    }

    /// Removes every stored stub.
    public static func deleteAll(in connection: Connection) throws {
        try connection.execute("DELETE FROM persistent_stubs")
    }
}
