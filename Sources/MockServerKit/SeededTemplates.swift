import APIRoutes
import Foundation

/// One seeded database file per seeds directory and process: seeding (importing every capture,
/// hashing the demo passwords) takes seconds, copying the seeded file takes milliseconds, so every
/// `MockServer` after the first starts from a copy. The files are removed when the process exits.
actor SeededTemplates {
    static let shared = SeededTemplates()

    private var templates: [String: Task<String, any Error>] = [:]

    /// A new database file at `path` holding what seeding from `seeds` gives (an empty, migrated
    /// database for nil).
    func copy(seededFrom seeds: String?, to path: String) async throws {
        let template = try await templatePath(for: seeds)
        try await OffThePool.run {
            do {
                try FileManager.default.copyItem(atPath: template, toPath: path)
            } catch {
                throw MockServerStartError.temporaryDatabase(path: path, reason: "\(error)")
            }
        }
    }

    private func templatePath(for seeds: String?) async throws -> String {
        let key = seeds ?? ""
        if let building = templates[key] { return try await building.value }
        let building = Task { try await OffThePool.run { try Self.build(seededFrom: seeds) } }
        templates[key] = building
        return try await building.value
    }

    /// Seeds a database in a directory of its own, then closes it, so that its WAL is checkpointed
    /// into the one file that is copied.
    private static func build(seededFrom seeds: String?) throws -> String {
        let directory = try TemporaryDirectories.make(prefix: "MockServerKit-template")
        let path = directory + "/seeded.sqlite"
        _ = try StoreBootstrap.open(MockServerConfiguration(databasePath: path, seedsDirectory: seeds))
        TemporaryDirectories.removeAtExit(directory)
        return path
    }
}
