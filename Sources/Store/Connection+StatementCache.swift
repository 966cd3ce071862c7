extension Connection {
    /// A connection's prepared statements by SQL text, held in an allocation of the connection's
    /// own rather than in stored properties: a class's stored property is checked for exclusive
    /// access at run time on every access, once or twice for every statement a request runs. One
    /// thread at a time uses a connection, and nothing a lookup calls reaches the cache again.
    struct StatementCache {
        private var byText: [String: Statement] = [:]
        /// The last few statements handed out, looked through before `byText`: a query's SQL
        /// comes back as the same `String` (a `static let`), which `==` recognises without reading
        /// it, while the dictionary hashed the whole text (hundreds of bytes) on every lookup.
        private var recentlyUsed: [(sql: String, statement: Statement)] = []
        private static let recentCount = 4

        /// The statement for `sql` if it was one of the last few handed out.
        func recent(_ sql: String) -> Statement? {
            for entry in recentlyUsed where entry.sql == sql { return entry.statement }
            return nil
        }

        /// The statement for `sql`, prepared by `prepare` on first use, now the most recent.
        mutating func statement(_ sql: String, prepare: (String) throws -> Statement) throws -> Statement {
            let statement: Statement
            if let cached = byText[sql] {
                statement = cached
            } else {
                statement = try prepare(sql)
                byText[sql] = statement
            }
            if recentlyUsed.count == Self.recentCount { recentlyUsed.removeFirst() }
            recentlyUsed.append((sql, statement))
            return statement
        }
    }
}
