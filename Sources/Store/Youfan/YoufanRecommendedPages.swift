/// The recommended products' pages out of a copy of `youfan_recommended_items` held in memory
/// (`YoufanRecommendedSnapshot`, ~0.7 MB for the seeds, kept current by `TableCopy` with
/// youfan.017's token), the busiest list of the Youfan apps: a page is one copy of a slice
/// instead of a statement stepped over every row it returns and every row it skips (~19k
/// instructions for page 1 of 10). While another read refreshes the copy, a page comes from the
/// last copy if the token still matches it, or else from the table.
final class YoufanRecommendedPages: Sendable {
    private let database: Database
    let copy = TableCopy<YoufanRecommendedSnapshot>(table: "youfan_recommended_items")

    init(database: Database) {
        self.database = database
    }

    /// Appends page `page` of channel `cid` (every channel's when nil) as a JSON array of the
    /// stored items to `output`; returns how many items it holds.
    func append(cid: Int?, page: YoufanPage, to output: inout [UInt8]) throws -> Int {
        switch try copy.current(of: database) {
        case .current(let snapshot):
            return snapshot.append(cid: cid, page: page, to: &output)
        case .busy(let kept):
            return try database.read { connection in
                if let kept, let token = try copy.token(in: connection), kept.token == token {
                    return kept.append(cid: cid, page: page, to: &output)
                }
                return try Self.appendFromTable(cid: cid, page: page, in: connection, to: &output)
            }
        }
    }

    /// The page as a statement reads it from the table, for reads while another refreshes.
    private static func appendFromTable(cid: Int?, page: YoufanPage, in connection: Connection,
                                        to output: inout [UInt8]) throws -> Int {
        if let cid {
            try YoufanSQL.appendList("""
                SELECT item FROM youfan_recommended_items WHERE cid = ? ORDER BY position, code LIMIT ? OFFSET ?
                """, [SQLValue(cid), SQLValue(page.limit), SQLValue(page.offset)], in: connection, to: &output)
        } else {
            try YoufanSQL.appendList("""
                SELECT item FROM youfan_recommended_items ORDER BY cid, position, code LIMIT ? OFFSET ?
                """, [SQLValue(page.limit), SQLValue(page.offset)], in: connection, to: &output)
        }
    }
}
