import APIRoutes
import Foundation
import Testing
import TestSupport
import Wire

/// The admin API from a browser and from the network: every request a web page can send to
/// `/__admin/*` refused with the data intact, the token when one is set, loopback tools open.
@Suite struct AdminGuardEndToEndTests {
    static let rules = #"{"rules":[{"id":"kept","path":"/app/probe","latency":"1ms"}]}"#
    static let capture = #"[{"request":{"method":"GET","url":"/app/phish"},"response":{"status":200,"body":{"code":200,"msg":"log in again","data":null}}}]"#
    static let evil = "http://evil.example"

    /// The assembled server with the stand-in module, on a real SQLite file, holding one rule and
    /// one journaled request.
    final class Running: Sendable {
        let directory: TemporaryDirectory
        let server: AssembledServer
        var port: Int { server.port }

        init(adminToken: String? = nil) async throws {
            directory = try TemporaryDirectory("admin-guard")
            let controls = MockControlSettings(seed: 1, adminToken: adminToken)
            server = try await AssembledServer.start(
                MockServerConfiguration(databasePath: directory.path("mock.sqlite"), controls: controls),
                modules: { _ in [ProbeModule()] })
            let token = adminToken.map { [("Authorization", "Bearer \($0)")] } ?? []
            let (status, _, _) = try await send("PUT", "/__admin/rules", headers: token + [("Content-Type", "application/json")],
                                                body: AdminGuardEndToEndTests.rules)
            #expect(status == 200)
            #expect(try await send("GET", "/app/probe").status == 200)
        }

        func send(_ method: String, _ target: String, host: String = "127.0.0.1", headers: [(String, String)] = [],
                  body: String = "") async throws -> (status: Int, headers: [String: String], body: String) {
            let outcome = try await RawHTTPClient.exchange(port: port, method, target, host: host, headers: headers, body: body)
            guard case let .response(status, headers, body) = outcome else {
                Issue.record("no response to \(method) \(target): \(outcome)")
                return (0, [:], "")
            }
            return (status, headers, body)
        }

        /// The rule, the journaled probe and no imported capture are all still there.
        func expectDataIntact(token: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) async throws {
            let auth = token.map { [("X-Mock-Admin-Token", $0)] } ?? []
            let rules = try await send("GET", "/__admin/rules", headers: auth)
            #expect(try JSON.parse(rules.body)["rules"]?.arrayValue?.first?["id"] == "kept", sourceLocation: sourceLocation)
            let journal = try await send("GET", "/__admin/requests/count", headers: auth)
            #expect(try JSON.parse(journal.body)["count"] == 1, sourceLocation: sourceLocation)
            #expect(try server.assembly.store.captures.count() == 0, sourceLocation: sourceLocation)
            #expect(try await send("GET", "/app/phish").status == 404, sourceLocation: sourceLocation)
        }
    }

    private static func message(_ body: String) throws -> String {
        try JSON.parse(body)["error"]?["message"]?.stringValue ?? ""
    }

    @Test func everyCrossSiteRequestABrowserCanSendIsRefusedWithTheDataIntact() async throws {
        let running = try await Running()
        let browser: [(method: String, target: String, headers: [(String, String)], body: String)] = [
            // Simple requests: no preflight, the body's type is one a form or fetch may send.
            ("POST", "/__admin/reset", [("Origin", Self.evil), ("Content-Type", "text/plain;charset=UTF-8")], ""),
            ("POST", "/__admin/import", [("Origin", Self.evil), ("Content-Type", "text/plain;charset=UTF-8")], Self.capture),
            ("POST", "/__admin/import", [("Origin", Self.evil), ("Content-Type", "application/x-www-form-urlencoded")], Self.capture),
            ("POST", "/__admin/import", [("Origin", "null"), ("Content-Type", "multipart/form-data; boundary=x")], Self.capture),
            ("GET", "/__admin/requests", [("Origin", Self.evil)], ""),
            ("GET", "/__admin/requests", [("Sec-Fetch-Site", "cross-site"), ("Sec-Fetch-Mode", "no-cors")], ""),
            // Preflights for the requests that need one, and the requests themselves.
            ("OPTIONS", "/__admin/rules", [("Origin", Self.evil), ("Access-Control-Request-Method", "PUT"),
                                           ("Access-Control-Request-Headers", "content-type")], ""),
            ("OPTIONS", "/__admin/requests", [("Origin", Self.evil), ("Access-Control-Request-Method", "DELETE")], ""),
            ("PUT", "/__admin/rules", [("Origin", Self.evil), ("Content-Type", "application/json")], #"{"rules":[]}"#),
            ("DELETE", "/__admin/rules", [("Origin", Self.evil)], ""),
            ("DELETE", "/__admin/requests", [("Origin", "http://localhost:3000")], ""),
        ]
        for request in browser {
            let answer = try await running.send(request.method, request.target, headers: request.headers, body: request.body)
            #expect(answer.status == 403, "\(request.method) \(request.target) \(request.headers)")
            #expect(answer.headers["access-control-allow-origin"] == nil)
            #expect(answer.headers["access-control-allow-credentials"] == nil)
            #expect(try Self.message(answer.body).contains("the admin API never answers other origins"))
        }
        try await running.expectDataIntact()
    }

    @Test func aBodyAFormCouldSendIsRefusedEvenWithoutAnOrigin() async throws {
        let running = try await Running()
        for contentType in ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=b"] {
            let answer = try await running.send("POST", "/__admin/import", headers: [("Content-Type", contentType)], body: Self.capture)
            #expect(answer.status == 403)
            #expect(try Self.message(answer.body).contains("send Content-Type: application/json"), "\(answer.body)")
        }
        let reset = try await running.send("POST", "/__admin/reset", headers: [("Content-Type", "text/plain")])
        #expect(reset.status == 403)
        #expect(try Self.message(reset.body) == "the admin API takes JSON bodies, not text/plain, which any web page may send: send Content-Type: application/json")
        try await running.expectDataIntact()
        #expect(try await running.send("GET", "/app/probe").status == 200, "the server keeps serving")
    }

    @Test func aDNSNameReboundToLoopbackIsRefusedWithoutAToken() async throws {
        let running = try await Running()
        let host = "rebind.evil.example:\(running.port)"
        let sameOrigin = [("Origin", "http://\(host)"), ("Content-Type", "application/json")]
        let reset = try await running.send("POST", "/__admin/reset", host: host, headers: sameOrigin)
        #expect(reset.status == 403)
        #expect(try Self.message(reset.body).contains("a name other than localhost"))
        let journal = try await running.send("GET", "/__admin/requests", host: host, headers: [("Sec-Fetch-Site", "same-origin")])
        #expect(journal.status == 403)
        try await running.expectDataIntact()
    }

    @Test func loopbackToolsWithoutAnOriginStayOpen() async throws {
        let running = try await Running()
        for host in ["127.0.0.1:\(running.port)", "localhost:\(running.port)", "10.0.2.2:\(running.port)", "[::1]:\(running.port)"] {
            #expect(try await running.send("GET", "/__admin/requests/count", host: host).status == 200, "\(host)")
        }
        let sameOrigin = try await running.send("GET", "/__admin/rules", host: "localhost:\(running.port)",
                                                headers: [("Origin", "http://localhost:\(running.port)")])
        #expect(sameOrigin.status == 200)
        #expect(sameOrigin.headers["access-control-allow-origin"] == nil)
        let imported = try await running.send("POST", "/__admin/import", headers: [("Content-Type", "application/json")], body: Self.capture)
        #expect(imported.status == 200)
        #expect(try await running.send("GET", "/app/phish").status == 200)
        let untyped = try await running.send("PUT", "/__admin/rules", body: #"{"rules":[]}"#)
        #expect(untyped.status == 200, "a tool's body without Content-Type is taken as it is")
        let reset = try await running.send("POST", "/__admin/reset")
        #expect(reset.status == 200, "curl -X POST sends no body and no Content-Type")
    }

    @Test func aTokenIsRequiredOnEveryAdminRouteButNotOnTheAPI() async throws {
        let running = try await Running(adminToken: "s3cret-token")
        let missing = try await running.send("GET", "/__admin/requests")
        #expect(missing.status == 401)
        #expect(missing.headers["www-authenticate"] == #"Bearer realm="mock admin""#)
        #expect(try Self.message(missing.body).contains("needs its token"))
        for wrong in [("Authorization", "Bearer s3cret-tokem"), ("Authorization", "Bearer s3cret"), ("X-Mock-Admin-Token", "s3cret-token-and-more"),
                      ("Authorization", "Basic czNjcmV0LXRva2Vu")] {
            let refused = try await running.send("POST", "/__admin/reset", headers: [wrong])
            #expect(refused.status == 401, "\(wrong)")
            #expect(refused.headers["content-type"] == "application/json; charset=utf-8")
            let message = try Self.message(refused.body)
            #expect(message == "wrong admin token" || message.contains("needs its token"), "\(message)")
        }
        #expect(try await running.send("GET", "/__admin/health").status == 401)
        #expect(try await running.send("GET", "/__admin/requests", headers: [("Authorization", "Bearer s3cret-token")]).status == 200)
        #expect(try await running.send("GET", "/__admin/requests", headers: [("X-Mock-Admin-Token", "s3cret-token")]).status == 200)
        let fromTheLAN = try await running.send("GET", "/__admin/rules", host: "phone-test.lan:8080",
                                                headers: [("Authorization", "bearer s3cret-token")])
        #expect(fromTheLAN.status == 200, "with a token any Host may use the admin API")
        let crossSite = try await running.send("POST", "/__admin/reset", headers: [("Origin", Self.evil), ("X-Mock-Admin-Token", "s3cret-token")])
        #expect(crossSite.status == 403, "a token does not let a page in")
        try await running.expectDataIntact(token: "s3cret-token")
        #expect(try await running.send("GET", "/app/probe").status == 200)
    }

    @Test func apiRoutesKeepTheirCORSWithCredentialsOnlyForLoopbackPages() async throws {
        let running = try await Running()
        let foreign = try await running.send("GET", "/app/probe", headers: [("Origin", "http://h5.maka.im")])
        #expect(foreign.headers["access-control-allow-origin"] == "http://h5.maka.im")
        #expect(foreign.headers["access-control-allow-credentials"] == nil)
        let local = try await running.send("GET", "/app/probe", headers: [("Origin", "http://localhost:3000")])
        #expect(local.headers["access-control-allow-origin"] == "http://localhost:3000")
        #expect(local.headers["access-control-allow-credentials"] == "true")
    }
}
