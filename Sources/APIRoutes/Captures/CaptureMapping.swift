/// What a `CaptureMapper` did with one newly stored record; the import summary counts these.
public enum CaptureMapping: Sendable, Equatable {
    /// Not a record of the mapper's routes, or an answer that carries no data (a business error,
    /// an empty page): nothing written, nothing wrong.
    case notMine
    /// Written into these tables (their SQL names, e.g. `maka_templates`).
    case stored(into: Set<String>)
    /// A record of the mapper's routes that no table can take, and why (an answer missing the ids
    /// a table is keyed by, a login capture without the credentials). It stays replayable.
    case refused(reason: String)

    /// Whether any table took the record.
    public var isStored: Bool {
        if case .stored = self { return true }
        return false
    }
}
