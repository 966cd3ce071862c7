/// Deleting stored captures: `DELETE /__admin/captures[/{id}]`, `serve captures delete`, and the
/// captures added while the server ran, which `POST /__admin/reset` removes.
extension CaptureRepository {
    /// Deletes the capture stored under `id`; false when there was none.
    public func delete(id: Int64) throws -> Bool {
        try database.write { db in
            try db.execute("DELETE FROM captures WHERE id = ?", [.integer(id)])
            return db.changes > 0
        }
    }

    /// Deletes every capture matching `filter` in one transaction; returns how many.
    public func delete(matching filter: CaptureFilter) throws -> Int {
        try database.write { db in try delete(matching: filter, in: db) }
    }

    /// Deletes every capture matching `filter` inside the caller's write transaction.
    public func delete(matching filter: CaptureFilter, in connection: Connection) throws -> Int {
        let (condition, bindings) = filter.whereClause
        try connection.execute("DELETE FROM captures WHERE \(condition)", bindings)
        return connection.changes
    }
}
