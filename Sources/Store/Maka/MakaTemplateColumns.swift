import CSQLite

/// A store template's row as `MakaCatalogRepository`'s template statements hold it: the columns
/// read in place, text lent from SQLite's buffers, valid only while the row is visited. An
/// answer is written from them straight away, with no `Row` and no `MakaTemplate` in between.
/// The columns are `NOT NULL` (`maka.005-store-templates`) but `pages`.
public struct MakaTemplateColumns {
    private let statement: Statement

    init(_ statement: Statement) { self.statement = statement }

    /// `T_` + 8 characters `[0-9A-Z]`.
    public var id: UnsafeBufferPointer<UInt8> { text(0) }
    public var categoryId: Int { integer(1) }
    public var title: UnsafeBufferPointer<UInt8> { text(2) }
    /// The cover URL.
    public var thumb: UnsafeBufferPointer<UInt8> { text(3) }
    public var pageCount: Int { integer(4) }
    public var useCount: Int { integer(5) }
    public var author: UnsafeBufferPointer<UInt8> { text(6) }
    public var createTime: UnsafeBufferPointer<UInt8> { text(7) }
    /// Numeric text with two decimals (`"9.90"`).
    public var price: UnsafeBufferPointer<UInt8> { text(8) }
    /// Numeric text (`"8"` for 8折, `"0"` for none).
    public var discount: UnsafeBufferPointer<UInt8> { text(9) }
    public var saleNumber: Int { integer(10) }
    /// The pages, a JSON array as text; nil while only a list page was captured, and on a list
    /// page's rows (its statement does not read them).
    public var pages: UnsafeBufferPointer<UInt8>? {
        sqlite3_column_type(statement.handle, 11) == SQLITE_NULL ? nil : text(11)
    }

    private func text(_ column: Int32) -> UnsafeBufferPointer<UInt8> {
        guard let start = sqlite3_column_blob(statement.handle, column) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self),
                                   count: Int(sqlite3_column_bytes(statement.handle, column)))
    }

    private func integer(_ column: Int32) -> Int { Int(sqlite3_column_int64(statement.handle, column)) }
}
