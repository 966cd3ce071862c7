import CaptureFormats
import Foundation
import Testing
import TestSupport
@testable import APIRoutes
import Store

@Suite struct CaptureImporterTests {
    let fixture: CaptureFixture
    init() throws { fixture = try CaptureFixture() }

    @Test func importsHARAndCaptureJSONAndReimportChangesNothing() throws {
        try fixture.write("in/a.har", CaptureFixture.har)
        try fixture.write("in/b.json", CaptureFixture.captureJSON)
        try fixture.write("in/notes.txt", "not a capture")
        let importer = CaptureImporter(repository: fixture.repository, mappers: [TemplatesMapper()])
        let directory = fixture.directory.appendingPathComponent("in").path

        let first = try importer.importPaths([directory])
        #expect(first.files == 2)
        #expect(first.read == 4)
        #expect(first.new == 4)
        #expect(first.unchanged == 0)
        #expect(first.routed == 1)
        #expect(first.replayOnly == 3)
        #expect(first.tables == ["mapped": 1])
        #expect(first.refusals == ["no table for logins": 1])
        #expect(first.report == [
            "imported 2 files: 4 records read, 4 new, 0 unchanged, 1 routed into tables, 3 replay-only",
            "  mapped: 1 record",
            "  refused 1 record: no table for logins",
        ])

        // The same records under another file name are the same records.
        let copy = try fixture.write("copy.json", CaptureFixture.captureJSON)
        let second = try importer.importPaths([directory, copy])
        #expect(second.read == 6)
        #expect(second.new == 0)
        #expect(second.unchanged == 6)
        #expect(second.routed == 0)
        #expect(try fixture.captureCount() == 4)
        #expect(try fixture.mappedURLs() == ["/app/templates?categoryId=3"])
    }

    /// A record one mapper stores is not refused because another refuses it; a mapper that only
    /// answers yes or no is counted under its own name.
    @Test func recordsAreCountedPerTableAndRefusalsOnlyWhenNoTableTookThem() throws {
        let file = try fixture.write("records.json", CaptureFixture.captureJSON)
        let importer = CaptureImporter(repository: fixture.repository, mappers: [TemplatesMapper(), YesNoMapper()])
        let summary = try importer.importPaths([file])
        #expect(summary.routed == 2)
        #expect(summary.replayOnly == 0)
        #expect(summary.tables == ["mapped": 1, "YesNoMapper": 1])
        #expect(summary.refusals.isEmpty)
        #expect(summary.json == [
            "files": 1, "read": 2, "new": 2, "unchanged": 0, "routed": 2, "replayOnly": 0,
            "tables": ["YesNoMapper": 1, "mapped": 1], "refused": [],
        ])
    }

    @Test func malformedFileRefusesTheWholeImportNamingFileAndEntry() throws {
        let good = try fixture.write("good.json", CaptureFixture.captureJSON)
        let bad = try fixture.write("bad.har", #"{"log":{"entries":[{"request":{"method":"GET","url":"/a"},"response":{"status":200}},{"request":{"method":"GET","url":"/b"},"response":{"status":"x"}}]}}"#)
        let importer = CaptureImporter(repository: fixture.repository, mappers: [TemplatesMapper()])
        let error = try #require(throws: CaptureFormatError.self) { try importer.importPaths([good, bad]) }
        #expect(error.file == bad)
        #expect(error.entry == 1)
        #expect(error.description == "\(bad): entry 1: response.status must be a whole number from 100 to 599, not a string")
        #expect(try fixture.captureCount() == 0)
        #expect(try fixture.mappedURLs().isEmpty)
    }

    @Test func mapperErrorRollsBackEverythingAndNamesTheRecord() throws {
        let file = try fixture.write("records.json", CaptureFixture.captureJSON)
        let importer = CaptureImporter(repository: fixture.repository, mappers: [RefusingMapper()])
        let error = try #require(throws: CaptureImportError.self) { try importer.importPaths([file]) }
        #expect(error.source == "\(file) entry 1")
        #expect(error.description.contains("templates page has no data array"))
        #expect(try fixture.captureCount() == 0)
        #expect(try fixture.mappedURLs().isEmpty)
    }

    @Test func missingPathIsRefused() throws {
        let importer = CaptureImporter(repository: fixture.repository, mappers: [])
        let error = try #require(throws: CaptureSourceError.self) { try importer.importPaths(["/nonexistent/x.har"]) }
        #expect(error.description == "/nonexistent/x.har: no such file or directory")
    }

    @Test func progressIsReportedWhileStoring() throws {
        let file = try fixture.write("records.json", CaptureFixture.captureJSON)
        let importer = CaptureImporter(repository: fixture.repository, mappers: [], progressInterval: .zero)
        let lines = LineCollector()
        _ = try importer.importPaths([file], progress: { lines.append($0.line) })
        #expect(lines.lines == ["importing \(file): 1/2 records", "importing \(file): 2/2 records"])
    }

    @Test func bundledSeedsImportCleanlyAndOnlyIntoANeverSeededDatabase() async throws {
        let seeds = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("seeds").path
        let importer = CaptureImporter(repository: fixture.repository, mappers: [])
        let seedIfNeverSeeded = { @Sendable () async throws in
            try await DedicatedThread.run { () throws in try CaptureSeeding.seedIfNeverSeeded(importer: importer, directory: seeds) }
        }
        let summary = try #require(try await seedIfNeverSeeded())
        #expect(summary.read > 100)
        #expect(summary.new == summary.read)
        #expect(try await seedIfNeverSeeded() == nil)
        #expect(try fixture.captureCount() == summary.read)
    }
}

/// Collects progress lines from the importer's callback.
final class LineCollector: @unchecked Sendable {
    // `lock` guards `stored`.
    private let lock = NSLock()
    private var stored: [String] = []

    func append(_ line: String) { lock.withLock { stored.append(line) } }
    var lines: [String] { lock.withLock { stored } }
}
