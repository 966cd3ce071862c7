import HTTPServer
import Store
import Wire

/// The admin routes the mock controls add under `/__admin`: the journal (`requests`), runtime
/// rules, captures, reset and the route table. Every answer is JSON; bad input is a `400`
/// whose message says what is wrong.
struct ControlsAdminRoutes: Sendable {
    let application: MockApplication
    let policy: ControlPolicy
    let journal: Journal?
    let captures: (any CaptureAdministration)?

    /// The routes, each handler turning thrown `AdminInputError`s into a `400`.
    func router() -> Router {
        var router = Router()
        let prefix = MockApplication.adminPrefix
        add(.GET, "\(prefix)/requests", to: &router, listRequests)
        add(.GET, "\(prefix)/requests/count", to: &router, countRequests)
        add(.DELETE, "\(prefix)/requests", to: &router, clearRequests)
        add(.GET, "\(prefix)/rules", to: &router) { _ in rulesResponse() }
        add(.PUT, "\(prefix)/rules", to: &router, replaceRules)
        add(.DELETE, "\(prefix)/rules", to: &router, restoreRules)
        add(.GET, "\(prefix)/captures", to: &router, listCaptures)
        add(.POST, "\(prefix)/reset", to: &router, reset)
        let ownRoutes = router.routes + [RouteDescription(method: .GET, pattern: "\(prefix)/routes")]
        add(.GET, "\(prefix)/routes", to: &router) { _ in routeTable(controlsRoutes: ownRoutes) }
        return router
    }

    private func add(
        _ method: HTTPMethod, _ pattern: String, to router: inout Router,
        _ handler: @escaping @Sendable (HTTPRequest) throws -> HTTPResponse
    ) {
        router.add(method, pattern) { request in
            do {
                return try handler(request)
            } catch let error as AdminInputError {
                return Self.error(.badRequest, error.message)
            } catch {
                return Self.error(.internalServerError, "\(error)")
            }
        }
    }

    /// `{"error":{"status":…,"message":…}}` with that status.
    static func error(_ status: HTTPStatus, _ message: String) -> HTTPResponse {
        Envelope.httpError(status: status, message: message, path: MockApplication.adminPrefix)
    }

    /// The query parameters of an admin request that takes only the `known` names.
    static func queryParameters(of request: HTTPRequest, known: [String]) throws -> Parameters {
        let parameters: Parameters
        do {
            parameters = try request.queryParameters()
        } catch {
            throw AdminInputError("bad query string: \(error.message)")
        }
        if let unknown = parameters.names.first(where: { !known.contains($0) }) {
            throw AdminInputError("unknown parameter \"\(unknown)\"; use \(known.joined(separator: ", "))")
        }
        return parameters
    }

    /// A `200` JSON answer.
    static func ok(_ body: JSON) -> HTTPResponse { .json(body.encoded()) }

    /// `GET /__admin/routes`: every route and action served, and by whom.
    private func routeTable(controlsRoutes: [RouteDescription]) -> HTTPResponse {
        let rows = controlsRoutes.map { (owner: "controls", route: $0) } + application.routeTable
        return Self.ok(.object([("routes", .array(rows.map { row in
            .object([("method", .string(row.route.method.rawValue)), ("path", .string(row.route.pattern)),
                     ("owner", .string(row.owner))])
        }))]))
    }
}

/// Admin input that cannot be used; answered with a `400` carrying `message`.
struct AdminInputError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
