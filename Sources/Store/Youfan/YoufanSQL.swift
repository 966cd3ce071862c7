/// Small query helpers shared by the Youfan repositories: they read JSON text columns straight
/// into bytes, without building `Row` values, because these reads sit on the hottest routes.
enum YoufanSQL {
    /// The first column of every row (JSON text), joined into one JSON array as it is read:
    /// one buffer for the whole page, no per-item arrays.
    static func list(_ sql: String, _ bindings: [SQLValue], in connection: Connection) throws -> YoufanList {
        var json: [UInt8] = []
        let count = try appendList(sql, bindings, in: connection, to: &json)
        return YoufanList(json: json, count: count)
    }

    /// Appends the array of `list` to `output` (an answer being written); returns how many items
    /// it holds.
    static func appendList(_ sql: String, _ bindings: [SQLValue], in connection: Connection,
                           to output: inout [UInt8]) throws -> Int {
        let statement = try connection.statement(sql)
        try statement.bind(bindings)
        defer { statement.reset() }
        output.append(UInt8(ascii: "["))
        var count = 0
        while try statement.step() {
            if count > 0 { output.append(UInt8(ascii: ",")) }
            try statement.withUnsafeBytes(at: 0) { item in
                if item.isEmpty { output.append(contentsOf: "null".utf8) } else { output.append(contentsOf: item) }
            }
            count += 1
        }
        output.append(UInt8(ascii: "]"))
        return count
    }

    /// The first column of the first row, as bytes; nil when there is no row or it is NULL.
    static func fragment(_ sql: String, _ bindings: [SQLValue], in connection: Connection) throws -> [UInt8]? {
        let statement = try connection.statement(sql)
        try statement.bind(bindings)
        defer { statement.reset() }
        guard try statement.step(), try !statement.isNull(at: 0) else { return nil }
        return try statement.bytes(at: 0)
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

/// A list read from a Youfan table, already encoded as one JSON array of the stored items.
public struct YoufanList: Sendable, Equatable {
    /// The JSON array, `[` item `,` item … `]`, items byte for byte as stored.
    public let json: [UInt8]
    /// How many items the array holds.
    public let count: Int

    public init(json: [UInt8], count: Int) {
        self.json = json
        self.count = count
    }

    public static let empty = YoufanList(json: Array("[]".utf8), count: 0)

    public var isEmpty: Bool { count == 0 }

    /// One array with the items of `lists`, in order.
    public static func concatenating(_ lists: [YoufanList]) -> YoufanList {
        var json: [UInt8] = [UInt8(ascii: "[")]
        for list in lists where !list.isEmpty {
            if json.count > 1 { json.append(UInt8(ascii: ",")) }
            json.append(contentsOf: list.json.dropFirst().dropLast())
        }
        json.append(UInt8(ascii: "]"))
        return YoufanList(json: json, count: lists.reduce(0) { $0 + $1.count })
    }
}
