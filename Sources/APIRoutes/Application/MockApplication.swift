import HTTPServer

/// The whole mock server as one responder: admin routes, then the stateful API modules, then
/// the fallbacks (capture replay, record mode), then a 404 in the envelope of the path's API.
///
/// Mock controls (latency, faults, journal, CORS) wrap this responder rather than living in it.
public final class MockApplication: HTTPResponder {
    /// The prefix of the admin API; it never shadows an API route.
    public static let adminPrefix = "/__admin"
    private static let adminPrefixWithSlash = adminPrefix + "/"

    /// Whether `path` is the admin API's: `/__admin` itself or anything under `/__admin/`.
    static func isAdminPath(_ path: String) -> Bool {
        path == adminPrefix || path.hasPrefix(adminPrefixWithSlash)
    }

    private let admin: Router
    private let modules: [any APIModule]
    private let fallbacks: [any FallbackResponder]

    /// - Parameters:
    ///   - admin: routes under `/__admin` (health is added to them).
    ///   - modules: stateful APIs, asked in order.
    ///   - fallbacks: asked in order when no module answered.
    public init(admin: Router = Router(), modules: [any APIModule], fallbacks: [any FallbackResponder] = [], clock: ContinuousClock = ContinuousClock()) {
        var admin = admin
        let started = clock.now
        admin.add(.GET, "\(MockApplication.adminPrefix)/health") { _ in
            Envelope.health(uptime: started.duration(to: clock.now))
        }
        self.admin = admin
        self.modules = modules
        self.fallbacks = fallbacks
    }

    /// Every route served, by whom: the admin routes and each module's routes.
    public var routeTable: [(owner: String, route: RouteDescription)] {
        admin.routes.map { (owner: "admin", route: $0) }
            + modules.flatMap { module in module.routes.map { (owner: module.name, route: $0) } }
    }

    public func respond(to request: HTTPRequest, reply: @escaping @Sendable (HTTPResponse) -> Void) {
        if Self.isAdminPath(request.path) {
            respondAdmin(to: request, reply: reply)
            return
        }
        for module in modules {
            let name = module.name
            let answered = module.respond(to: request) { response in
                var response = response
                response.headers.replaceOrAdd(name: MockControls.answeredByHeader, value: name)
                reply(response)
            }
            if answered { return }
        }
        for fallback in fallbacks where fallback.respondIfPossible(to: request, reply: reply) {
            return
        }
        reply(notFound(request))
    }

    private func respondAdmin(to request: HTTPRequest, reply: @escaping @Sendable (HTTPResponse) -> Void) {
        admin.dispatch(request, reply: reply) {
            reply(Envelope.httpError(status: .notFound, message: "no admin route \(request.path)", path: request.path))
        }
    }

    private func notFound(_ request: HTTPRequest) -> HTTPResponse {
        var message = "no route, action or capture matches \(request.method) \(request.target)"
        if let hint = fallbacks.lazy.compactMap({ $0.nearMiss(for: request) }).first {
            message += "; closest captured request: \(hint)"
        }
        var response = Envelope.httpError(status: .notFound, message: message, path: request.path)
        response.headers.replaceOrAdd(name: MockControls.answeredByHeader, value: "not-found")
        return response
    }
}
