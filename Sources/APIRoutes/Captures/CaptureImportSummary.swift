/// What one import did: records read, newly stored, already stored, and where the new ones
/// went: into which module tables, or nowhere (replay-only), and why a mapper refused some.
public struct CaptureImportSummary: Sendable, Equatable {
    public var files = 0
    public var read = 0
    public var new = 0
    public var unchanged = 0
    /// New records that at least one `CaptureMapper` wrote into a module's tables.
    public var routed = 0
    /// New records no table took: they are answered by capture replay only.
    public var replayOnly: Int { new - routed }
    /// New records per table that took them (a record can fill several tables).
    public var tables: [String: Int] = [:]
    /// Replay-only records a mapper recognised but could not use, per reason.
    public var refusals: [String: Int] = [:]

    public init() {}

    /// Counts one new record by what the mappers did with it.
    mutating func count(_ mappings: [CaptureMapping]) {
        var stored: Set<String> = []
        var reasons: Set<String> = []
        for mapping in mappings {
            switch mapping {
            case .notMine: break
            case .stored(let tables): stored.formUnion(tables)
            case .refused(let reason): reasons.insert(reason)
            }
        }
        if mappings.contains(where: \.isStored) {
            routed += 1
            for table in stored { tables[table, default: 0] += 1 }
        } else {
            for reason in reasons { refusals[reason, default: 0] += 1 }
        }
    }

    /// One line for the console: `imported 3 files: 120 records read, 118 new, 2 unchanged, 95
    /// routed into tables, 23 replay-only`.
    public var line: String {
        let fileText = files == 1 ? "1 file" : "\(files) files"
        let readText = read == 1 ? "1 record" : "\(read) records"
        return "imported \(fileText): \(readText) read, \(new) new, \(unchanged) unchanged, "
            + "\(routed) routed into tables, \(replayOnly) replay-only"
    }

    /// `line`, then one indented line per table (`  maka_templates: 40 records`) and per refusal
    /// reason (`  refused 2: …`), by name.
    public var report: [String] {
        [line]
            + tables.sorted { $0.key < $1.key }.map { "  \($0.key): \(Self.records($0.value))" }
            + refusals.sorted { $0.key < $1.key }.map { "  refused \(Self.records($0.value)): \($0.key)" }
    }

    private static func records(_ count: Int) -> String { count == 1 ? "1 record" : "\(count) records" }
}

/// How far a running import has got, for a progress line every few seconds.
public struct CaptureImportProgress: Sendable {
    /// The file being read or stored.
    public let file: String
    /// While storing: records stored so far in this import, out of `total`. While reading a
    /// file (parsing, before anything is stored), both are zero.
    public let done: Int
    public let total: Int
    /// While reading: how long the file has been parsing so far.
    public let readingFor: Duration?

    public init(file: String, done: Int, total: Int, readingFor: Duration? = nil) {
        self.file = file
        self.done = done
        self.total = total
        self.readingFor = readingFor
    }

    public var line: String {
        if let readingFor {
            return "reading \(file): \(readingFor.components.seconds) s so far"
        }
        return "importing \(file): \(done)/\(total) records"
    }
}
