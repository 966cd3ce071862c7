import Foundation

/// A fresh directory under the system temp dir, removed when the value is deinitialised.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("store-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// A path inside the directory.
    func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }
}
