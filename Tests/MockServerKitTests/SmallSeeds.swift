import Foundation

/// A few of the bundled seed files (the Maka users and categories, the Youfan layouts) in a
/// directory of their own: enough for the routes the client tests call, and quick to import
/// and to reset, which a debug build on a busy machine needs.
enum SmallSeeds {
    static let files = ["maka/01-users.json", "maka/02-special-categories.json", "youfan/layouts.json"]

    /// The package's `seeds/`, beside `Tests/`.
    static let bundled = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("seeds")

    /// Copies `files` into `directory/seeds` and returns that directory.
    static func make(in directory: URL) throws -> URL {
        let seeds = directory.appendingPathComponent("seeds")
        for file in files {
            let target = seeds.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: bundled.appendingPathComponent(file), to: target)
        }
        return seeds
    }
}
