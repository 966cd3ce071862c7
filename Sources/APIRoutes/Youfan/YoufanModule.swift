import HTTPServer
import Store
import Wire

/// The Youfan (有范儿 / Funwear) API: the ThinkPHP front controllers `/mbfun_server/index.php`
/// and `/mbfun_config_server/index.php`, dispatching on `m` (module) and `a` (action).
///
/// Parameters are read as ThinkPHP read them (`YoufanQuery`): a POST's body (form, JSON or
/// multipart) wins over its query string, so a POST answers like the GET. Answers:
/// `{"status":1,"info":"","data":…}`; business failures (missing parameter, unknown product) are
/// HTTP 200 with status -100; badly encoded parameters are HTTP 400 in the same envelope. A
/// missing or unknown `m`/`a` is left to capture replay (`respond` returns false), then a 404 in
/// the Youfan envelope, as ThinkPHP answered an unknown controller or action.
public struct YoufanModule: APIModule {
    public let name = "youfan"
    private let store: YoufanStore
    private let actions: YoufanActionTable
    private let errors: ErrorBoundary

    /// The methods a front controller answers; others get 405 for a known action.
    private static let methods: [HTTPMethod] = [.GET, .HEAD, .POST]

    /// - Parameter log: where internal errors are described (`serve` passes its log sink).
    public init(database: Database, log: @escaping @Sendable (String) -> Void = StandardError.writeLine) {
        store = YoufanStore(database: database)
        actions = YoufanActionTable(YoufanAction.all)
        errors = ErrorBoundary(log: log)
    }

    public var routes: [RouteDescription] {
        YoufanAction.all.flatMap { action in
            [HTTPMethod.GET, .POST].map { method in
                RouteDescription(method: method, pattern: "\(action.path)?m=\(action.module)&a=\(action.action)")
            }
        }
    }

    /// Runs the action where it is declared to run (`YoufanAction.execution`); a request that
    /// fails before its action runs (badly encoded parameters, a wrong method) is answered at once.
    public func respond(to request: HTTPRequest, reply: @escaping @Sendable (consuming HTTPResponse) -> Void) -> Bool {
        let store = store
        if request.path == YoufanGateway.accessTokenPath {
            Endpoint(.blocking, errors: errors) { request in
                let form: YoufanQuery
                do throws(ParameterError) { form = try YoufanQuery(reading: request) } catch { throw HTTPError(.badRequest, "参数编码错误: \(error.message)") }
                return try YoufanGateway.accessToken(form, store: store)
            }.respond(to: request, reply: reply)
            return true
        }
        let call: YoufanCall
        do {
            guard let found = try self.call(for: request) else { return false }
            call = found
        } catch let refusal as YoufanGatewayRefusal {
            reply(refusal.response)
            return true
        } catch {
            reply(errors.response(for: error, to: request))
            return true
        }
        // The closure holds what the action runs with, not the action's names.
        Endpoint(call.execution, errors: errors) { [respond = call.respond, query = call.query] _ in
            try respond(store, query)
        }.respond(to: request, reply: reply)
        return true
    }

    /// The action `request` names and its parameters; nil when it is not for a front controller
    /// or names an action this module does not know. A call through the SOA gateway's
    /// `InvokeSecurity.ashx` names its action inside the form (`YoufanGateway.call`); a payment
    /// (`YoufanOrders.paymentPath`) by its path alone.
    private func call(for request: HTTPRequest) throws -> YoufanCall? {
        let isGateway = request.path == YoufanGateway.invokePath
        let isPayment = request.path == YoufanOrders.paymentPath
        guard isGateway || isPayment || request.path == YoufanParameters.shopPath || request.path == YoufanParameters.configPath else {
            return nil
        }
        var query: YoufanQuery
        do {
            query = try YoufanQuery(reading: request)
        } catch {
            throw HTTPError(.badRequest, "参数编码错误: \(error.message)")
        }
        if isGateway { query = try YoufanGateway.call(query, store: store) }
        if isPayment { query = query.addressed(module: "Order", action: "WxPrePayFlowCreate") }
        let path = isGateway || isPayment ? YoufanParameters.shopPath : request.path
        guard let module = query.optional("m"), let actionName = query.optional("a"),
              let action = action(path: path, module: module, named: actionName, throughGateway: isGateway)
        else {
            if isGateway { throw HTTPError(.notFound, "未知的服务: \(query.optional("m") ?? "")/\(query.optional("a") ?? "")") }
            return nil
        }
        guard Self.methods.contains(request.method) else {
            throw HTTPError(.methodNotAllowed, "\(request.method) 不支持, 请用 GET 或 POST", allowed: Self.methods)
        }
        return YoufanCall(respond: action.respond, execution: action.execution, query: query)
    }

    /// The action `module`/`name` on `path`. Through the gateway a `WXSC_` service also finds the
    /// action of the module without the prefix: the app names its services `WXSC_Product`,
    /// `WXSC_Collocation`, `WXSC_Order` (`MBServerNameType`), while the shop answers the same
    /// actions as `Product`, `Collocation`, `Order` — its own comments record the move
    /// ("新街口 换为 Product"), and the category screen still sends `WXSC_Product`.
    private func action(path: String, module: String, named name: String, throughGateway: Bool) -> YoufanAction? {
        if let action = actions.action(path: path, module: module, action: name) { return action }
        guard throughGateway, module.hasPrefix("WXSC_") else { return nil }
        return actions.action(path: path, module: String(module.dropFirst(5)), action: name)
    }
}

/// A known action (what answers it, and where it runs) and the parameters it runs with.
private struct YoufanCall: Sendable {
    let respond: YoufanAction.Respond
    let execution: HandlerExecution
    let query: YoufanQuery
}
