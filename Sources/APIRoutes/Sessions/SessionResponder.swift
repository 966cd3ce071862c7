import Dispatch
import HTTPServer
import Wire

/// What the server answers with: picks each request's session (`SessionSelection`) and hands the
/// request to that session's mock controls; serves the sessions' own admin routes
/// (`/__admin/sessions…`, `POST /__admin/reset?all=true`) behind the `AdminGuard`.
///
/// A named session that does not exist yet is created off the event loop (a file copy, and the
/// first time in a run the template's build); an existing one is looked up on the loop.
public final class SessionResponder: HTTPResponder {
    /// The header that names a request's session.
    public static let sessionHeader = SessionSelection.header

    let defaultSession: MockSession
    let registry: SessionRegistry
    let adminGuard: AdminGuard
    let errors: ErrorBoundary
    private let admin: Router
    /// The routes answered here rather than by a session, for `GET /__admin/routes`.
    var sessionRoutes: [RouteDescription] { admin.routes }

    init(defaultSession: MockSession, registry: SessionRegistry, adminGuard: AdminGuard,
         log: @escaping @Sendable (String) -> Void) {
        self.defaultSession = defaultSession
        self.registry = registry
        self.adminGuard = adminGuard
        self.errors = ErrorBoundary(log: log)
        var admin = Router(errorResponder: .envelope)
        SessionAdminRoutes(registry: registry, defaultSession: defaultSession, errors: errors).add(to: &admin)
        self.admin = admin
    }

    /// Every session forwards alike, so the default session's controls decide; the sessions' own
    /// admin routes never take a streamed body.
    public func takesStreamedBody(_ head: HTTPRequest) -> Bool {
        !SessionAdminRoutes.owns(head.path) && defaultSession.controls.takesStreamedBody(head)
    }

    public func respond(to request: HTTPRequest, reply: @escaping @Sendable (consuming HTTPResponse) -> Void) {
        var request = request
        let name: String?
        do {
            name = try SessionSelection.select(&request) { registry.sessionName(forPeer: $0) }
        } catch {
            reply(error.response(in: .plain))
            return
        }
        if SessionAdminRoutes.owns(request.path) {
            if let refusal = adminGuard.refusal(for: request) {
                reply(refusal)
            } else if !admin.respondIfRouted(to: request, reply: reply) {
                reply(Envelope.httpError(status: .notFound, message: "no admin route \(request.path)", path: request.path))
            }
            return
        }
        if request.method == .POST, request.path == SessionAdminRoutes.resetPath {
            if let refusal = adminGuard.refusal(for: request) {
                reply(refusal)
                return
            }
            do {
                if try SessionAdminRoutes.resetsAll(request) {
                    resetAll(request, reply: reply)
                    return
                }
            } catch {
                reply(errors.response(for: error, to: request))
                return
            }
        }
        let reply = request.method == .GET && request.path == Self.routesPath ? listingSessionRoutes(reply) : reply
        guard let name else {
            defaultSession.controls.respond(to: request, reply: reply)
            return
        }
        if let lease = registry.checkOutExisting(name) {
            forward(request, to: lease, reply: reply)
            return
        }
        DispatchQueue.global(qos: .userInitiated).async { [self, request] in
            do {
                forward(request, to: try registry.checkOut(name), reply: reply)
            } catch {
                reply(errors.response(for: error, to: request))
            }
        }
    }

    /// Hands `request` to the leased session and gives the lease back once it is answered: when
    /// the answer is sent, so a response the server holds for its delay (`X-Mock-Delay`, latency
    /// rules, a stub's `delayMs`) keeps the session in flight, safe from eviction, until then.
    private func forward(_ request: HTTPRequest, to lease: SessionRegistry.Lease,
                         reply: @escaping @Sendable (consuming HTTPResponse) -> Void) {
        let registry = registry
        lease.session.controls.respond(to: request) { response in
            if let delay = response.delay, delay > .zero {
                let (seconds, attoseconds) = delay.components
                let nanoseconds = Int(clamping: seconds) &* 1_000_000_000 &+ Int(attoseconds / 1_000_000_000)
                DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { registry.checkIn(lease) }
            } else {
                registry.checkIn(lease)
            }
            reply(response)
        }
    }
}
