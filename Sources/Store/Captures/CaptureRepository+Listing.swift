/// Listing stored captures, for `GET /__admin/captures` and `serve captures list`.
extension CaptureRepository {
    /// Captures matching `filter`, newest first, `limit` of them from `offset`, and how many
    /// match in all, read in one snapshot.
    public func page(matching filter: CaptureFilter = CaptureFilter(), limit: Int, offset: Int) throws
        -> (total: Int, captures: [StoredCapture]) {
        let (condition, bindings) = filter.whereClause
        return try database.read { db in
            let total = try db.queryFirst("SELECT count(*) FROM captures WHERE \(condition)", bindings)?.int(at: 0) ?? 0
            let captures = try db.query(
                "SELECT \(StoredCapture.columns) FROM captures WHERE \(condition) ORDER BY id DESC LIMIT ? OFFSET ?",
                bindings + [SQLValue(max(0, limit)), SQLValue(max(0, offset))]).map(StoredCapture.init(row:))
            return (total, captures)
        }
    }

    /// The recorded wait in milliseconds of the capture stored under `id`; nil when it has none
    /// or there is no such capture.
    public func wait(id: Int64) throws -> Double? {
        try database.read { db in
            try db.queryFirst("SELECT wait_ms FROM captures WHERE id = ?", [.integer(id)])?.optionalDouble(at: 0)
        }
    }

    /// The highest row id stored, 0 when there is none: captures stored later have higher ids.
    public func lastID() throws -> Int64 {
        try database.read { db in try db.queryFirst("SELECT max(id) FROM captures")?.optionalInt64(at: 0) ?? 0 }
    }
}
