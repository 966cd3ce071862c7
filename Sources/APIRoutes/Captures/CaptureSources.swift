import Foundation

/// Expands the paths given to an import into capture files: a file as it is, a directory as
/// every `*.har` and `*.json` below it, in path order (so `01-users.json` comes before
/// `02-…`, which is the import order and so the "most recent wins" order).
public enum CaptureSources {
    /// The extensions read from directories.
    public static let extensions: Set<String> = ["har", "json"]

    public static func files(in paths: [String]) throws -> [URL] {
        var files: [URL] = []
        for path in paths {
            let url = URL(fileURLWithPath: path)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                throw CaptureSourceError(path: path, reason: "no such file or directory")
            }
            if !isDirectory.boolValue {
                files.append(url)
                continue
            }
            guard let enumerator = FileManager.default.enumerator(
                at: url, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]
            ) else {
                throw CaptureSourceError(path: path, reason: "cannot list the directory")
            }
            var found: [URL] = []
            for case let file as URL in enumerator where extensions.contains(file.pathExtension.lowercased()) {
                found.append(file)
            }
            files += found.sorted { $0.path < $1.path }
        }
        return files
    }

    /// The bytes of a file, or an error naming it.
    public static func contents(of file: URL) throws -> [UInt8] {
        do {
            return Array(try Data(contentsOf: file))
        } catch {
            throw CaptureSourceError(path: file.path, reason: "cannot read: \(error.localizedDescription)")
        }
    }
}
