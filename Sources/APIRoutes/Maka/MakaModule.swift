import HTTPServer
import Store
import Wire

/// The Maka API (API.md §3, WIRE.md §4): the 16 captured routes under `/app/` and the routes the
/// public clients call, answered from the database.
///
/// The router resolves the path first, then the method: a path it does not know is left to
/// capture replay; a known path with the wrong method is a 405 with `Allow`, in the Maka
/// envelope (`GET /app/user/login` is a 405, not `/app/user/:uid`). Routes that write (and so
/// wait for fsync) or hash a password are declared `.blocking` and run off the event loop.
public struct MakaModule: APIModule {
    public let name = "maka"
    private let router: Router

    /// - Parameters:
    ///   - hasher: the password hasher; tests may lower its cost.
    ///   - acceptAnyPassword: login takes any password for a known account (`--accept-any-password`).
    ///   - log: where internal errors are described (`serve` passes its log sink).
    public init(
        database: Database, hasher: PasswordHasher = PasswordHasher(), acceptAnyPassword: Bool = false,
        log: @escaping @Sendable (String) -> Void = StandardError.writeLine
    ) throws {
        let services = MakaServices(database: database, hasher: hasher, acceptAnyPassword: acceptAnyPassword)
        let errors = ErrorBoundary(log: log)
        var router = Router(errorResponder: .envelope)
        func add(
            _ method: HTTPMethod, _ pattern: String, execution: HandlerExecution = .eventLoop,
            _ handler: @escaping @Sendable (HTTPRequest, Parameters) throws -> HTTPResponse
        ) {
            router.add(method, pattern, Endpoint(execution, errors: errors) { request in
                try handler(request, try request.parameters())
            })
        }
        /// A read-only list route: its few names read from the query in place (`MakaQuery`).
        func addList(_ pattern: String, _ handler: @escaping @Sendable (HTTPRequest, MakaQuery) throws -> HTTPResponse) {
            router.add(.GET, pattern, Endpoint(.eventLoop, errors: errors) { request in
                try handler(request, try MakaQuery(request))
            })
        }
        add(.POST, "/app/user/register", execution: .blocking, services.register)
        add(.POST, "/app/user/login", execution: .blocking, services.login)
        add(.POST, "/app/user/forgetpassword", services.forgetPassword)
        add(.GET, "/app/user/:uid", services.profile)
        add(.PUT, "/app/user/:uid", execution: .blocking, services.updateProfile)
        add(.GET, "/app/events", services.myEvents)
        add(.POST, "/app/event", execution: .blocking, services.createEvent)
        add(.PUT, "/app/event/:event_id", execution: .blocking, services.updateEvent)
        add(.POST, "/app/event/:event_id", execution: .blocking, services.publishEvent)
        add(.GET, "/app/specialCategories", services.specialCategories)
        add(.GET, "/app/categoryApp", services.categoryApp)
        addList("/api/storeTemplates", services.storeTemplates)
        addList("/app/storeTemplates", services.storeTemplates)
        add(.GET, "/app/buyTemplate/status/:template_id", services.buyTemplateStatus)
        addList("/app/templates", services.templates)
        add(.GET, "/app/template/:template_id", services.template)
        add(.GET, "/api/storeTemplate/:template_id", services.template)
        add(.GET, "/app/pictureIndex", services.pictureIndex)
        addList("/app/pictures", services.pictures)
        addList("/app/publicEvents", services.publicEvents)
        add(.GET, "/app/tagCategories", services.tagCategories)
        self.router = router
    }

    public var routes: [RouteDescription] { router.routes }

    public func respond(to request: HTTPRequest, reply: @escaping @Sendable (consuming HTTPResponse) -> Void) -> Bool {
        guard APIStyle(path: request.path) == .maka else { return false }
        return router.respondIfRouted(to: request, reply: reply)
    }
}
