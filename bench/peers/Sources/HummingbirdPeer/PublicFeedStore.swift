import CSQLitePeer

/// `GET /app/publicEvents?page=&pageSize=` as `serve` answers it: the same two queries on the
/// dense publish sequence of `maka_public_feed` (the highest `seq`, then a `seq` range), the
/// pre-encoded items spliced into the Maka list envelope.
struct PublicFeedStore: Sendable {
    let connections: ReadConnections

    private static let totalSQL = "SELECT max(seq) FROM maka_public_feed"
    private static let rangeSQL = "SELECT item FROM maka_public_feed WHERE seq BETWEEN ? AND ? ORDER BY seq DESC"

    /// The envelope for page `index` (1-based) of `size` items.
    func pageJSON(index: Int, size: Int) -> [UInt8] {
        let (items, total) = connections.withConnection { connection -> ([[UInt8]], Int) in
            let total = connection.withStatement(Self.totalSQL) { statement in
                sqlite3_step(statement) == SQLITE_ROW ? Int(sqlite3_column_int64(statement, 0)) : 0
            }
            let highest = total - (index - 1) * size
            guard highest >= 1 else { return ([], total) }
            let lowest = max(1, highest - size + 1)
            let items = connection.withStatement(Self.rangeSQL) { statement in
                sqlite3_bind_int64(statement, 1, Int64(lowest))
                sqlite3_bind_int64(statement, 2, Int64(highest))
                var items: [[UInt8]] = []
                while sqlite3_step(statement) == SQLITE_ROW { items.append(statement.bytes(0)) }
                return items
            }
            return (items, total)
        }
        var out = Array(#"{"code":200,"msg":"ok","data":"#.utf8)
        out += JSONText.array(items)
        out += Array(#","page":{"index":\#(index),"size":\#(size),"total":\#(total),"hasMore":\#(index * size < total)}}"#.utf8)
        return out
    }
}
