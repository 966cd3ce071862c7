import APIRoutes
import CaptureFormats
import Foundation
import Store
import Testing
import TestSupport

/// The seeds go into a database that has never been seeded, not one that is merely empty:
/// `serve import` before the first start no longer leaves the demo account answering 401.
@Suite struct SeedingRuleTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory("seeding")
    }

    /// A directory holding one capture JSON file of `urls`, each answered `200`.
    private func captures(_ name: String, _ urls: [String]) throws -> String {
        let folder = directory.url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let records = urls.map { #"{"request":{"method":"GET","url":"\#($0)"},"response":{"status":200,"body":"\#(name)"}}"# }
        try Data("[\(records.joined(separator: ","))]".utf8).write(to: folder.appendingPathComponent("\(name).json"))
        return folder.path
    }

    private func open(_ path: String, seeds: String?) async throws -> (StoreBootstrap, [String]) {
        let lines = LogLines()
        let configuration = MockServerConfiguration(databasePath: path, seedsDirectory: seeds, log: { lines.append($0) })
        return (try await DedicatedThread.run { () throws in try StoreBootstrap.open(configuration) }, lines.lines)
    }

    @Test func capturesImportedBeforeTheFirstStartDoNotStopTheSeeds() async throws {
        let path = directory.path("mock.sqlite")
        let own = try captures("own", ["/mine"])
        let seeds = try captures("seeds", ["/x", "/y"])
        _ = try await DedicatedThread.run { () throws in
            try StoreBootstrap(databasePath: path).importer.importPaths([own], progress: nil)
        }
        let (first, firstLog) = try await open(path, seeds: seeds)
        #expect(try first.captures.count() == 3)
        #expect(firstLog == ["seeds \(seeds): imported 1 file: 2 records read, 2 new, 0 unchanged, 0 routed into tables, 2 replay-only"])
        #expect(try SeedingRecord.hasBeenSeeded(first.database))

        try first.database.write { db in try db.execute("DELETE FROM captures") }
        let (second, secondLog) = try await open(path, seeds: seeds)
        #expect(secondLog.isEmpty, "seeded once, never again, even when emptied")
        #expect(try second.captures.count() == 0)
    }

    @Test func withoutSeedsTheDatabaseStaysUnseededUntilAStartThatFindsThem() async throws {
        let path = directory.path("mock.sqlite")
        let (unseeded, log) = try await open(path, seeds: nil)
        #expect(log.first?.hasPrefix("no seeds/ directory found; the database stays unseeded") == true)
        #expect(try !SeedingRecord.hasBeenSeeded(unseeded.database))
        let (seeded, _) = try await open(path, seeds: try captures("seeds", ["/x"]))
        #expect(try seeded.captures.count() == 1)
    }

    @Test func aDatabaseThatHeldCapturesBeforeTheRecordExistedCountsAsSeeded() async throws {
        let path = directory.path("legacy.sqlite")
        let legacy = StoreComponents.migrations.filter { !$0.name.hasPrefix("seeding.") }
        try await DedicatedThread.run { () throws in
            let database = try Database(path: path, migrations: legacy)
            let repository = try CaptureRepository(database: database, volatileParameters: StoreComponents.volatileParameters)
            let record = CaptureRecord(method: "GET", url: "/old", status: 200, responseContentType: "text/plain", responseBody: [0x41])
            try database.write { db in _ = try repository.store(record, in: db) }
        }
        let (store, log) = try await open(path, seeds: try captures("seeds", ["/x"]))
        #expect(log.isEmpty)
        #expect(try store.captures.count() == 1)
    }

    @Test func resetKeepsTheRecord() async throws {
        let (store, _) = try await open(directory.path("mock.sqlite"), seeds: try captures("seeds", ["/x"]))
        _ = try await DedicatedThread.run { () throws in
            try CaptureReseeder(importer: store.importer, seedsDirectory: nil).reseed()
        }
        #expect(try SeedingRecord.hasBeenSeeded(store.database))
    }
}

/// `serve import` says what it did about seeds, and a database it created logs the demo account in.
@Suite(.enabled(if: ServeBinary.isBuilt)) struct ServeImportSeedingTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory("serve-import-seeding")
    }

    private func ownCaptures() throws -> String {
        let file = directory.url.appendingPathComponent("own.json")
        try Data(#"[{"request":{"method":"GET","url":"/app/mine"},"response":{"status":200,"body":{"code":200,"msg":"mine","data":null}}}]"#.utf8)
            .write(to: file)
        return file.path
    }

    @Test func importIntoANewFileSeedsFirstSoTheDemoAccountLogsIn() async throws {
        let database = directory.path("new.sqlite")
        let first = try await ServeBinary.run(["import", try ownCaptures(), "--db", database])
        #expect(first.status == 0, "\(first.stderr)")
        let lines = first.stdout.split(separator: "\n").map(String.init)
        try #require(lines.count == 2, "\(first.stdout)")
        #expect(lines[0].hasPrefix("seeds: the database was never seeded, so "))
        #expect(lines[0].hasSuffix("; these files answer over them"))
        #expect(lines[1] == "imported 1 file: 1 record read, 1 new, 0 unchanged, 0 routed into tables, 1 replay-only")

        let again = try await ServeBinary.run(["import", try ownCaptures(), "--db", database])
        #expect(again.stdout == "imported 1 file: 1 record read, 0 new, 1 unchanged, 0 routed into tables, 0 replay-only\n")

        let serve = try await ServeBinary.launch(["--port", "0", "--quiet", "--db", database])
        let login = try await RawHTTPClient.exchange(
            port: serve.port, "POST", "/app/user/login", headers: [("Content-Type", "application/x-www-form-urlencoded")],
            body: "email=demo@maka.im&password=demo123456")
        guard case let .response(status, _, body) = login else { Issue.record("\(login)"); return }
        #expect(status == 200)
        #expect(body.contains(#""code":200"#), "\(body)")
        let mine = try await RawHTTPClient.exchange(port: serve.port, "GET", "/app/mine")
        guard case let .response(mineStatus, _, _) = mine else { Issue.record("\(mine)"); return }
        #expect(mineStatus == 200)
        serve.send(signal: SIGTERM)
        #expect(await serve.exitStatus() == 0)
    }

    @Test func noSeedsIsSaidAndKept() async throws {
        let database = directory.path("bare.sqlite")
        let imported = try await ServeBinary.run(["import", try ownCaptures(), "--db", database, "--no-seeds"])
        #expect(imported.stdout.hasPrefix("seeds: none (--no-seeds); this database will never be seeded\n"))
        let store = try await DedicatedThread.run { () throws in
            try StoreBootstrap.open(MockServerConfiguration(databasePath: database, seedsDirectory: SeedsLocator.locate()))
        }
        #expect(try store.captures.count() == 1)
    }
}
