import Foundation
import MockServerKit
import Testing
import TestSupport

/// The typed client against a `serve` process, as a UI test's runner drives the server the app
/// under test talks to. `ServeBinary` (TestSupport) launches the built executable.
@Suite(.enabled(if: ServeBinary.isBuilt)) struct ServeProcessClientTests {
    @Test func everyClientMethodWorksAgainstServe() async throws {
        let directory = try TemporaryDirectory("kit-serve")
        let seeds = try SmallSeeds.make(in: directory.url)
        let serve = try await ServeBinary.launch(["--port", "0", "--quiet", "--db", directory.path("mock.sqlite"), "--seeds", seeds.path])
        let baseURL = try #require(URL(string: "http://127.0.0.1:\(serve.port)"))
        try await AdminClientScenario(client: MockServerClient(baseURL: baseURL), app: AppRequests(baseURL: baseURL),
                                      harFile: directory.url.appendingPathComponent("kit-probe.har")).run()
        serve.send(signal: SIGTERM)
        #expect(await serve.exitStatus() == 0)
        directory.remove()
    }

    @Test func anAdminTokenIsSentAndAWrongOneIsRefusedWithTheServersMessage() async throws {
        let seeds = try TemporaryDirectory("kit-no-seeds")
        let serve = try await ServeBinary.launch(["--port", "0", "--quiet", "--db", ":memory:", "--seeds", seeds.url.path,
                                                  "--admin-token", "kit-token"])
        let baseURL = try #require(URL(string: "http://127.0.0.1:\(serve.port)"))
        #expect(try await MockServerClient(baseURL: baseURL, adminToken: "kit-token").requestCount() == 0)
        let refused = await #expect(throws: MockServerClientError.self) {
            try await MockServerClient(baseURL: baseURL, adminToken: "guess").requestCount()
        }
        #expect(refused?.status == 401)
        #expect(refused?.message.isEmpty == false)
        serve.send(signal: SIGTERM)
        #expect(await serve.exitStatus() == 0)
    }
}
