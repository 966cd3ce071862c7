import CSQLitePeer

/// Youfan's `Product/getRecommedProductList` as `serve` answers it: the same SQL on
/// `youfan_recommendations` and `youfan_products`, the stored list items spliced into the
/// recommendation section of the Youfan envelope.
struct RecommendedProducts: Sendable {
    let connections: ReadConnections

    private static let sql = """
        SELECT p.item FROM youfan_recommendations AS r JOIN youfan_products AS p ON p.code = r.code
        WHERE (?1 IS NULL OR r.cid = ?1) AND p.item IS NOT NULL ORDER BY r.cid, r.position, r.code
        LIMIT ?2 OFFSET ?3
        """
    private static let section = #"{"status":1,"info":"","data":{"site":"0","id":"56","index":"1","name":"精品推荐","type":"2","is_delete":"0","create_time":"2016-01-14 15:32:41","start_time":"2016-01-14 00:00:00","end_time":"2017-01-01 23:59:59","productList":"#

    /// The envelope for channel `cid` (nil: every channel), page `index` (0-based) of `size`.
    func pageJSON(cid: Int?, index: Int, size: Int) -> [UInt8] {
        let items = connections.withConnection { connection in
            connection.withStatement(Self.sql) { statement in
                if let cid { sqlite3_bind_int64(statement, 1, Int64(cid)) }
                sqlite3_bind_int64(statement, 2, Int64(size))
                sqlite3_bind_int64(statement, 3, Int64(index * size))
                var items: [[UInt8]] = []
                while sqlite3_step(statement) == SQLITE_ROW { items.append(statement.bytes(0)) }
                return items
            }
        }
        return Array(Self.section.utf8) + JSONText.array(items) + Array("}}".utf8)
    }

    /// PHP `intval` as the Youfan module reads numbers: leading blanks skipped, the digits up to
    /// the first non-digit, nothing is 0.
    static func intval(_ text: String?) -> Int? {
        guard let text else { return nil }
        let digits = text.drop(while: { $0 == " " }).prefix(while: { $0.isASCII && $0.isNumber })
        return Int(digits) ?? 0
    }
}
