import APIRoutes
import CaptureFormats
import Foundation
import Store
import TestSupport

/// A real SQLite file in a fresh temp directory with the bundled Youfan seeds imported through
/// `YoufanCaptureMapper`; the directory goes away with the value.
final class YoufanSeededDatabase: Sendable {
    /// One seeded database shared by the read-only tests of a process (imported once, off the
    /// cooperative pool, on first use); tests that write make their own.
    static let shared = SharedFixture { try YoufanSeededDatabase() }

    let directory: URL
    let database: Database
    /// How many seed records the mapper took.
    let mappedRecords: Int

    /// `seeds/youfan` of this repository.
    static let seedsDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("seeds/youfan")

    init(importSeeds: Bool = true) throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("youfan-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        database = try Database(path: directory.appendingPathComponent("mock.sqlite").path,
                                migrations: YoufanSchema.migrations)
        mappedRecords = importSeeds ? try Self.importSeeds(into: database) : 0
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Every record of every seed file, in file-name order.
    static func seedRecords() throws -> [CaptureRecord] {
        let files = try FileManager.default.contentsOfDirectory(atPath: seedsDirectory.path)
            .filter { $0.hasSuffix(".json") }.sorted()
        return try files.flatMap { name in
            let bytes = try [UInt8](Data(contentsOf: seedsDirectory.appendingPathComponent(name)))
            return try CaptureFile.records(from: bytes, file: name)
        }
    }

    /// Imports the seeds in one transaction; returns how many records were mapped.
    static func importSeeds(into database: Database) throws -> Int {
        let records = try seedRecords()
        let mapper = YoufanCaptureMapper()
        return try database.write { connection in
            try records.reduce(0) { count, record in try mapper.map(record, into: connection) ? count + 1 : count }
        }
    }
}
