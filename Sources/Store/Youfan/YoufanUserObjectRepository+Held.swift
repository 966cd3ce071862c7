extension YoufanUserObjectRepository {
    /// How many pieces of `barcode` the objects of `collection` in `states` hold, summed over
    /// every user: each object's body lists `lines` of `{barcode, qty}` (the official app's
    /// orders, which hold their pieces until they are cancelled).
    public func heldQuantity(barcode: String, collection: String, states: [String]) throws -> Int {
        guard !states.isEmpty else { return 0 }
        let marks = Array(repeating: "?", count: states.count).joined(separator: ", ")
        return try database.read { connection in
            try connection.queryFirst("""
                SELECT coalesce(sum(json_extract(line.value, '$.qty')), 0)
                FROM youfan_user_objects AS object, json_each(object.body, '$.lines') AS line
                WHERE object.collection = ? AND object.state IN (\(marks)) AND json_extract(line.value, '$.barcode') = ?
                """, [.text(collection)] + states.map { .text($0) } + [.text(barcode)])?.int(at: 0) ?? 0
        }
    }
}
