import Foundation

/// Finds the bundled `seeds/` directory: next to (or above) the executable — `swift run serve`
/// runs `.build/<config>/serve` inside the package — then the working directory, then the
/// package this file was compiled from (`Sources/APIRoutes/Assembly/`).
public enum SeedsLocator {
    public static func locate(fileManager: FileManager = .default) -> String? {
        var candidates: [URL] = []
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = executable.deletingLastPathComponent()
        for _ in 0..<6 {
            candidates.append(directory.appendingPathComponent("seeds"))
            directory = directory.deletingLastPathComponent()
        }
        candidates.append(URL(fileURLWithPath: fileManager.currentDirectoryPath).appendingPathComponent("seeds"))
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(packageRoot.appendingPathComponent("seeds"))
        return candidates.first { isSeedsDirectory($0, fileManager: fileManager) }?.path
    }

    private static func isSeedsDirectory(_ url: URL, fileManager: FileManager) -> Bool {
        var isDirectory: ObjCBool = false
        return ["maka", "youfan"].contains { area in
            fileManager.fileExists(atPath: url.appendingPathComponent(area).path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }
    }
}
