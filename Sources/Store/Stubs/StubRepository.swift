/// Stubs set with `"persistent": true`, kept as their JSON definitions with the order they were
/// created in and the answers they have left, and the states of the scenarios they name, so that
/// a restart loads them back as they were. Runs inside `Database` closures.
public enum StubRepository {
    /// The table the stubs are kept in; it survives resets.
    public static let table = "persistent_stubs"
    /// The scenario states of the persistent stubs.
    public static let scenarioTable = "persistent_stub_scenarios"

    public static let migrations: [Migration] = [
        Migration("stubs.001-persistent", sql: """
            CREATE TABLE persistent_stubs (
                id TEXT PRIMARY KEY NOT NULL,
                sequence INTEGER NOT NULL,
                definition TEXT NOT NULL
            );
            """),
        Migration("stubs.002-remaining-and-scenarios", sql: """
            ALTER TABLE persistent_stubs ADD COLUMN remaining INTEGER;
            CREATE TABLE persistent_stub_scenarios (
                name TEXT PRIMARY KEY NOT NULL,
                state TEXT NOT NULL
            );
            """),
    ]

    /// One stored stub: its id, its creation order, its definition as JSON text, and the answers
    /// it has left (nil: all its `times`, or no limit).
    public struct Record: Sendable, Equatable {
        public var id: String
        public var sequence: Int
        public var definition: String
        public var remaining: Int?

        public init(id: String, sequence: Int, definition: String, remaining: Int? = nil) {
            self.id = id
            self.sequence = sequence
            self.definition = definition
            self.remaining = remaining
        }
    }

    /// Every stored stub, oldest first.
    public static func all(in connection: Connection) throws -> [Record] {
        try connection.query("SELECT id, sequence, definition, remaining FROM persistent_stubs ORDER BY sequence").map { row in
            Record(id: try row.string("id"), sequence: try row.int("sequence"), definition: try row.string("definition"),
                   remaining: try row.optionalInt("remaining"))
        }
    }

    /// Stores `record`, replacing a stub with the same id.
    public static func save(_ record: Record, in connection: Connection) throws {
        try connection.execute("INSERT OR REPLACE INTO persistent_stubs (id, sequence, definition, remaining) VALUES (?, ?, ?, ?)",
                               [.text(record.id), SQLValue(record.sequence), .text(record.definition), SQLValue(record.remaining)])
    }

    /// Records how many answers each stored stub (by id) has left; nil: all of them.
    public static func saveRemaining(_ remaining: [(id: String, remaining: Int?)], in connection: Connection) throws {
        for (id, left) in remaining {
            try connection.execute("UPDATE persistent_stubs SET remaining = ? WHERE id = ?", [SQLValue(left), .text(id)])
        }
    }

    /// The stored scenario states, by scenario name.
    public static func scenarioStates(in connection: Connection) throws -> [String: String] {
        var states: [String: String] = [:]
        for row in try connection.query("SELECT name, state FROM persistent_stub_scenarios") {
            states[try row.string("name")] = try row.string("state")
        }
        return states
    }

    /// Replaces the stored scenario states with `states`.
    public static func saveScenarioStates(_ states: [String: String], in connection: Connection) throws {
        try connection.execute("DELETE FROM persistent_stub_scenarios")
        for (name, state) in states.sorted(by: { $0.key < $1.key }) {
            try connection.execute("INSERT INTO persistent_stub_scenarios (name, state) VALUES (?, ?)", [.text(name), .text(state)])
        }
    }

    /// Back to the start of every count and scenario (as a reset leaves them): no answers used,
    /// every scenario in its first state.
    public static func forgetProgress(in connection: Connection) throws {
        try connection.execute("UPDATE persistent_stubs SET remaining = NULL WHERE remaining IS NOT NULL")
        try connection.execute("DELETE FROM persistent_stub_scenarios")
    }

    /// Removes the stub `id`, if stored.
    public static func delete(id: String, in connection: Connection) throws {
        try connection.execute("DELETE FROM persistent_stubs WHERE id = ?", [.text(id)])
    }

    /// Removes every stored stub and scenario state.
    public static func deleteAll(in connection: Connection) throws {
        try connection.execute("DELETE FROM persistent_stubs")
        try connection.execute("DELETE FROM persistent_stub_scenarios")
    }
}
