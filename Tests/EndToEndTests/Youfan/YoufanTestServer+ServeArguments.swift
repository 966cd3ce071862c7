import Foundation
import TestSupport

extension YoufanTestServer {
    /// `serve` arguments for a database in `directory` seeded with only `files` of the bundled
    /// Youfan seeds (copied into `directory/seeds`): every start and reset imports the whole seed
    /// folder, which a loaded machine makes slow, so a test names the files it needs.
    static func serveArguments(in directory: TemporaryDirectory, seeding files: [String]) throws -> [String] {
        let seeds = directory.url.appendingPathComponent("seeds")
        try FileManager.default.createDirectory(at: seeds, withIntermediateDirectories: true)
        for file in files {
            try FileManager.default.copyItem(at: URL(fileURLWithPath: seedsDirectory).appendingPathComponent(file),
                                             to: seeds.appendingPathComponent(file))
        }
        return ["--db", directory.path("mock.sqlite"), "--port", "0", "--quiet", "--seeds", seeds.path]
    }
}
