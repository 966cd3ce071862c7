import HTTPServer

/// The whole mock server as one responder: admin routes (one router, the controls' routes
/// included), then the stateful API modules, then the fallbacks (capture replay, record mode),
/// then a 404 in the envelope of the path's API. A request whose body is too large to hold goes
/// only to the fallback that takes it as a stream (the upstream), as modules and capture replay
/// need whole bodies. A module's failure that `asksFallbacks` (an
/// unknown entity, see `FallThrough`) lets the fallbacks answer first and is sent only if none does. A fallback that cannot read the store is a 500
/// through the `ErrorBoundary`, never a 404.
///
/// Mock controls (latency, faults, journal, CORS) wrap this responder rather than living in it.
public final class MockApplication: HTTPResponder {
    /// The prefix of the admin API; it never shadows an API route.
    public static let adminPrefix = "/__admin"
    private static let adminPrefixWithSlash = adminPrefix + "/"
    /// How `X-Mock-Answered-By` names the 404 sent when nothing answered a request.
    static let notFoundAnswerer = "not-found"

    /// Whether `path` is the admin API's: `/__admin` itself or anything under `/__admin/`.
    /// An API path is told apart by its second byte, before String's prefix comparison (asked
    /// three or four times a request) runs.
    static func isAdminPath(_ path: String) -> Bool {
        let utf8 = path.utf8
        guard utf8.count >= 8, utf8[utf8.index(after: utf8.startIndex)] == UInt8(ascii: "_") else { return false }
        return path == adminPrefix || path.hasPrefix(adminPrefixWithSlash)
    }

    private let admin: Router
    /// Who added each admin route, in the order of `admin.routes`: `admin` or `controls`.
    private let adminOwners: [String]
    private let modules: [any APIModule]
    private let fallbacks: [any FallbackResponder]
    private let errors: ErrorBoundary

    /// - Parameters:
    ///   - admin: routes under `/__admin` (health is added to them). Their 404 and 405 are
    ///     rendered in the admin's plain JSON envelope.
    ///   - modules: stateful APIs, asked in order.
    ///   - fallbacks: asked in order when no module answered.
    ///   - log: where internal errors are described (`serve` passes its log sink).
    public convenience init(
        admin: Router = Router(), modules: [any APIModule], fallbacks: [any FallbackResponder] = [],
        clock: ContinuousClock = ContinuousClock(), log: @escaping @Sendable (String) -> Void = StandardError.writeLine
    ) {
        var admin = admin
        admin.errorResponder = .envelope
        let started = clock.now
        admin.add(.GET, "\(MockApplication.adminPrefix)/health") { _ in
            Envelope.health(uptime: started.duration(to: clock.now))
        }
        self.init(admin: admin, adminOwners: admin.routes.map { _ in "admin" }, modules: modules,
                  fallbacks: fallbacks, errors: ErrorBoundary(log: log))
    }

    private init(admin: Router, adminOwners: [String], modules: [any APIModule],
                 fallbacks: [any FallbackResponder], errors: ErrorBoundary) {
        self.admin = admin
        self.adminOwners = adminOwners
        self.modules = modules
        self.fallbacks = fallbacks
        self.errors = errors
    }

    /// The same application with more admin routes, all served by its one admin router.
    func addingAdminRoutes(owner: String, _ add: (inout Router) -> Void) -> MockApplication {
        var router = admin
        add(&router)
        let owners = adminOwners + Array(repeating: owner, count: router.routes.count - admin.routes.count)
        return MockApplication(admin: router, adminOwners: owners, modules: modules, fallbacks: fallbacks, errors: errors)
    }

    /// Every route served, by whom: the admin routes and each module's routes.
    public var routeTable: [(owner: String, route: RouteDescription)] {
        zip(adminOwners, admin.routes).map { (owner: $0, route: $1) }
            + modules.flatMap { module in module.routes.map { (owner: module.name, route: $0) } }
    }

    public func respond(to request: HTTPRequest, reply: @escaping @Sendable (consuming HTTPResponse) -> Void) {
        if Self.isAdminPath(request.path) {
            if !admin.respondIfRouted(to: request, reply: reply) {
                reply(Envelope.httpError(status: .notFound, message: "no admin route \(request.path)", path: request.path))
            }
            return
        }
        if request.bodyStream != nil {
            askFallbacks(request, among: fallbacks.filter { $0.takesStreamedBody(request) }, reply: reply) { try notFound(request) }
            return
        }
        for module in modules {
            let name = module.name
            // `consuming`, so the answer is handed on rather than copied and its original destroyed.
            let answered = module.respond(to: request) { [self] (response: consuming HTTPResponse) in
                if let failure = FallThrough.unmarked(response) {
                    askFallbacks(request, reply: reply) { Self.answered(failure, by: name) }
                } else {
                    reply(Self.answered(response, by: name))
                }
            }
            if answered { return }
        }
        askFallbacks(request, reply: reply) { try notFound(request) }
    }

    /// The answer with the module's name in `X-Mock-Answered-By`. A module's own answer rarely
    /// carries one, and then the field is added without looking for one to remove.
    private static func answered(_ response: consuming HTTPResponse, by module: String) -> HTTPResponse {
        if response.headers.contains(.xMockAnsweredBy) {
            response.headers.replaceOrAdd(name: MockControls.answeredByHeader, value: module)
        } else {
            response.headers.add(name: MockControls.answeredByHeader, value: module)
        }
        return response
    }

    /// Takes a body too large to hold when a fallback does; never for the admin API.
    public func takesStreamedBody(_ head: HTTPRequest) -> Bool {
        !Self.isAdminPath(head.path) && fallbacks.contains { $0.takesStreamedBody(head) }
    }

    /// The first fallback's answer, else `otherwise()`; a fallback that cannot tell is a 500.
    private func askFallbacks(_ request: HTTPRequest, among fallbacks: [any FallbackResponder]? = nil,
                              reply: @escaping @Sendable (consuming HTTPResponse) -> Void, otherwise: () throws -> HTTPResponse) {
        do {
            for fallback in fallbacks ?? self.fallbacks where try fallback.respondIfPossible(to: request, reply: reply) {
                return
            }
            reply(try otherwise())
        } catch {
            reply(errors.response(for: error, to: request))
        }
    }

    private func notFound(_ request: HTTPRequest) throws -> HTTPResponse {
        var message = "no route, action or capture matches \(request.method) \(request.target)"
        for fallback in fallbacks {
            guard let hint = try fallback.nearMiss(for: request) else { continue }
            message += "; closest captured request: \(hint)"
            break
        }
        var response = Envelope.httpError(status: .notFound, message: message, path: request.path)
        response.headers.replaceOrAdd(name: MockControls.answeredByHeader, value: Self.notFoundAnswerer)
        return response
    }
}
