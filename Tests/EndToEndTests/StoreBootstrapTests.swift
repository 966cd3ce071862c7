import CaptureFormats
import APIRoutes
import Foundation
import Store
import Testing
import TestSupport
import TestSupport

/// First start, restart, reset and `:memory:` as the assembly opens the store.
@Suite struct StoreBootstrapTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory("bootstrap")
    }

    /// Opens the store off the cooperative pool: seeding imports hundreds of captures.
    private func open(_ path: String, seeds: String?, reset: Bool = false) async throws -> (StoreBootstrap, [String]) {
        let lines = LogLines()
        let configuration = MockServerConfiguration(databasePath: path, reset: reset, seedsDirectory: seeds,
                                                    log: { lines.append($0) })
        let store = try await DedicatedThread.run { () throws in try StoreBootstrap.open(configuration) }
        return (store, lines.lines)
    }

    /// A seeds directory of two small captures, quicker to import than the bundled seeds.
    private func smallSeeds() throws -> String {
        let seeds = directory.url.appendingPathComponent("myseeds")
        try FileManager.default.createDirectory(at: seeds, withIntermediateDirectories: true)
        try Data(#"[{"request":{"method":"GET","url":"/x"},"response":{"status":200,"body":"x"}},{"request":{"method":"GET","url":"/y"},"response":{"status":200,"body":"y"}}]"#.utf8)
            .write(to: seeds.appendingPathComponent("one.json"))
        return seeds.path
    }

    @Test func firstStartSeedsThenRestartDoesNotReimportAndResetDoes() async throws {
        let path = directory.path("mock.sqlite")
        let seeds = try smallSeeds()
        let (first, firstLog) = try await open(path, seeds: seeds)
        let seeded = try first.captures.count()
        #expect(seeded == 2)
        #expect(firstLog.contains { $0.contains("seeds") && $0.contains("\(seeded) new") })

        // A capture of the user's own, then a restart: nothing re-imported, nothing lost.
        let own = CaptureRecord(method: "GET", url: "/mine", status: 200, responseContentType: "text/plain", responseBody: [0x41])
        try first.database.write { db in _ = try first.captures.store(own, in: db) }
        let (second, secondLog) = try await open(path, seeds: seeds)
        #expect(secondLog.isEmpty)
        #expect(try second.captures.count() == seeded + 1)

        let (reset, resetLog) = try await open(path, seeds: seeds, reset: true)
        #expect(resetLog.first == "reset: deleted \(path)")
        #expect(try reset.captures.count() == seeded)
    }

    @Test func inMemoryDatabaseIsSeededAtEveryStartAndExplicitSeedsDirectoryIsUsed() async throws {
        let (memory, _) = try await open(":memory:", seeds: SeedsLocator.locate())
        #expect(try memory.captures.count() > 100)
        #expect(!FileManager.default.fileExists(atPath: ":memory:"))

        let (custom, _) = try await open(":memory:", seeds: try smallSeeds())
        #expect(try custom.captures.count() == 2)
    }

    @Test func bundledSeedsAreFoundFromTheTestBinary() {
        let seeds = SeedsLocator.locate()
        #expect(seeds.map { FileManager.default.fileExists(atPath: $0 + "/maka") } == true)
    }
}

/// Collects log lines from the bootstrap.
final class LogLines: @unchecked Sendable {
    // `lock` guards `stored`.
    private let lock = NSLock()
    private var stored: [String] = []

    func append(_ line: String) { lock.withLock { stored.append(line) } }
    var lines: [String] { lock.withLock { stored } }
}
