import Foundation
import MockServerKit
import Testing

/// The client's session, stub and verification calls against the in-process server, as a test
/// suite uses them: one session per test, a stub that fails the first call, the journal asked
/// what the app sent.
@Suite struct SessionStubVerificationClientTests {
    @Test func sessionsAreListedKeptApartAndDropped() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kit-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try await MockServer.start(MockServerOptions(seeds: .directory(try SmallSeeds.make(in: directory).path)))
        let app = AppRequests(baseURL: server.baseURL)
        let fields = ["email": "same@example.com", "password": "secret123"]

        #expect(try await app.postForm("/__session/sim-a/app/user/register", fields).code == 200)
        #expect(try await app.postForm("/__session/sim-b/app/user/register", fields).code == 200,
                "sim-b never saw sim-a's registration")
        #expect(try await server.client.session("sim-a").requestCount() == 1)
        #expect(try await server.client.requestCount() == 0, "the default session saw neither")

        let assigned = try await server.client.assignSession("sim-c", clientAddresses: ["10.0.2.15"])
        #expect(assigned.clientAddresses == ["10.0.2.15"])
        let list = try await server.client.sessions()
        #expect(Set(list.sessions.map(\.name)) == ["sim-a", "sim-b", "sim-c"])
        #expect(list.templateReady)
        #expect(list.spareSessions.target == 1)
        #expect(list.sessions.allSatisfy { FileManager.default.fileExists(atPath: $0.databasePath) })

        try await server.client.dropSession("sim-a")
        #expect(try await server.client.sessions().sessions.map(\.name).contains("sim-a") == false)
        await #expect {
            try await server.client.dropSession("sim-a")
        } throws: { ($0 as? MockServerClientError)?.status == 404 }
        try await server.client.resetAllSessions()
        await server.stop()
    }

    @Test func aStubFailsTheFirstCallAndTheJournalSaysSo() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kit-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try await MockServer.start(MockServerOptions(seeds: .directory(try SmallSeeds.make(in: directory).path)))
        let app = AppRequests(baseURL: server.baseURL)
        let client = server.client

        let stub = try await client.addStub("""
            {"request":{"method":"GET","path":"/app/specialCategories"},
             "response":{"status":503,"jsonBody":{"code":503,"msg":"维护中"}},"times":1}
            """)
        #expect(stub.remaining == 1)
        #expect(try await client.stubs().map(\.id) == [stub.id])
        let failed = try await app.get("/app/specialCategories")
        #expect(failed.status == 503)
        #expect(failed.answeredBy == "stub:\(stub.id)")
        #expect(try await app.get("/app/specialCategories").status == 200, "times: 1 is used up")
        #expect(try await client.stubs().isEmpty)

        #expect(try await client.countRequests(#"{"path":"/app/specialCategories","answeredBy":"stub:"}"#) == 1)
        #expect(try await client.findRequests(#"{"path":"/app/specialCategories"}"#).count == 2)
        #expect(try await client.unmatchedRequests().isEmpty)
        #expect(try await app.get("/app/no-such-route").status == 404)
        #expect(try await client.unmatchedRequests().map(\.path) == ["/app/no-such-route"])

        await #expect {
            try await client.addStub(#"{"request":{"paht":"/x"},"response":{"status":200}}"#)
        } throws: { error in
            guard let error = error as? MockServerClientError else { return false }
            return error.status == 400 && error.message.contains("paht")
        }
        try await client.addStub(#"{"request":{"path":"/app/specialCategories"},"response":{"status":500}}"#)
        #expect(try await client.removeAllStubs() == 1)
        try await client.resetScenarios()
        let reset = try await client.reset()
        #expect(reset.journalCleared == 3, "the three API requests; admin calls are not journaled")
        await server.stop()
    }
}
