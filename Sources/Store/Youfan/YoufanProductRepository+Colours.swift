extension YoufanProductRepository {
    /// The colours the catalogue's stock rows carry, each once, by colour id:
    /// `[{coloR_ID, coloR_NAME}]`, each id with the name most of its rows give it (a few products
    /// give colour `01` another name, 白/金) (`Product/BaseColorFilter`).
    public func colours() throws -> YoufanList {
        try database.read { connection in
            // SQLite takes a bare column of a max() aggregate from the row holding the maximum.
            try YoufanSQL.list("""
                SELECT json_object('coloR_ID', colour_id, 'coloR_NAME', colour_name) FROM (
                    SELECT colour_id, colour_name, max(uses) FROM (
                        SELECT json_extract(item, '$.coloR_ID') AS colour_id, json_extract(item, '$.coloR_NAME') AS colour_name,
                               count(*) AS uses
                        FROM youfan_product_stock GROUP BY colour_id, colour_name)
                    WHERE colour_id IS NOT NULL GROUP BY colour_id)
                ORDER BY colour_id
                """, [], in: connection)
        }
    }
}
