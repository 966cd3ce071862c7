import APIRoutes
import Foundation
import Store
import Testing
import TestSupport
import Wire

/// Issue 14: what a restart of the real `serve` process on the same database file keeps. A
/// `persistent` stub survives (a reset before it too) with its precedence, other stubs do not; the journal of the run
/// before is cleared, so a test run verifies only its own requests, unless `--keep-journal`.
@Suite(.enabled(if: ServeBinary.isBuilt)) struct ServeRestartTests {
    let directory: TemporaryDirectory
    let seeds: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory("serve-restart")
        seeds = try TemporaryDirectory("no-seeds")
    }

    func start(_ flags: [String] = []) async throws -> (ServeBinary.Launched, StubsAdminClient) {
        let serve = try await ServeBinary.launch(["--port", "0", "--db", directory.path("mock.sqlite"),
                                                  "--seeds", seeds.url.path, "--quiet"] + flags)
        return (serve, StubsAdminClient(base: "http://127.0.0.1:\(serve.port)"))
    }

    func stop(_ serve: ServeBinary.Launched) async {
        serve.send(signal: SIGTERM)
        #expect(await serve.exitStatus() == 0)
    }

    @Test func aPersistentStubSurvivesARestartAndATemporaryOneDoesNot() async throws {
        let (first, admin) = try await start()
        try await admin.stub(#"{"id":"older","persistent":true,"request":{"path":"/app/templates"},"response":{"status":200,"body":"older"}}"#)
        try await admin.stub(#"{"id":"kept","persistent":true,"request":{"path":"/app/templates"},"response":{"status":200,"body":"kept"}}"#)
        try await admin.stub(#"{"id":"temporary","priority":1,"request":{"path":"/app/templates"},"response":{"status":503}}"#)
        try await admin.stub(#"{"id":"deleted","persistent":true,"request":{"path":"/app/deleted"},"response":{"status":410}}"#)
        #expect(try await admin.send("GET", "/app/templates").status == 503)
        #expect(try await admin.send("DELETE", "/__admin/stubs/deleted").status == 200)
        #expect(try await admin.send("POST", "/__admin/reset").status == 200)
        #expect(try await admin.send("GET", "/app/templates").text == "kept",
                "a reset drops the temporary stub and keeps the persistent ones, in memory and in the database")
        await stop(first)

        let (second, again) = try await start()
        #expect(try await again.stubs().map { $0["id"] } == ["older", "kept"])
        let reply = try await again.send("GET", "/app/templates")
        #expect(reply.text == "kept")
        #expect(reply.answeredBy == "stub:kept")
        #expect(try await again.send("GET", "/app/deleted").status == 404)
        #expect(try await again.send("DELETE", "/__admin/stubs").json == ["deleted": 2])
        await stop(second)

        let (third, last) = try await start()
        #expect(try await last.stubs().isEmpty)
        await stop(third)
    }

    @Test func aPersistentStubKeepsItsAnswersLeftAndItsScenarioStateAcrossARestartButNotAReset() async throws {
        let (first, admin) = try await start()
        try await admin.stub(#"{"id":"thrice","persistent":true,"times":3,"request":{"path":"/app/limited"},"response":{"status":503}}"#)
        try await admin.stub(#"{"id":"flaky","persistent":true,"scenario":{"name":"flaky","requiredState":"Started","newState":"failed"},"request":{"path":"/app/flaky"},"response":{"status":500}}"#)
        #expect(try await admin.send("GET", "/app/limited").status == 503)
        #expect(try await admin.send("GET", "/app/flaky").status == 500)
        #expect(try await admin.stubs().first?["remaining"] == 2, "listed once the count is written")
        await stop(first)

        let (second, again) = try await start()
        #expect(try await again.stubs().first?["remaining"] == 2, "one answer was used before the restart")
        #expect(try await again.send("GET", "/__admin/scenarios").json["scenarios"]?.arrayValue?.first?["state"] == "failed")
        #expect(try await again.send("GET", "/app/flaky").status == 404, "the scenario moved on before the restart")
        #expect(try await again.send("GET", "/app/limited").status == 503)
        #expect(try await again.send("POST", "/__admin/reset").status == 200)
        #expect(try await again.stubs().first?["remaining"] == 3, "a reset starts the count again")
        await stop(second)

        let (third, last) = try await start()
        #expect(try await last.stubs().first?["remaining"] == 3, "and so does the next start")
        #expect(try await last.send("GET", "/app/flaky").status == 500, "the scenario is in Started again")
        await stop(third)
    }

    /// One run: the journal's count as the start found it, and after one request.
    func journalCounts(_ flags: [String]) async throws -> (atStart: Int?, after: Int?) {
        let (serve, admin) = try await start(flags)
        let atStart = try await admin.send("GET", "/__admin/requests/count").json["count"]?.intValue
        _ = try await admin.send("GET", "/app/nowhere")
        let after = try await admin.send("GET", "/__admin/requests/count").json["count"]?.intValue
        await stop(serve)
        return (atStart, after)
    }

    @Test func aRestartClearsTheJournalUnlessAskedToKeepIt() async throws {
        #expect(try await journalCounts([]) == (0, 1))
        #expect(try await journalCounts([]) == (0, 1))
        #expect(try await journalCounts(["--keep-journal"]) == (1, 2))
    }

    @Test func aStoredStubThisBuildCannotReadStopsTheStartAndNamesIt() async throws {
        let path = directory.path("mock.sqlite")
        try await DedicatedThread.run { () throws in
            let store = try StoreBootstrap(databasePath: path)
            let odd = StubRepository.Record(id: "odd", sequence: 1, definition: #"{"id":"odd","request":{"paht":"/"},"response":{}}"#)
            try store.database.write { try StubRepository.save(odd, in: $0) }
        }
        let outcome = try await ServeBinary.run(["--port", "0", "--db", path, "--seeds", seeds.url.path])
        #expect(outcome.status != 0)
        #expect(outcome.stderr.contains(#"serve: persistent stub "odd" in the database cannot be read: request has an unknown key "paht""#),
                "\(outcome.stderr)")
    }
}
