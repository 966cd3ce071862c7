import Foundation

/// A fresh, uniquely named directory under the system temp directory for one test's files
/// (SQLite databases, captures, seeds); deleted when released or by `remove()`.
final class TemporaryDirectory: Sendable {
    let url: URL

    /// Creates `<temp>/<prefix>-<UUID>`.
    init(_ prefix: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)",
                                                                            isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { remove() }

    /// The path of `name` inside the directory.
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Deletes the directory and everything in it (a second call does nothing).
    func remove() { try? FileManager.default.removeItem(at: url) }
}
