import Foundation
import HTTPServer
import Store

/// One complete, independent mock: its own SQLite database, API modules, capture replay,
/// journal and mock controls (so its runtime rules are its own). The default session is the
/// server's own database; a named session works on a copy of the `SeededTemplate`.
public struct MockSession: Sendable {
    public let store: StoreBootstrap
    public let journal: Journal
    /// What answers the session's requests: its application inside its mock controls.
    public let controls: MockControls

    /// The database file and its WAL, in bytes.
    var databaseBytes: Int {
        ["", "-wal"].reduce(0) { total, suffix in
            let attributes = try? FileManager.default.attributesOfItem(atPath: store.database.path + suffix)
            let size = (attributes?[.size] as? NSNumber)?.intValue
            return total + (size ?? 0)
        }
    }
}
