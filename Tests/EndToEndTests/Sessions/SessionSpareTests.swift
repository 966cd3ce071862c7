import APIRoutes
import Foundation
import Testing
import TestSupport
import Wire

/// Issue 14: a new session is taken from the spares made ahead of need (`--spare-sessions`), starts
/// from the seeded state like any other, and the pool refills behind it; with no spares every
/// session is made on its first request and nothing is made ahead.
@Suite struct SessionSpareTests {
    @Test func aNewSessionTakesTheReadySpareAndThePoolRefills() async throws {
        let server = try await SessionsServer()
        _ = try await server.register("first@maka.im", in: .header("first"))
        #expect(try await databaseFile(of: "first", server).hasSuffix("/1.sqlite"), "made on its request: no spare yet")
        #expect(try await waitUntil { try await spares(server)["ready"] == 1 }, "the pool fills after the first session")
        let spare = server.sessionsDirectory + "/2.sqlite"
        #expect(FileManager.default.fileExists(atPath: spare))

        #expect(try await server.hasSeed(in: .header("second")))
        #expect(try await databaseFile(of: "second", server) == spare, "the spare, not a new copy")
        #expect(try await server.loginCode("first@maka.im", in: .header("second")) != 200, "isolated from the first")
        _ = try await server.register("second@maka.im", in: .header("second"))
        #expect(try await server.loginCode("second@maka.im", in: .header("first")) != 200)
        #expect(try await waitUntil { try await spares(server)["ready"] == 1 }, "refilled")
        #expect(FileManager.default.fileExists(atPath: server.sessionsDirectory + "/3.sqlite"))
        let list = try await server.raw("GET", "/__admin/sessions").json
        #expect(list["spareSessions"]?["target"] == 1)
        #expect(list["templateReady"] == true)
        await server.stop()
    }

    @Test func withoutSparesEverySessionIsMadeOnItsFirstRequest() async throws {
        let server = try await SessionsServer(sessions: SessionSettings(spareSessions: 0))
        _ = try await server.register("only@maka.im", in: .prefix("only"))
        #expect(try await server.hasSeed(in: .prefix("only")))
        try await Task.sleep(for: .milliseconds(300))
        #expect(try await spares(server) == ["ready": 0, "target": 0])
        let files = try FileManager.default.contentsOfDirectory(atPath: server.sessionsDirectory)
            .filter { $0.hasSuffix(".sqlite") }.sorted()
        #expect(files == ["1.sqlite", "seeded.sqlite"])
        await server.stop()
    }

    private func spares(_ server: SessionsServer) async throws -> JSON {
        try await server.raw("GET", "/__admin/sessions").json["spareSessions"] ?? .null
    }

    private func databaseFile(of name: String, _ server: SessionsServer) async throws -> String {
        try #require(try await server.raw("GET", "/__admin/sessions/\(name)").json["databasePath"]?.stringValue)
    }

    /// Whether `condition` came true within about 30 s (a spare is a template copy on a busy machine).
    private func waitUntil(_ condition: () async throws -> Bool) async throws -> Bool {
        for _ in 0..<600 {
            if try await condition() { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return false
    }
}
