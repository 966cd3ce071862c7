/// Small query helpers shared by the Youfan repositories: they read JSON text columns straight
/// into bytes, without building `Row` values, because these reads sit on the hottest routes.
enum YoufanSQL {
    /// The first column of every row, as the bytes of its text.
    static func fragments(_ sql: String, _ bindings: [SQLValue], in connection: Connection) throws -> [[UInt8]] {
        let statement = try connection.statement(sql)
        try statement.bind(bindings)
        defer { statement.reset() }
        var fragments: [[UInt8]] = []
        while try statement.step() {
            fragments.append(statement.bytes(at: 0))
        }
        return fragments
    }

    /// The first column of the first row, as bytes; nil when there is no row or it is NULL.
    static func fragment(_ sql: String, _ bindings: [SQLValue], in connection: Connection) throws -> [UInt8]? {
        let statement = try connection.statement(sql)
        try statement.bind(bindings)
        defer { statement.reset() }
        guard try statement.step(), !statement.isNull(at: 0) else { return nil }
        return statement.bytes(at: 0)
    }

    /// Whether the query returns at least one row.
    static func exists(_ sql: String, _ bindings: [SQLValue], in connection: Connection) throws -> Bool {
        let statement = try connection.statement(sql)
        try statement.bind(bindings)
        defer { statement.reset() }
        return try statement.step()
    }

    /// JSON bytes as a text binding (captured JSON is UTF-8).
    static func text(_ json: [UInt8]) -> SQLValue {
        .text(String(decoding: json, as: UTF8.self))
    }
}

/// A window of a list: how many items to skip and how many to return at most.
public struct YoufanPage: Sendable, Equatable {
    public let offset: Int
    public let limit: Int

    /// Page `index` (0-based) of `size` items.
    /// An offset past `Int.max` (a silly page index) is clamped: that page is simply empty.
    public init(index: Int, size: Int) {
        let (offset, overflow) = max(0, index).multipliedReportingOverflow(by: max(0, size))
        self.offset = overflow ? Int.max : offset
        self.limit = max(0, size)
    }

    /// A raw window, for callers that page by item count.
    public init(offset: Int, limit: Int) {
        self.offset = offset
        self.limit = limit
    }
}
