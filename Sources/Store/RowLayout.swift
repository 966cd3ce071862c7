/// The column names of a statement's result, with a name → index map built once per statement,
/// so reading a column by name from a row costs one dictionary lookup and no per-row dictionary.
public final class RowLayout: Sendable {
    /// Column names in result order.
    public let names: [String]
    /// The statement the columns come from, named in decoding errors.
    public let sql: String
    private let indexByName: [String: Int]
    private let indexByLowercasedName: [String: Int]

    init(names: [String], sql: String) {
        self.names = names
        self.sql = sql
        var exact: [String: Int] = [:]
        var lowered: [String: Int] = [:]
        for (index, name) in names.enumerated() {
            if exact[name] == nil { exact[name] = index }
            if lowered[name.lowercased()] == nil { lowered[name.lowercased()] = index }
        }
        indexByName = exact
        indexByLowercasedName = lowered
    }

    /// The index of a column; exact name first, then case-insensitively as SQLite itself does.
    public func index(of name: String) -> Int? {
        indexByName[name] ?? indexByLowercasedName[name.lowercased()]
    }

    /// The index of a column, or an error naming the column and the statement.
    func requireIndex(of name: String) throws -> Int {
        guard let index = index(of: name) else {
            throw StoreError.column(name, in: sql, "is not in the result (columns: \(names.joined(separator: ", ")))")
        }
        return index
    }

    /// The index itself when the result has that many columns, or an error naming the statement.
    func requireIndex(_ index: Int) throws -> Int {
        guard names.indices.contains(index) else {
            throw StoreError.column("#\(index)", in: sql, "is not in the result (\(names.count) columns)")
        }
        return index
    }

    /// A column's name for an error message: its name, or `#index`.
    func label(_ index: Int) -> String {
        names.indices.contains(index) ? names[index] : "#\(index)"
    }
}
