import Synchronization
import XCTest
@testable import HTTPServer

final class RouterTests: XCTestCase {
    /// A router whose handlers answer with their own name and the bound parameters.
    private func makeRouter() -> Router {
        var router = Router()
        for (method, pattern) in [
            (HTTPMethod.GET, "/app/user/:uid"),
            (.GET, "/app/user/me"),
            (.POST, "/app/user/:uid"),
            (.DELETE, "/app/user/:uid"),
            (.GET, "/app/user/:uid/events/:eid"),
            (.GET, "/"),
            (.PUT, "/only-put/"),
        ] {
            router.add(method, pattern) { request in
                let parameters = request.pathParameters.sorted { $0.key < $1.key }.map { "\($0)=\($1)" }
                let text = "\(method) \(pattern) " + parameters.joined(separator: ",")
                return HTTPResponse(body: Array(text.utf8))
            }
        }
        return router
    }

    private func respond(_ router: Router, _ method: HTTPMethod, _ path: String) -> HTTPResponse {
        let box = ResponseBox()
        router.respond(to: HTTPRequest(method: method, target: path, path: path)) { response in
            box.response.withLock { $0 = response }
        }
        return box.response.withLock { $0 }!
    }

    private func bodyText(_ response: HTTPResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    func test_parameters_areBound_fromPathSegments() {
        let router = makeRouter()
        XCTAssertEqual(bodyText(respond(router, .GET, "/app/user/42")), "GET /app/user/:uid uid=42")
        XCTAssertEqual(bodyText(respond(router, .GET, "/app/user/42/events/7")), "GET /app/user/:uid/events/:eid eid=7,uid=42")
        XCTAssertEqual(bodyText(respond(router, .POST, "/app/user/9")), "POST /app/user/:uid uid=9")
    }

    /// Values are read from the path the route matched, when a handler asks: a later change of
    /// the request's path (as a session makes) leaves them as bound, and a name the route lacks
    /// is nil.
    func test_boundValues_comeFromTheMatchedPath_whenRead() {
        var router = Router()
        router.add(.GET, "/a/:x/b/:y") { request in
            var moved = request
            moved.path = "/elsewhere/else"
            let values = ["x", "y", "z"].map { moved.pathParameters[$0] ?? "-" }
            return HTTPResponse(body: Array(values.joined(separator: " ").utf8))
        }
        XCTAssertEqual(bodyText(respond(router, .GET, "/a/one/b/two/")), "one two -")
        XCTAssertEqual(bodyText(respond(router, .GET, "/a/%2F/b/张")), "%2F 张 -")
        XCTAssertEqual(respond(router, .GET, "/a/one/b/two//").status.code, 404)
        XCTAssertEqual(respond(router, .GET, "/a/one/b").status.code, 404)
    }

    func test_literalSegment_beatsParameter_whateverTheOrder() {
        XCTAssertEqual(bodyText(respond(makeRouter(), .GET, "/app/user/me")), "GET /app/user/me ")
    }

    func test_pathOfALiteralRoutesLengthAndLastByte_stillFindsItsParameterRoute() {
        // `/app/user/xe` is filed under the same bit as the literal `/app/user/me` (12 bytes,
        // ending in `e`): the literal lookup misses and the parameter pattern answers.
        let router = makeRouter()
        XCTAssertEqual(bodyText(respond(router, .GET, "/app/user/xe")), "GET /app/user/:uid uid=xe")
        XCTAssertEqual(bodyText(respond(router, .GET, "/app/user/me/")), "GET /app/user/me ")
        XCTAssertEqual(bodyText(respond(router, .GET, "/app/user/xe/")), "GET /app/user/:uid uid=xe")
    }

    func test_matching_isOnTheDecodedPath_andParametersAreDecoded() {
        XCTAssertEqual(bodyText(respond(makeRouter(), .GET, "/app/user/张 三")), "GET /app/user/:uid uid=张 三")
    }

    func test_trailingSlash_isTolerated_onPathAndPattern() {
        let router = makeRouter()
        XCTAssertEqual(bodyText(respond(router, .GET, "/app/user/42/")), "GET /app/user/:uid uid=42")
        XCTAssertEqual(bodyText(respond(router, .PUT, "/only-put")), "PUT /only-put/ ")
        XCTAssertEqual(bodyText(respond(router, .GET, "/")), "GET / ")
    }

    func test_unknownPath_is404_asJSON() {
        let response = respond(makeRouter(), .GET, "/nope")
        XCTAssertEqual(response.status.code, 404)
        XCTAssertEqual(response.headers["content-type"], "application/json; charset=utf-8")
        XCTAssertEqual(bodyText(response), #"{"error":{"status":404,"message":"no route for GET /nope"}}"#)
    }

    func test_emptyParameterSegment_andExtraSegments_are404() {
        let router = makeRouter()
        XCTAssertEqual(respond(router, .GET, "/app/user//events/1").status.code, 404)
        XCTAssertEqual(respond(router, .GET, "/app/user/1/2").status.code, 404)
        XCTAssertEqual(respond(router, .GET, "*").status.code, 404)
    }

    func test_knownPathWithOtherMethod_is405_withAllow() {
        let response = respond(makeRouter(), .PATCH, "/app/user/42")
        XCTAssertEqual(response.status.code, 405)
        XCTAssertEqual(response.headers["allow"], "GET, POST, DELETE, HEAD")
        XCTAssertEqual(bodyText(response),
            #"{"error":{"status":405,"message":"PATCH is not allowed on /app/user/42"}}"#)
        guard case .methodNotAllowed(let allowed) = makeRouter().match(method: .GET, path: "/only-put") else {
            return XCTFail("expected 405")
        }
        XCTAssertEqual(allowed, [.PUT])
    }

    func test_literalPath_shadowsParameterPattern_forEveryMethod() {
        var router = Router()
        router.add(.POST, "/app/user/login") { _ in HTTPResponse(body: Array("login".utf8)) }
        for method in [HTTPMethod.GET, .PUT, .POST, .DELETE] {
            router.add(method, "/app/user/:uid") { _ in HTTPResponse(body: Array("user".utf8)) }
        }
        XCTAssertEqual(bodyText(respond(router, .POST, "/app/user/login")), "login")
        XCTAssertEqual(bodyText(respond(router, .GET, "/app/user/42")), "user")
        for method in [HTTPMethod.GET, .HEAD, .PUT, .DELETE, .PATCH] {
            let response = respond(router, method, "/app/user/login")
            XCTAssertEqual(response.status.code, 405, "\(method)")
            XCTAssertEqual(response.headers["allow"], "POST", "\(method)")
        }
    }

    func test_405_listsOnlyTheResolvedPatternsMethods_inRegistrationOrder() {
        var router = makeRouter()
        router.add(.PUT, "/app/user/me") { _ in HTTPResponse() }
        let response = respond(router, .PATCH, "/app/user/me/")
        XCTAssertEqual(response.status.code, 405)
        XCTAssertEqual(response.headers["allow"], "GET, PUT, HEAD")
        XCTAssertEqual(respond(router, .POST, "/app/user/me").headers["allow"], "GET, PUT, HEAD")
    }

    func test_moreSpecificParameterPattern_shadowsTheLessSpecific_forEveryMethod() {
        var router = Router()
        router.add(.GET, "/a/:x/c") { _ in HTTPResponse(body: Array("x".utf8)) }
        router.add(.POST, "/a/b/:y") { _ in HTTPResponse(body: Array("y".utf8)) }
        XCTAssertEqual(bodyText(respond(router, .POST, "/a/b/c")), "y")
        XCTAssertEqual(respond(router, .GET, "/a/b/c").headers["allow"], "POST")
        XCTAssertEqual(bodyText(respond(router, .GET, "/a/z/c")), "x")
    }

    func test_404And405_areRenderedByTheSuppliedErrorResponder() {
        var router = Router(errorResponder: ErrorResponder { status, message, path in
            HTTPResponse(status: status, body: Array("\(status.code) \(path ?? "-") \(message)".utf8))
        })
        router.add(.POST, "/login") { _ in HTTPResponse() }
        let wrongMethod = respond(router, .GET, "/login")
        XCTAssertEqual(bodyText(wrongMethod), "405 /login GET is not allowed on /login")
        XCTAssertEqual(wrongMethod.headers["allow"], "POST")
        XCTAssertEqual(bodyText(respond(router, .GET, "/nope")), "404 /nope no route for GET /nope")
    }

    func test_respondIfRouted_leavesUnknownPathsToTheCaller() {
        let router = makeRouter()
        let request = HTTPRequest(method: .GET, target: "/nope", path: "/nope")
        XCTAssertFalse(router.respondIfRouted(to: request) { _ in XCTFail("an unknown path must not be answered") })
    }

    func test_literalRoute_withTrailingSlashAndHead_isFound() {
        var router = Router()
        router.add(.GET, "/__admin/health/") { _ in HTTPResponse(status: .noContent) }
        XCTAssertEqual(respond(router, .HEAD, "/__admin/health").status.code, 204)
        XCTAssertEqual(respond(router, .GET, "/__admin/health/").status.code, 204)
        XCTAssertEqual(respond(router, .GET, "/__admin/health//").status.code, 404)
        XCTAssertEqual(respond(router, .GET, "/__admin").status.code, 404)
    }

    func test_head_fallsBackToGet() {
        XCTAssertEqual(bodyText(respond(makeRouter(), .HEAD, "/app/user/5")), "GET /app/user/:uid uid=5")
        XCTAssertEqual(bodyText(respond(makeRouter(), .HEAD, "/app/user/me/")), "GET /app/user/me ")
        XCTAssertEqual(respond(makeRouter(), .HEAD, "/only-put").headers["allow"], "PUT")
    }

    func test_explicitHeadRoute_winsOverGet() {
        var router = makeRouter()
        router.add(.HEAD, "/app/user/:uid") { _ in HTTPResponse(status: .noContent) }
        XCTAssertEqual(respond(router, .HEAD, "/app/user/5").status.code, 204)
    }

    func test_routes_listMethodAndPattern_inOrder() {
        let routes = makeRouter().routes
        XCTAssertEqual(routes.first, RouteDescription(method: .GET, pattern: "/app/user/:uid"))
        XCTAssertEqual(routes.map(\.description).last, "PUT /only-put/")
        XCTAssertEqual(routes.count, 7)
    }

    func test_match_returnsParameters_withoutResponding() {
        guard case .found(_, let parameters) = makeRouter().match(method: .DELETE, path: "/app/user/abc") else {
            return XCTFail("expected a match")
        }
        XCTAssertEqual(parameters, ["uid": "abc"])
        guard case .notFound = makeRouter().match(method: .GET, path: "/app") else { return XCTFail("expected 404") }
    }
}

/// Holds the reply of a responder in a test.
private final class ResponseBox: Sendable {
    let response = Mutex<HTTPResponse?>(nil)
}
