import APIRoutes
import Foundation

/// The seed captures a `MockServer` imports into a new database, and `POST /__admin/reset`
/// imports again.
public enum MockServerSeeds: Sendable, Equatable {
    /// The `seeds/` directory of the package this kit was built from — also when the kit is a
    /// dependency of another package, whose build keeps the checkout with its sources — else
    /// what `serve` finds (`SeedsLocator`: beside the executable, the working directory).
    case bundled
    /// The seed captures in this directory (`serve --seeds DIR`): `maka/` and `youfan/`.
    case directory(String)
    /// No seeds: the server starts empty and answers only what is imported or created later.
    case none

    /// The directory to import, nil for `.none`; throws when the bundled seeds are not found.
    func resolve() throws(MockServerStartError) -> String? {
        switch self {
        case .none:
            return nil
        case let .directory(path):
            return path
        case .bundled:
            if let path = Self.packageSeeds ?? SeedsLocator.locate() { return path }
            throw .seedsNotFound(searched: Self.packageSeedsPath)
        }
    }

    /// `seeds/` at the root of the package whose `Sources/MockServerKit/` holds this file.
    private static let packageSeedsPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("seeds").path

    private static var packageSeeds: String? {
        var isDirectory: ObjCBool = false
        let maka = packageSeedsPath + "/maka"
        return FileManager.default.fileExists(atPath: maka, isDirectory: &isDirectory) && isDirectory.boolValue
            ? packageSeedsPath : nil
    }
}
