/// The objects users own, by collection (`YoufanUserObject`). Ids come from one counter, so an
/// id names one object whatever its collection; ownership is checked by the callers, which
/// answer another user's object exactly like a missing one.
public struct YoufanUserObjectRepository: Sendable {
    public let database: Database

    private static let columns = "id, collection, user_id, target, state, body, created"

    public init(database: Database) {
        self.database = database
    }

    /// Stores a new object and returns its id.
    public func insert(_ collection: String, userID: String, target: String, state: String, body: [UInt8]) throws -> Int64 {
        try database.write { connection in
            try Self.insert(collection, userID: userID, target: target, state: state, body: body, in: connection)
        }
    }

    /// `insert` inside a write transaction.
    public static func insert(_ collection: String, userID: String, target: String, state: String, body: [UInt8],
                              in connection: Connection) throws -> Int64 {
        try connection.execute("""
            INSERT INTO youfan_user_objects (collection, user_id, target, state, body, created)
            VALUES (?, ?, ?, ?, ?, datetime('now'))
            """, [.text(collection), .text(userID), .text(target), .text(state), YoufanSQL.text(body)])
        return connection.lastInsertRowID
    }

    /// The object `id` of `collection`; nil when there is none.
    public func object(_ collection: String, id: Int64) throws -> YoufanUserObject? {
        try database.read { connection in try Self.object(collection, id: id, in: connection) }
    }

    /// `object` inside a transaction.
    public static func object(_ collection: String, id: Int64, in connection: Connection) throws -> YoufanUserObject? {
        try connection.queryFirst("SELECT \(columns) FROM youfan_user_objects WHERE collection = ? AND id = ?",
                                  [.text(collection), .integer(id)]).map(YoufanUserObject.init)
    }

    /// The first object of `userID` in `collection` about `target`.
    public static func object(_ collection: String, userID: String, target: String,
                              in connection: Connection) throws -> YoufanUserObject? {
        try connection.queryFirst("""
            SELECT \(columns) FROM youfan_user_objects WHERE collection = ? AND user_id = ? AND target = ? ORDER BY id LIMIT 1
            """, [.text(collection), .text(userID), .text(target)]).map(YoufanUserObject.init)
    }

    /// One page of the objects of `userID` in `collection` (all states when `states` is nil, any
    /// target when `target` is nil), newest first, and how many there are in all.
    public func objects(_ collection: String, userID: String, states: [String]? = nil, target: String? = nil,
                        page: YoufanPage) throws -> (objects: [YoufanUserObject], total: Int) {
        try database.read { connection in
            let filter = Self.filter(states: states, target: target)
            let rows = try connection.query("""
                SELECT \(Self.columns) FROM youfan_user_objects WHERE collection = ? AND user_id = ?\(filter.sql)
                ORDER BY id DESC LIMIT ? OFFSET ?
                """, [.text(collection), .text(userID)] + filter.bindings + [SQLValue(page.limit), SQLValue(page.offset)])
            let total = try connection.queryFirst("""
                SELECT count(*) FROM youfan_user_objects WHERE collection = ? AND user_id = ?\(filter.sql)
                """, [.text(collection), .text(userID)] + filter.bindings)?.int(at: 0) ?? 0
            return (try rows.map(YoufanUserObject.init), total)
        }
    }

    /// One page of the objects about `target` in `collection`, newest first, and the total.
    public func objects(_ collection: String, target: String, page: YoufanPage) throws -> (objects: [YoufanUserObject], total: Int) {
        try database.read { connection in
            let rows = try connection.query("""
                SELECT \(Self.columns) FROM youfan_user_objects WHERE collection = ? AND target = ?
                ORDER BY id DESC LIMIT ? OFFSET ?
                """, [.text(collection), .text(target), SQLValue(page.limit), SQLValue(page.offset)])
            let total = try connection.queryFirst("SELECT count(*) FROM youfan_user_objects WHERE collection = ? AND target = ?",
                                                  [.text(collection), .text(target)])?.int(at: 0) ?? 0
            return (try rows.map(YoufanUserObject.init), total)
        }
    }

    /// How many objects of `collection` are about `target`.
    public func count(_ collection: String, target: String) throws -> Int {
        try database.read { connection in
            try connection.queryFirst("SELECT count(*) FROM youfan_user_objects WHERE collection = ? AND target = ?",
                                      [.text(collection), .text(target)])?.int(at: 0) ?? 0
        }
    }

    /// Replaces the state and body of an object (inside a write transaction).
    public static func update(id: Int64, state: String, body: [UInt8], in connection: Connection) throws {
        try connection.execute("UPDATE youfan_user_objects SET state = ?, body = ? WHERE id = ?",
                               [.text(state), YoufanSQL.text(body), .integer(id)])
    }

    /// Removes an object (inside a write transaction).
    public static func delete(id: Int64, in connection: Connection) throws {
        try connection.execute("DELETE FROM youfan_user_objects WHERE id = ?", [.integer(id)])
    }

    /// Whether `userID` already holds an object of `collection` with this body (inside a
    /// transaction): a capture imported twice adds nothing the second time.
    public static func holds(_ collection: String, userID: String, body: [UInt8], in connection: Connection) throws -> Bool {
        try connection.queryFirst("SELECT 1 FROM youfan_user_objects WHERE collection = ? AND user_id = ? AND body = ?",
                                  [.text(collection), .text(userID), YoufanSQL.text(body)]) != nil
    }

    /// Removes every object of `collection` about `target`, whoever owns it (inside a write
    /// transaction): the comments on a post that is deleted.
    public static func deleteAll(_ collection: String, target: String, in connection: Connection) throws {
        try connection.execute("DELETE FROM youfan_user_objects WHERE collection = ? AND target = ?",
                               [.text(collection), .text(target)])
    }

    private static func filter(states: [String]?, target: String?) -> (sql: String, bindings: [SQLValue]) {
        var sql = ""
        var bindings: [SQLValue] = []
        if let states, !states.isEmpty {
            sql += " AND state IN (\(Array(repeating: "?", count: states.count).joined(separator: ", ")))"
            bindings += states.map { .text($0) }
        }
        if let target {
            sql += " AND target = ?"
            bindings.append(.text(target))
        }
        return (sql, bindings)
    }
}
