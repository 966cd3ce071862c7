import Foundation

/// Where the named sessions' databases and the seeded template live: `<db>.sessions/` next to the
/// database (a fresh temporary directory for `:memory:`). Sessions last one run: whatever an
/// earlier run left there is deleted at start. The directory is created when first needed.
public struct SessionDirectory: Sendable {
    public let path: String
    /// A directory of its own in the temporary directory (`:memory:`), deleted with the template.
    let isTemporary: Bool

    /// The template every session is copied from.
    var templatePath: String { path + "/seeded.sqlite" }

    /// The database file of one session; `generation` is unique in the run, so a session dropped
    /// and started again never shares a file (or a WAL) with its earlier self. The name is not in
    /// it: a spare is made before its name is known (`SessionFactory`); `GET /__admin/sessions`
    /// shows each session's file.
    func databasePath(generation: Int) -> String {
        "\(path)/\(generation).sqlite"
    }

    /// Creates the directory if it is missing.
    func create() throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// The directory for the database at `databasePath`, emptied of an earlier run's sessions.
    static func discardingEarlierRun(for databasePath: String) throws -> SessionDirectory {
        guard databasePath != ":memory:", !databasePath.isEmpty else {
            let temporary = FileManager.default.temporaryDirectory
                .appendingPathComponent("mock-sessions-\(UUID().uuidString)").path
            return SessionDirectory(path: temporary, isTemporary: true)
        }
        let directory = SessionDirectory(path: databasePath + ".sessions", isTemporary: false)
        if FileManager.default.fileExists(atPath: directory.path) {
            try FileManager.default.removeItem(atPath: directory.path)
        }
        return directory
    }
}
