import Foundation
import MockServerKit
import Testing

/// Bad input through the client: each is a `MockServerClientError` with the status and the
/// server's own message, changes nothing, and the server goes on serving.
@Suite struct ClientErrorTests {
    @Test func refusedInputCarriesTheServersStatusAndMessageAndChangesNothing() async throws {
        let server = try await MockServer.start()
        let client = server.client
        let kept = try await client.replaceRules([MockControlRule(id: "kept", path: "/app/*", latency: "0ms")])

        await #expect(throws: MockServerClientError.server(status: 400, message:
            #"rules[0]: latency "fast" is not understood; use milliseconds (200, 200ms), seconds (1.5s), a range (0-1500ms) or captured"#)) {
            try await client.replaceRules([MockControlRule(path: "/app/templates", latency: "fast")])
        }
        #expect(try await client.controls() == kept, "a refused replacement leaves the rules as they were")

        let captures = try await client.captures().total
        let brokenImport = await #expect(throws: MockServerClientError.self) {
            try await client.importCaptures(Data(#"{"log":{}}"#.utf8), name: "broken.har")
        }
        #expect(brokenImport?.status == 400)
        #expect(brokenImport?.message.hasPrefix("nothing imported: broken.har") == true)
        #expect(try await client.captures().total == captures, "nothing was imported")

        await #expect(throws: MockServerClientError.server(status: 404, message: "no capture 987654321; GET /__admin/captures lists them")) {
            try await client.capture(id: 987_654_321)
        }
        await #expect(throws: MockServerClientError.server(status: 404, message: "no capture 987654321; GET /__admin/captures lists them")) {
            try await client.deleteCapture(id: 987_654_321)
        }
        await #expect(throws: MockServerClientError.server(status: 400, message: #"capture id "0" must be a whole number of at least 1"#)) {
            try await client.capture(id: 0)
        }
        await #expect(throws: MockServerClientError.server(status: 400, message: #"limit "0" must be a whole number of at least 1"#)) {
            try await client.requests(limit: 0)
        }
        await #expect(throws: MockServerClientError.server(status: 400, message: #"pathPrefix "app" must start with /"#)) {
            try await client.requestCount(matching: RequestFilter(pathPrefix: "app"))
        }
        await #expect(throws: MockServerClientError.server(status: 400, message: #"status "42" must be a number from 100 to 599"#)) {
            try await client.deleteCaptures(matching: CaptureFilter(status: 42))
        }
        #expect(try await client.captures().total == captures, "a refused delete deletes nothing")

        #expect(try await client.health().status == "ok")
        #expect(try await AppRequests(baseURL: server.baseURL).get("/app/specialCategories").status == 200)
        await server.stop()
    }

    @Test func aValueThatCannotBeSentIsRefusedBeforeTheRequest() async throws {
        let server = try await MockServer.start(MockServerOptions(seeds: .none))
        let refused = await #expect(throws: MockServerClientError.self) {
            try await server.client.replaceRules([MockControlRule(path: "/app/*", fault: "reset", faultRate: .nan)])
        }
        #expect(refused?.status == nil)
        #expect(refused?.message.hasPrefix("cannot encode") == true)
        let missing = URL(fileURLWithPath: "/nonexistent/kit.har")
        let unreadable = await #expect(throws: MockServerClientError.self) {
            try await server.client.importCaptures(contentsOf: missing)
        }
        #expect(unreadable?.message.hasPrefix("cannot read /nonexistent/kit.har") == true)
        #expect(try await server.client.controls().rules.isEmpty)
        await server.stop()
    }

    @Test func aStoppedServerIsATransportError() async throws {
        let server = try await MockServer.start(MockServerOptions(seeds: .none))
        await server.stop()
        let error = await #expect(throws: MockServerClientError.self) { try await server.client.health() }
        guard case .transport? = error else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
    }

    @Test func withTheJournalOffItsRoutesSaySo() async throws {
        let server = try await MockServer.start(MockServerOptions(seeds: .none, journal: false))
        #expect(try await AppRequests(baseURL: server.baseURL).get("/app/specialCategories").status == 200)
        await #expect(throws: MockServerClientError.server(status: 400, message: "the request journal is off")) {
            try await server.client.requests()
        }
        #expect(try await server.reset().journalCleared == 0)
        await server.stop()
    }
}
