/// The filter choices the products of a search offer (`Search/getSearchKey`): their colours,
/// their sizes and their brands.
public struct YoufanProductFacets: Sendable, Equatable {
    /// `[{coloR_ID, coloR_NAME, coloR_FILE_PATH}]` by colour id, each id with the name most of
    /// its stock rows give it and one of its pictures.
    public let colours: YoufanList
    /// `[{speC_ID, speC_NAME, products}]` by size id: how many matching products come in it.
    public let sizes: YoufanList
    /// The matching products' brand codes, each once, in code order.
    public let brandCodes: [String]
}

extension YoufanProductRepository {
    /// The facets of the products `search` matches (its order is ignored).
    public func facets(_ search: YoufanProductSearch) throws -> YoufanProductFacets {
        let filters: [SQLValue] = [search.brandCode.map(SQLValue.text) ?? .null,
                                   search.categoryID.map(SQLValue.text) ?? .null,
                                   search.keyword.map(SQLValue.text) ?? .null]
        let matching = "s.code IN (SELECT p.code FROM youfan_products AS p WHERE \(Self.searchFilter))"
        return try database.read { connection in
            // SQLite takes a bare column of a max() aggregate from the row holding the maximum.
            let colours = try YoufanSQL.list("""
                SELECT json_object('coloR_ID', colour_id, 'coloR_NAME', colour_name, 'coloR_FILE_PATH', picture) FROM (
                    SELECT colour_id, colour_name, picture, max(uses) FROM (
                        SELECT json_extract(s.item, '$.coloR_ID') AS colour_id, json_extract(s.item, '$.coloR_NAME') AS colour_name,
                               min(json_extract(s.item, '$.coloR_FILE_PATH')) AS picture, count(*) AS uses
                        FROM youfan_product_stock AS s WHERE \(matching) GROUP BY colour_id, colour_name)
                    WHERE colour_id IS NOT NULL GROUP BY colour_id)
                ORDER BY colour_id
                """, filters, in: connection)
            let sizes = try YoufanSQL.list("""
                SELECT json_object('speC_ID', size_id, 'speC_NAME', size_name, 'products', products) FROM (
                    SELECT json_extract(s.item, '$.speC_ID') AS size_id, min(json_extract(s.item, '$.speC_NAME')) AS size_name,
                           count(DISTINCT s.code) AS products
                    FROM youfan_product_stock AS s
                    WHERE \(matching) AND ifnull(json_extract(s.item, '$.speC_ID'), '') <> ''
                    GROUP BY size_id)
                ORDER BY CAST(size_id AS INTEGER), size_id
                """, filters, in: connection)
            let brands = try connection.query("""
                SELECT DISTINCT json_extract(p.item, '$.brand_code') AS code FROM youfan_products AS p
                WHERE \(Self.searchFilter) AND json_extract(p.item, '$.brand_code') IS NOT NULL ORDER BY code
                """, filters).map { try $0.string("code") }
            return YoufanProductFacets(colours: colours, sizes: sizes, brandCodes: brands)
        }
    }
}
