import Foundation
import Testing
@testable import Store
import TestSupport

/// Every acknowledged write survives SIGKILL at any moment.
///
/// The test re-executes its own test binary with `STORE_DURABILITY_DB` set, which runs only
/// `DurabilityWriterChild`: it writes numbered rows through `Database.write` and prints
/// `ACK <id>` after each write returns. The parent kills it with SIGKILL at a random moment
/// after its first acknowledged write,
/// then checks the file passes `PRAGMA integrity_check` and holds every acknowledged id.
///
/// Three rounds here; `bench/kill9.sh` runs the long version (50 trials of the release `serve`
/// under HTTP write load, killed at random moments).
@Suite struct DurabilityTests {
    static let rounds = 3

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/exe"), "re-exec needs /proc/self/exe"))
    func acknowledgedWritesSurviveSIGKILL() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("durable.sqlite")
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        var acknowledged = Set<Int64>()
        var generator = SystemRandomNumberGenerator()

        for round in 1...Self.rounds {
            let output = try await runWriterUntilKilled(executable: executable, path: path,
                                                  after: .milliseconds(Int.random(in: 0...60, using: &generator)))
            acknowledged.formUnion(output)

            let database = try Database(path: path, migrations: DurabilityWriterChild.migrations)
            let integrity = try database.read { db in try db.query("PRAGMA integrity_check").map { try $0.string(at: 0) } }
            #expect(integrity == ["ok"], "round \(round)")
            let stored = try database.read { db in
                Set(try db.query("SELECT id FROM acked").map { try $0.int64("id") })
            }
            let missing = acknowledged.subtracting(stored)
            #expect(missing.isEmpty, "round \(round): acknowledged but missing \(missing.sorted())")
            // The counter row is written in the same transaction as each row: all or nothing.
            let counter = try database.read { db in try db.queryFirst("SELECT total FROM counter")?.int64("total") }
            #expect(counter == Int64(stored.count), "round \(round)")
        }
        #expect(acknowledged.count >= Self.rounds, "every round kills a writer that had acknowledged writes")
    }

    /// Starts the writer child, waits for its first acknowledged write plus `delay`, sends SIGKILL,
    /// and returns the ids it acknowledged.
    private func runWriterUntilKilled(executable: String, path: String, after delay: Duration) async throws -> Set<Int64> {
        var environment = ProcessInfo.processInfo.environment
        environment[DurabilityWriterChild.databaseVariable] = path
        let writer = try ChildProcess(executable: executable,
                                      arguments: ["--testing-library", "swift-testing", "--filter", "DurabilityWriterChild"],
                                      environment: environment, standardOutput: .piped, standardError: .discarded)
        let reader = writer.standardOutput!
        // Kill while writes are flowing: a loaded machine may take a while to start the child.
        var output = Data()
        let deadline = ContinuousClock.now + .seconds(20)
        while !output.contains(Data("ACK ".utf8)), ContinuousClock.now < deadline {
            let chunk = await reader.readAvailable()
            if chunk.isEmpty { break }
            output.append(chunk)
        }
        try await Task.sleep(for: delay)
        writer.kill()
        output.append(await reader.readToEnd())
        #expect(try await writer.termination() == .signalled(SIGKILL), "killed while it was writing")
        let text = String(decoding: output, as: UTF8.self)
        var ids = Set<Int64>()
        for line in text.split(separator: "\n") where line.hasPrefix("ACK ") {
            if let id = Int64(line.dropFirst(4)) { ids.insert(id) }
        }
        return ids
    }
}

/// The child side of `DurabilityTests`: enabled only in the re-executed process.
@Suite struct DurabilityWriterChild {
    static let databaseVariable = "STORE_DURABILITY_DB"
    static let migrations = [
        Migration("durability.001", sql: """
            CREATE TABLE acked (id INTEGER PRIMARY KEY AUTOINCREMENT, payload TEXT NOT NULL);
            CREATE TABLE counter (total INTEGER NOT NULL);
            INSERT INTO counter (total) VALUES (0);
            """),
    ]

    @Test(.enabled(if: ProcessInfo.processInfo.environment[databaseVariable] != nil))
    func writeUntilKilled() throws {
        let path = try #require(ProcessInfo.processInfo.environment[Self.databaseVariable])
        let database = try Database(path: path, migrations: Self.migrations)
        let payload = String(repeating: "有范儿", count: 40)
        while true {
            let id = try database.write { db -> Int64 in
                try db.execute("INSERT INTO acked (payload) VALUES (?)", [.text(payload)])
                let id = db.lastInsertRowID
                try db.execute("UPDATE counter SET total = total + 1")
                return id
            }
            let line = Array("ACK \(id)\n".utf8)
            _ = line.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
        }
    }
}
