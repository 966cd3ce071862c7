extension StoreError {
    /// A result column that cannot be read as asked: absent, NULL where a value is required, or
    /// of a type that does not convert. Names the column and the statement.
    static func column(_ column: String, in sql: String, _ problem: String) -> StoreError {
        StoreError(code: .mismatch, message: "column \(column) \(problem)", sql: sql)
    }
}
