import Foundation
import Testing
import TestSupport
import Wire

/// Issue 14: a start of the real `serve` process clears the journal of the run before, so a test
/// run verifies only its own requests, unless `--keep-journal` asks to keep it.
@Suite(.enabled(if: ServeBinary.isBuilt)) struct JournalRestartTests {
    let directory: TemporaryDirectory
    let seeds: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory("journal-restart")
        seeds = try TemporaryDirectory("no-seeds")
    }

    /// Starts `serve` on the test's database, sends one request, and returns the journal's count
    /// as the start found it (before that request) and after it.
    func run(_ flags: [String]) async throws -> (atStart: Int?, after: Int?) {
        let serve = try await ServeBinary.launch(["--port", "0", "--db", directory.path("mock.sqlite"),
                                                  "--seeds", seeds.url.path, "--quiet"] + flags)
        let admin = StubsAdminClient(base: "http://127.0.0.1:\(serve.port)")
        let atStart = try await admin.send("GET", "/__admin/requests/count").json["count"]?.intValue
        _ = try await admin.send("GET", "/app/nowhere")
        let after = try await admin.send("GET", "/__admin/requests/count").json["count"]?.intValue
        serve.send(signal: SIGTERM)
        #expect(await serve.exitStatus() == 0)
        return (atStart, after)
    }

    @Test func aRestartClearsTheJournalUnlessAskedToKeepIt() async throws {
        #expect(try await run([]) == (0, 1))
        #expect(try await run([]) == (0, 1))
        #expect(try await run(["--keep-journal"]) == (1, 2))
    }
}
