/// The column names of a statement's result, with a name → index map built once per statement,
/// so reading a column by name from a row costs one dictionary lookup and no per-row dictionary.
public final class RowLayout: Sendable {
    /// Column names in result order.
    public let names: [String]
    private let indexByName: [String: Int]
    private let indexByLowercasedName: [String: Int]

    init(names: [String]) {
        self.names = names
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
}
