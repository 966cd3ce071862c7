/// Which stored captures a list, delete or export is about: every condition given must hold.
/// The same filter serves `GET`/`DELETE /__admin/captures`, `GET /__admin/captures.har` and
/// the `serve captures`/`serve export` commands.
public struct CaptureFilter: Sendable, Equatable {
    /// The exact request method (uppercase).
    public var method: String?
    /// The decoded path starts with this.
    public var pathPrefix: String?
    /// The captured status.
    public var status: Int?
    /// The capture's source contains this text (`seeds/maka`, `recorded from`, `upload.har`).
    public var source: String?
    /// Only captures stored after this row id (the ones added while the server ran).
    public var addedAfter: Int64?

    public init(method: String? = nil, pathPrefix: String? = nil, status: Int? = nil, source: String? = nil,
                addedAfter: Int64? = nil) {
        self.method = method
        self.pathPrefix = pathPrefix
        self.status = status
        self.source = source
        self.addedAfter = addedAfter
    }

    /// The SQL condition (`1` for none) and its bindings.
    var whereClause: (sql: String, bindings: [SQLValue]) {
        var conditions: [String] = []
        var bindings: [SQLValue] = []
        if let method {
            conditions.append("method = ?")
            bindings.append(.text(method))
        }
        if let pathPrefix {
            // substr keeps `%` and `_` in the prefix literal, which LIKE would not.
            conditions.append("substr(path, 1, length(?)) = ?")
            bindings += [.text(pathPrefix), .text(pathPrefix)]
        }
        if let status {
            conditions.append("status = ?")
            bindings.append(.integer(Int64(status)))
        }
        if let source {
            conditions.append("instr(source, ?) > 0")
            bindings.append(.text(source))
        }
        if let addedAfter {
            conditions.append("id > ?")
            bindings.append(.integer(addedAfter))
        }
        return (conditions.isEmpty ? "1" : conditions.joined(separator: " AND "), bindings)
    }
}
