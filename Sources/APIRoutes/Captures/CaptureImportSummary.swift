/// What one import did: records read, newly stored, already stored, routed into module tables.
public struct CaptureImportSummary: Sendable, Equatable {
    public var files = 0
    public var read = 0
    public var new = 0
    public var unchanged = 0
    /// New records that at least one `CaptureMapper` wrote into a module's tables.
    public var routed = 0

    public init() {}

    /// One line for the console: `imported 3 files: 120 records read, 118 new, 2 unchanged, 95 routed into tables`.
    public var line: String {
        let fileText = files == 1 ? "1 file" : "\(files) files"
        return "imported \(fileText): \(read) records read, \(new) new, \(unchanged) unchanged, \(routed) routed into tables"
    }
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
