import Dispatch
import HTTPServer
import Store

/// The Maka API (API.md §3): the 16 captured routes under `/app/`, answered from the database.
///
/// `handle` returns nil for a path it does not know, so capture replay can answer it; a known
/// path with the wrong method is a 405 with `Allow`, in the Maka envelope.
public struct MakaModule: APIModule {
    public let name = "maka"
    private let router: Router

    /// - Parameter hasher: the password hasher; tests may lower its cost.
    public init(database: Database, hasher: PasswordHasher = PasswordHasher()) throws {
        let services = try MakaServices(database: database, hasher: hasher)
        var router = Router()
        func add(_ method: HTTPMethod, _ pattern: String, _ handler: @escaping MakaEndpoint.Handler) {
            router.add(method, pattern, MakaEndpoint(handler: handler))
        }
        add(.POST, "/app/user/register", services.register)
        add(.POST, "/app/user/login", services.login)
        add(.POST, "/app/user/forgetpassword", services.forgetPassword)
        add(.GET, "/app/user/:uid", services.profile)
        add(.PUT, "/app/user/:uid", services.updateProfile)
        add(.GET, "/app/events", services.myEvents)
        add(.POST, "/app/event", services.createEvent)
        add(.PUT, "/app/event/:event_id", services.updateEvent)
        add(.POST, "/app/event/:event_id", services.publishEvent)
        add(.GET, "/app/specialCategories", services.specialCategories)
        add(.GET, "/app/templates", services.templates)
        add(.GET, "/app/template/:template_id", services.template)
        add(.GET, "/app/pictureIndex", services.pictureIndex)
        add(.GET, "/app/pictures", services.pictures)
        add(.GET, "/app/publicEvents", services.publicEvents)
        add(.GET, "/app/tagCategories", services.tagCategories)
        self.router = router
    }

    public var routes: [RouteDescription] { router.routes }

    public func handle(_ request: HTTPRequest) -> HTTPResponse? {
        guard APIStyle(path: request.path) == .maka else { return nil }
        if Self.isUserAction(request.path), request.method != .POST {
            return Envelope.methodNotAllowed(request, allowed: [.POST])
        }
        switch router.match(method: request.method, path: request.path) {
        case let .found(responder, parameters):
            guard let endpoint = responder as? MakaEndpoint else { return nil }
            var routed = request
            routed.pathParameters = parameters
            return endpoint.run(routed)
        case let .methodNotAllowed(allowed):
            return Envelope.methodNotAllowed(request, allowed: allowed)
        case .notFound:
            return nil
        }
    }

    /// Register and login hash a password (tens of milliseconds by design), so they run on a
    /// background queue instead of holding up the event loop's other connections.
    public func respond(to request: HTTPRequest, reply: @escaping @Sendable (HTTPResponse) -> Void) -> Bool {
        guard request.method == .POST, Self.hashesPassword(request.path) else {
            guard let response = handle(request) else { return false }
            reply(response)
            return true
        }
        DispatchQueue.global(qos: .userInitiated).async {
            reply(handle(request) ?? Envelope.httpError(status: .notFound, message: "no route \(request.path)", path: request.path))
        }
        return true
    }

    private static let passwordHashingPaths: Set<Substring> = ["/app/user/register", "/app/user/login"]
    private static let userActionPaths = passwordHashingPaths.union(["/app/user/forgetpassword"])

    private static func hashesPassword(_ path: String) -> Bool {
        passwordHashingPaths.contains(withoutTrailingSlash(path))
    }

    /// `/app/user/register|login|forgetpassword` would otherwise match `/app/user/:uid` for GET
    /// and PUT; they are POST-only actions, so any other method is a 405.
    private static func isUserAction(_ path: String) -> Bool {
        userActionPaths.contains(withoutTrailingSlash(path))
    }

    /// The router ignores a trailing slash; these checks do too.
    private static func withoutTrailingSlash(_ path: String) -> Substring {
        path.hasSuffix("/") ? path.dropLast() : Substring(path)
    }
}
