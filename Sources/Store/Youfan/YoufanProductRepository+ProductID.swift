extension YoufanProductRepository {
    /// The barcodes of the stock rows a cart line's `proD_ID` names, in `Product/ProductFilter`'s
    /// order: the one row whose `id`, `lM_PROD_CLS_ID` or `barcode_sys_code` it is; otherwise the
    /// rows of a colour (`proD_NUM`, the product code and the colour code) or of a whole product
    /// (its code). Empty when it names none. The official app's fitting room adds products to
    /// the cart by such an id (MB `UI/V2UI/FittingRoom/FittingRoomViewController.m`).
    public func barcodes(productID: String) throws -> [String] {
        let choices = [
            """
            SELECT json_extract(item, '$.barcode_sys_code') FROM youfan_product_stock
            WHERE json_extract(item, '$.id') = ?1 OR json_extract(item, '$.lM_PROD_CLS_ID') = ?1
               OR json_extract(item, '$.barcode_sys_code') = ?1
            ORDER BY code, position, row_key LIMIT 1
            """,
            """
            SELECT json_extract(item, '$.barcode_sys_code') FROM youfan_product_stock
            WHERE json_extract(item, '$.proD_NUM') = ?1 ORDER BY code, position, row_key
            """,
            "SELECT json_extract(item, '$.barcode_sys_code') FROM youfan_product_stock WHERE code = ?1 ORDER BY position, row_key",
        ]
        return try database.read { connection in
            for sql in choices {
                let barcodes = try connection.query(sql, [.text(productID)]).compactMap { try $0.optionalString(at: 0) }
                if !barcodes.isEmpty { return barcodes }
            }
            return []
        }
    }
}
