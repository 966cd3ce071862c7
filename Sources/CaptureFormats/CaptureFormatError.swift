/// A capture file that cannot be imported: which file, which entry (0-based, as in the file's
/// array), and what is wrong. Nothing of such a file is written.
public struct CaptureFormatError: Error, Sendable, CustomStringConvertible {
    /// The file name (or `request body` for the admin endpoint).
    public let file: String
    /// The index of the bad entry in `log.entries` or the record array; nil for whole-file problems.
    public let entry: Int?
    /// What is wrong, naming the field (`response.status is missing`).
    public let problem: String

    public init(file: String, entry: Int?, problem: String) {
        self.file = file
        self.entry = entry
        self.problem = problem
    }

    public var description: String {
        if let entry { return "\(file): entry \(entry): \(problem)" }
        return "\(file): \(problem)"
    }
}

/// A problem inside one entry, before the file and entry index are attached.
struct EntryProblem: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
