import HTTPServer
import Wire
import XCTest
@testable import APIRoutes

/// A module that answers exactly one path, so dispatch order is observable.
private struct OnePathModule: APIModule {
    let name = "one"
    let path: String
    var routes: [RouteDescription] { [RouteDescription(method: .GET, pattern: path)] }

    func respond(to request: HTTPRequest, reply: @escaping @Sendable (consuming HTTPResponse) -> Void) -> Bool {
        guard request.path == path else { return false }
        reply(Envelope.maka(data: "module"))
        return true
    }
}

/// A fallback that answers one path and offers a near-miss hint for the rest.
private struct OnePathFallback: FallbackResponder {
    let path: String

    func respondIfPossible(to request: HTTPRequest, reply: @escaping @Sendable (consuming HTTPResponse) -> Void) throws -> Bool {
        guard request.path == path else { return false }
        reply(Envelope.maka(data: "fallback"))
        return true
    }

    func nearMiss(for request: HTTPRequest) -> String? { "GET \(path)?x=1" }
}

final class MockApplicationTests: XCTestCase {
    private let application = MockApplication(
        modules: [OnePathModule(path: "/app/a")],
        fallbacks: [OnePathFallback(path: "/app/b")]
    )

    private func answer(_ method: HTTPMethod, _ path: String, from application: MockApplication? = nil) -> HTTPResponse {
        let box = ResponseBox()
        (application ?? self.application).respond(to: HTTPRequest(method: method, target: path, path: path)) { box.response = $0 }
        return box.response!
    }

    private func body(_ response: HTTPResponse) throws -> JSON { try JSON.parse(response.body) }

    func test_moduleAnswersFirst_thenFallback() throws {
        XCTAssertEqual(try body(answer(.GET, "/app/a"))["data"], "module")
        XCTAssertEqual(try body(answer(.GET, "/app/b"))["data"], "fallback")
    }

    func test_unanswered_is404_inThePathsEnvelope_withNearMissHint() throws {
        let maka = answer(.GET, "/app/c")
        XCTAssertEqual(maka.status, .notFound)
        XCTAssertEqual(try body(maka)["code"], 404)
        XCTAssertTrue(try body(maka)["msg"]?.stringValue?.contains("closest captured request: GET /app/b?x=1") == true)

        let youfan = answer(.GET, "/mbfun_server/index.php")
        XCTAssertEqual(youfan.status, .notFound)
        XCTAssertEqual(try body(youfan)["status"], 0)
    }

    func test_health_reportsStatusVersionAndUptime() throws {
        let health = try body(answer(.GET, "/__admin/health"))
        XCTAssertEqual(health["status"], "ok")
        XCTAssertEqual(health["version"]?.stringValue, MockServerVersion.current)
        XCTAssertNotNil(health["uptimeSeconds"]?.intValue)
    }

    func test_admin_wrongMethodIs405WithAllow_unknownIs404() {
        let wrongMethod = answer(.POST, "/__admin/health")
        XCTAssertEqual(wrongMethod.status, .methodNotAllowed)
        XCTAssertEqual(wrongMethod.headers["allow"]?.contains("GET"), true)
        XCTAssertEqual(answer(.GET, "/__admin/nothing").status, .notFound)
    }

    func test_adminRoutes_neverReachModules() {
        let shadowing = MockApplication(modules: [OnePathModule(path: "/__admin/health")])
        let box = ResponseBox()
        shadowing.respond(to: HTTPRequest(method: .GET, target: "/__admin/health", path: "/__admin/health")) { box.response = $0 }
        XCTAssertEqual((try? JSON.parse(box.response!.body))?["status"], "ok")
    }

    func test_addedAdminRoutes_joinTheOneAdminRouter_underTheirOwner() {
        let extended = application.addingAdminRoutes(owner: "controls") { router in
            router.add(.DELETE, "/__admin/health") { _ in HTTPResponse(status: .noContent) }
            router.add(.GET, "/__admin/extra") { _ in HTTPResponse(status: .noContent) }
        }
        XCTAssertEqual(answer(.GET, "/__admin/extra", from: extended).status, .noContent)
        XCTAssertEqual(answer(.DELETE, "/__admin/health", from: extended).status, .noContent)
        let wrongMethod = answer(.PUT, "/__admin/health", from: extended)
        XCTAssertEqual(wrongMethod.status, .methodNotAllowed)
        XCTAssertEqual(wrongMethod.headers["allow"], "GET, DELETE, HEAD")
        XCTAssertEqual(try body(wrongMethod)["error"]?["message"], "PUT is not allowed on /__admin/health")
        let rows = extended.routeTable.map { "\($0.owner) \($0.route)" }
        XCTAssertEqual(Array(rows.prefix(3)),
                       ["admin GET /__admin/health", "controls DELETE /__admin/health", "controls GET /__admin/extra"])
        XCTAssertEqual(answer(.GET, "/__admin/extra").status, .notFound, "the original application is unchanged")
    }

    func test_routeTable_listsAdminAndModuleRoutes() {
        let owners = application.routeTable.map(\.owner)
        XCTAssertTrue(owners.contains("admin"))
        XCTAssertTrue(owners.contains("one"))
    }
}
