/// Listing stored captures, for `GET /__admin/captures`.
extension CaptureRepository {
    /// Captures newest first, `limit` of them from `offset`.
    public func list(limit: Int, offset: Int) throws -> [StoredCapture] {
        try database.read { db in
            try db.query("SELECT \(StoredCapture.columns) FROM captures ORDER BY id DESC LIMIT ? OFFSET ?",
                         [SQLValue(max(0, limit)), SQLValue(max(0, offset))]).map(StoredCapture.init(row:))
        }
    }
}
