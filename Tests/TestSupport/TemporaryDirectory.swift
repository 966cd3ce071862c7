import Foundation

/// A fresh, uniquely named directory under the system temp directory for one test's files
/// (SQLite databases, captures, seeds); deleted when released or by `remove()`.
public final class TemporaryDirectory: Sendable {
    public let url: URL

    /// Creates `<temp>/<prefix>-<UUID>`.
    public init(_ prefix: String = "tests") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)",
                                                                            isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { remove() }

    /// The path of `name` inside the directory.
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Deletes the directory and everything in it (a second call does nothing).
    public func remove() { try? FileManager.default.removeItem(at: url) }
}
