import Foundation
import Testing
import TestSupport
@testable import APIRoutes
import Store

/// `POST /__admin/reset`'s rebuild on a real SQLite file with the real schemas, mappers and seeds.
@Suite struct CaptureReseederTests {
    static let seeds = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("seeds/maka").path

    let directory: URL
    let importer: CaptureImporter

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("reseed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let database = try Database(
            path: directory.appendingPathComponent("mock.sqlite").path,
            migrations: CaptureRepository.migrations + MakaSchema.migrations + YoufanSchema.migrations + JournalRepository.migrations)
        let repository = try CaptureRepository(database: database, volatileParameters: YoufanParameters.volatileParameters)
        importer = CaptureImporter(repository: repository, mappers: [MakaCaptureMapper(), YoufanCaptureMapper()])
    }

    func counts() throws -> [String: Int] {
        try importer.repository.database.read { db in
            var counts: [String: Int] = [:]
            for table in ["maka_users", "maka_templates", "maka_events", "maka_purchases", "captures", "journal_batches",
                          "journal_parts"] {
                counts[table] = try db.queryFirst("SELECT count(*) AS n FROM \(table)")?.int("n")
            }
            return counts
        }
    }

    func passwordHashes() throws -> [String] {
        try importer.repository.database.read { db in
            try db.query("SELECT uid, password_hash FROM maka_users WHERE password_hash IS NOT NULL ORDER BY uid")
                .map { "\(try $0.int64("uid")) \(try $0.string("password_hash"))" }
        }
    }

    @Test func resetUndoesClientChangesAndKeepsCapturesAndJournal() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let importer = self.importer
        _ = try await DedicatedThread.run { () throws in try importer.importPaths([Self.seeds]) }
        let seeded = try counts()
        let seededHashes = try passwordHashes()
        #expect(seededHashes.count > 10, "the seeded accounts, hashed")
        #expect(seeded["maka_users"] ?? 0 > 0)
        #expect(seeded["maka_templates"] ?? 0 > 0)
        #expect(seeded["maka_purchases"] == 3, "the QT account's seeded purchases")
        try importer.repository.database.write { db in
            try db.execute("INSERT INTO maka_users (email, nickname, create_time) VALUES ('new@x.im', '新用户', '2026-11-22')")
            try db.execute("DELETE FROM maka_purchases")
            try db.execute("DELETE FROM maka_templates")
        }
        let journal = Journal(database: importer.repository.database)
        journal.record(JournalEntry(startedAt: Date(timeIntervalSince1970: 1), client: "c", method: "GET", target: "/",
                                    path: "/", headers: [("Host", "localhost")], body: [], bodySize: 0, status: 200,
                                    durationMilliseconds: 1, responseBody: Array("{}".utf8)))
        try await DedicatedThread.run { () throws in try journal.flush() }
        let summary = try await DedicatedThread.run { () throws in
            try CaptureReseeder(importer: importer, seedsDirectory: Self.seeds).reseed()
        }
        var expected = seeded
        expected["journal_batches"] = 1
        expected["journal_parts"] = 2
        #expect(try counts() == expected)
        #expect(summary["capturesReplayed"]?.intValue == seeded["captures"])
        #expect(summary["seeds"]?["new"] == 0)
        #expect(try passwordHashes() == seededHashes, "the seeded passwords are not hashed again (new salts)")
        let maxUID = try importer.repository.database.read { try $0.queryFirst("SELECT max(uid) AS m FROM maka_users")?.int("m") }
        _ = try await DedicatedThread.run { () throws in try CaptureReseeder(importer: importer, seedsDirectory: nil).reseed() }
        #expect(try counts() == expected)
        #expect(try importer.repository.database.read { try $0.queryFirst("SELECT max(uid) AS m FROM maka_users")?.int("m") } == maxUID)
    }
}
