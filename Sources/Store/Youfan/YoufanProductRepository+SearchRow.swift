extension YoufanProductRepository {
    /// One product as a row of the SOA search (`YoufanProductRepository.search`), for lists that
    /// name products one by one (a user's favourites); nil for a product no list holds.
    public func searchRow(code: String) throws -> [UInt8]? {
        try database.read { connection in
            try YoufanSQL.fragment("SELECT \(Self.searchRowJSON) FROM youfan_products AS p WHERE p.code = ? AND p.item IS NOT NULL",
                                   [.text(code)], in: connection)
        }
    }
}
