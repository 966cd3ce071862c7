import Foundation
import MockServerKit
import Testing

/// `MockServer` as a networking layer's unit tests use it: started in the test process on a free
/// port, called with URLSession, stopped. Only `MockServerKit` and Foundation, as in a consumer.
@Suite struct InProcessServerTests {
    @Test func servesMakaAndYoufanOnAFreeLoopbackPort() async throws {
        let server = try await MockServer.start()
        #expect(server.port > 0)
        #expect(server.baseURL.absoluteString == "http://127.0.0.1:\(server.port)")
        let app = AppRequests(baseURL: server.baseURL)

        let categories = try await app.get("/app/specialCategories")
        #expect(categories.status == 200)
        #expect(categories.json["code"] as? Int == 200)
        #expect((categories.json["data"] as? [Any])?.isEmpty == false, "the bundled seeds are imported")
        let layout = try await app.get("/mbfun_server/index.php?m=Home&a=getAppLayoutV2&page=home&cid=1")
        #expect(layout.status == 200)
        #expect(layout.json["status"] as? Int == 1)
        let login = try await app.postForm("/app/user/login", ["email": "demo@maka.im", "password": "demo123456"])
        #expect(login.status == 200)
        #expect(((login.json["data"] as? [String: Any])?["token"] as? String)?.isEmpty == false)
        await server.stop()
    }

    @Test func everyClientMethodWorksAgainstTheInProcessServer() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kit-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let seeds = try SmallSeeds.make(in: directory)
        let server = try await MockServer.start(MockServerOptions(seeds: .directory(seeds.path)))
        try await AdminClientScenario(client: server.client, app: AppRequests(baseURL: server.baseURL),
                                      harFile: directory.appendingPathComponent("kit-probe.har")).run()
        await server.stop()
    }

    @Test func serversStartedTogetherHaveTheirOwnDataAndTheirFilesGoOnStop() async throws {
        async let first = MockServer.start()
        async let second = MockServer.start()
        let (one, other) = try await (first, second)
        #expect(one.databasePath != other.databasePath)
        let fields = ["email": "twice@example.com", "password": "secret123"]
        #expect(try await AppRequests(baseURL: one.baseURL).postForm("/app/user/register", fields).code == 200)
        #expect(try await AppRequests(baseURL: other.baseURL).postForm("/app/user/register", fields).code == 200,
                "the other server's database never saw the first registration")
        #expect(try await one.client.requestCount() == 1)
        await one.stop()
        await other.stop()
        #expect(!FileManager.default.fileExists(atPath: one.databasePath))
        #expect(!FileManager.default.fileExists(atPath: other.databasePath))
    }

    @Test func aGivenDatabaseIsSeededFromAGivenDirectoryKeptOnStopAndOpenedAgain() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kit-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let seeds = try SmallSeeds.make(in: directory)
        let options = MockServerOptions(databasePath: directory.appendingPathComponent("kept.sqlite").path,
                                        seeds: .directory(seeds.path))

        let first = try await MockServer.start(options)
        #expect(try await first.client.captures().total > 0)
        let fields = ["email": "kept@example.com", "password": "secret123"]
        #expect(try await AppRequests(baseURL: first.baseURL).postForm("/app/user/register", fields).code == 200)
        await first.stop()
        #expect(FileManager.default.fileExists(atPath: first.databasePath))

        let second = try await MockServer.start(options)
        #expect(try await AppRequests(baseURL: second.baseURL).postForm("/app/user/register", fields).code == 409,
                "the user registered before the restart is still there")
        await second.stop()
    }

    @Test func withoutSeedsTheServerStartsEmpty() async throws {
        let server = try await MockServer.start(MockServerOptions(seeds: .none))
        #expect(try await server.client.captures().total == 0)
        let categories = try await AppRequests(baseURL: server.baseURL).get("/app/specialCategories")
        #expect((categories.json["data"] as? [Any])?.isEmpty == true)
        let reset = try await server.reset()
        #expect(reset.reseeded.capturesRemoved == 0 && reset.reseeded.capturesRestored == 0, "no captures to restore")
        await server.stop()
    }

    @Test func acceptAnyPasswordAndTheControlsSeedAreHonoured() async throws {
        let server = try await MockServer.start(MockServerOptions(acceptAnyPassword: true, controlsSeed: 42))
        #expect(try await server.client.controls().seed == "42")
        let login = try await AppRequests(baseURL: server.baseURL)
            .postForm("/app/user/login", ["email": "demo@maka.im", "password": "c2VjcmV0LWNpcGhlcnRleHQ="])
        #expect(login.status == 200)
        await server.stop()
    }

    /// Only identity and serving: its reset re-imports the bundled seeds, seconds of CPU that the
    /// rest of a parallel test run would feel; reset is exercised on smaller seeds above.
    @Test func theSharedServerIsOneServerForTheProcess() async throws {
        let server = try await MockServer.shared
        #expect(try await MockServer.shared.port == server.port)
        #expect(try await AppRequests(baseURL: server.baseURL).get("/app/specialCategories").status == 200)
        #expect(try await server.client.requestCount(matching: RequestFilter(pathPrefix: "/app/specialCategories")) >= 1)
    }
}
