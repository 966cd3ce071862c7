/// The current row of the user query, read in place: what `MakaUserRepository.withUser(uid:_:)`
/// lends. Valid only inside that closure; a NULL where the schema says NOT NULL throws, as
/// reading it into a `MakaUser` would.
public struct MakaUserRow: MakaUserFields {
    let statement: Statement

    public func integer(_ column: MakaUserColumn) throws -> Int64 {
        try statement.int64(at: column.rawValue)
    }

    public func withText<T>(_ column: MakaUserColumn, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) throws -> T {
        if column != .email, try statement.isNull(at: column.rawValue) {
            throw StoreError.column(statement.layout.label(Int(column.rawValue)), in: statement.sql,
                                    "is NULL, text is required")
        }
        return try statement.withUnsafeBytes(at: column.rawValue, body)
    }
}
