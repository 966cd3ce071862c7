extension YoufanProductRepository {
    /// The stock row (`Product/ProductFilter` row: colour, size, `lisT_QTY`, prices) whose
    /// `barcode_sys_code` is `barcode`, and its product code; nil for an unknown barcode. The
    /// official app's cart and orders name what they hold by this barcode (WIRE.md §3.2 Cart).
    public func stockRow(barcode: String) throws -> (code: String, item: [UInt8])? {
        try database.read { connection in
            guard let row = try connection.queryFirst("""
                SELECT code, item FROM youfan_product_stock WHERE json_extract(item, '$.barcode_sys_code') = ? LIMIT 1
                """, [.text(barcode)]) else { return nil }
            return (try row.string(at: 0), Array(try row.string(at: 1).utf8))
        }
    }
}
