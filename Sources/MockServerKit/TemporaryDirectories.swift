import Foundation

/// The kit's temporary directories: made under the system's temporary directory with a unique
/// name; those registered with `removeAtExit` are removed when the process exits (if not before).
enum TemporaryDirectories {
    private static let pending = PendingRemovals()

    static func make(prefix: String) throws(MockServerStartError) -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw .temporaryDatabase(path: path, reason: "\(error)")
        }
        return path
    }

    static func removeAtExit(_ path: String) { pending.add(path) }

    /// Paths to remove at exit, behind a lock; the `atexit` handler is installed with the first.
    private final class PendingRemovals: @unchecked Sendable {
        private let lock = NSLock()
        private var paths: [String] = []

        init() {
            atexit { TemporaryDirectories.pending.removeAll() }
        }

        func add(_ path: String) {
            lock.withLock { paths.append(path) }
        }

        func removeAll() {
            let taken = lock.withLock {
                defer { paths = [] }
                return paths
            }
            for path in taken { try? FileManager.default.removeItem(atPath: path) }
        }
    }
}
