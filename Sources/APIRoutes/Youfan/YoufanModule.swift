import HTTPServer
import Store

/// The Youfan (有范儿 / Funwear) API: the ThinkPHP front controllers `/mbfun_server/index.php`
/// and `/mbfun_config_server/index.php`, dispatching on `m` (module) and `a` (action).
///
/// Parameters come from the body (form, JSON or multipart) and the query string, body first, so
/// a POST with the same parameters answers like the GET. Answers: `{"status":1,"info":"","data":…}`;
/// business failures (missing or bad parameter, unknown product) are HTTP 200 with status 0;
/// badly encoded parameters are HTTP 400 in the same envelope. An action this module does not
/// know returns nil, so capture replay (then a 404 in the Youfan envelope) answers instead.
public struct YoufanModule: APIModule {
    public let name = "youfan"
    private let store: YoufanStore
    private let actions: [String: YoufanAction]

    /// The methods a front controller answers; others get 405 for a known action.
    private static let methods: [HTTPMethod] = [.GET, .HEAD, .POST]

    public init(database: Database) {
        store = YoufanStore(database: database)
        actions = Dictionary(uniqueKeysWithValues: YoufanAction.all.map { ($0.key, $0) })
    }

    public var routes: [RouteDescription] {
        YoufanAction.all.flatMap { action in
            [HTTPMethod.GET, .POST].map { method in
                RouteDescription(method: method, pattern: "\(action.path)?m=\(action.module)&a=\(action.action)")
            }
        }
    }

    public func handle(_ request: HTTPRequest) -> HTTPResponse? {
        guard request.path == YoufanParameters.shopPath || request.path == YoufanParameters.configPath else {
            return nil
        }
        let query: YoufanQuery
        do {
            query = YoufanQuery(parameters: try request.parameters())
        } catch {
            return Envelope.httpError(status: .badRequest, message: "参数编码错误: \(error.message)", path: request.path)
        }
        guard let module = query.optional("m") else { return YoufanFailure.missing("m").response }
        guard let actionName = query.optional("a") else { return YoufanFailure.missing("a").response }
        guard let action = actions[YoufanAction.key(path: request.path, module: module, action: actionName)] else {
            return nil
        }
        guard Self.methods.contains(request.method) else {
            return Envelope.methodNotAllowed(
                request, allowed: Self.methods, message: "\(request.method) 不支持, 请用 GET 或 POST")
        }
        return answer(action, query, path: request.path)
    }

    private func answer(_ action: YoufanAction, _ query: YoufanQuery, path: String) -> HTTPResponse {
        do {
            return Envelope.youfan(data: try action.run(store, query))
        } catch let failure as YoufanFailure {
            return failure.response
        } catch {
            return Envelope.httpError(status: .internalServerError, message: "服务器错误: \(error)", path: path)
        }
    }
}
