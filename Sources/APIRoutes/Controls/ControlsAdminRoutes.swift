import HTTPServer
import Store
import Wire

/// The admin routes the mock controls add under `/__admin`: the journal (`requests`) and
/// verification over it, runtime rules, stubs and scenarios, captures, reset and the route table.
/// Every answer is JSON; bad input is a `400` whose message says what is wrong
/// (`AdminInputError`); anything else thrown is a 500 through the `ErrorBoundary`.
struct ControlsAdminRoutes: Sendable {
    let application: MockApplication
    let policy: ControlPolicy
    let journal: Journal?
    let captures: (any CaptureAdministration)?
    let stubs: StubRegistry
    let errors: ErrorBoundary

    /// Adds the routes to the application's admin `router`. Reset, clearing the journal and
    /// deleting captures write to the database, and the exports read all of it, so they run off
    /// the event loop.
    func add(to router: inout Router) {
        let prefix = MockApplication.adminPrefix
        var ownRoutes: [RouteDescription] = []
        func add(_ method: HTTPMethod, _ path: String, execution: HandlerExecution = .eventLoop,
                 _ handler: @escaping Endpoint.Handler) {
            router.add(method, prefix + path, Endpoint(execution, errors: errors, handler: handler))
            ownRoutes.append(RouteDescription(method: method, pattern: prefix + path))
        }
        add(.GET, "/requests", listRequests)
        add(.GET, "/requests/count", countRequests)
        add(.DELETE, "/requests", execution: .blocking, clearRequests)
        add(.GET, "/requests.har", execution: .blocking, requestsHAR)
        add(.GET, "/rules") { _ in rulesResponse() }
        add(.PUT, "/rules", replaceRules)
        add(.DELETE, "/rules", restoreRules)
        add(.GET, "/captures", listCaptures)
        add(.DELETE, "/captures", execution: .blocking, deleteCaptures)
        add(.GET, "/captures/:id", showCapture)
        add(.DELETE, "/captures/:id", execution: .blocking, deleteCapture)
        add(.GET, "/captures.har", execution: .blocking, capturesHAR)
        add(.GET, "/ignored-parameters", ignoredParameters)
        add(.PUT, "/ignored-parameters", execution: .blocking, replaceIgnoredParameters)
        add(.DELETE, "/ignored-parameters", execution: .blocking, restoreIgnoredParameters)
        add(.POST, "/reset", execution: .blocking, reset)
        add(.POST, "/stubs", execution: .blocking, createStub)
        add(.GET, "/stubs", listStubs)
        add(.DELETE, "/stubs", execution: .blocking, deleteStubs)
        add(.GET, "/stubs/:id", showStub)
        add(.PUT, "/stubs/:id", execution: .blocking, replaceStub)
        add(.DELETE, "/stubs/:id", execution: .blocking, deleteStub)
        add(.GET, "/scenarios", listScenarios)
        add(.POST, "/scenarios/reset", resetScenarios)
        add(.PUT, "/scenarios/:name/state", setScenarioState)
        add(.POST, "/requests/find", execution: .blocking, findRequests)
        add(.POST, "/requests/count", execution: .blocking, countMatchingRequests)
        add(.GET, "/requests/unmatched", execution: .blocking, unmatchedRequests)
        let controlsRoutes = ownRoutes + [RouteDescription(method: .GET, pattern: prefix + "/routes")]
        add(.GET, "/routes") { _ in routeTable(controlsRoutes: controlsRoutes) }
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
struct AdminInputError: APIResponseError {
    let message: String
    init(_ message: String) { self.message = message }

    var status: HTTPStatus { .badRequest }

    func response(in style: APIStyle) -> HTTPResponse {
        HTTPError(.badRequest, message).response(in: style)
    }
}
