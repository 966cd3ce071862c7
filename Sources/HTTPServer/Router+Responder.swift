import Wire

/// A router answers requests itself: matched routes get `pathParameters` filled in; a wrong
/// method is a 405 with `Allow`, an unknown path a 404, both rendered by its `ErrorResponder`.
extension Router: HTTPResponder {
    public func respond(to request: HTTPRequest, reply: @escaping @Sendable (consuming HTTPResponse) -> Void) {
        if !respondIfRouted(to: request, reply: reply) {
            reply(errorResponder.response(
                status: .notFound, message: "no route for \(request.method) \(request.path)", path: request.path))
        }
    }

    /// Answers a path this router has (its route, or a 405 with `Allow`) and returns true;
    /// returns false without calling `reply` for a path it does not have, so that whoever
    /// holds the router decides what answers next.
    public func respondIfRouted(to request: HTTPRequest, reply: @escaping @Sendable (consuming HTTPResponse) -> Void) -> Bool {
        switch match(method: request.method, path: request.path) {
        case .found(let responder, let parameters):
            // A literal route binds nothing: the request goes on as it is, not copied.
            if parameters.isEmpty && request.pathParameters.isEmpty {
                responder.respond(to: request, reply: reply)
                return true
            }
            var routed = request
            routed.pathParameters = parameters
            responder.respond(to: routed, reply: reply)
        case .methodNotAllowed(let allowed):
            var response = errorResponder.response(
                status: .methodNotAllowed, message: "\(request.method) is not allowed on \(request.path)",
                path: request.path)
            response.headers.replaceOrAdd(name: "Allow", value: allowed.map(\.rawValue).joined(separator: ", "))
            reply(response)
        case .notFound:
            return false
        }
        return true
    }

    /// `{"error":{"status":404,"message":"…"}}` with that status.
    static func errorResponse(_ status: HTTPStatus, message: String) -> HTTPResponse {
        var body: [UInt8] = []
        body.append(contentsOf: #"{"error":{"status":"#.utf8)
        body.appendDecimal(status.code)
        body.append(contentsOf: #","message":"#.utf8)
        body.appendJSONString(message)
        body.append(contentsOf: "}}".utf8)
        return .json(body, status: status)
    }
}
