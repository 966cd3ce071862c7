import Foundation
import Testing
import TestSupport
import Wire

/// Issue 14: a `persistent` stub survives a restart of the real `serve` process on the same
/// database file, with its precedence; other stubs do not.
@Suite(.enabled(if: ServeBinary.isBuilt)) struct StubPersistenceTests {
    let directory: TemporaryDirectory
    let seeds: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory("stubs-persist")
        seeds = try TemporaryDirectory("no-seeds")
    }

    func start() async throws -> (ServeBinary.Launched, StubsAdminClient) {
        let serve = try await ServeBinary.launch(["--port", "0", "--db", directory.path("mock.sqlite"),
                                                  "--seeds", seeds.url.path, "--quiet"])
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
}
