/// A router answers requests itself: matched routes get `pathParameters` filled in, others a
/// small JSON 404, or 405 with an `Allow` header.
extension Router: HTTPResponder {
    public func respond(to request: HTTPRequest, reply: @escaping @Sendable (HTTPResponse) -> Void) {
        switch match(method: request.method, path: request.path) {
        case .found(let responder, let parameters):
            var routed = request
            routed.pathParameters = parameters
            responder.respond(to: routed, reply: reply)
        case .methodNotAllowed(let allowed):
            let names = allowed.map(\.rawValue)
            var response = Router.errorResponse(
                .methodNotAllowed,
                message: "method \(request.method) is not allowed for \(request.path)",
                extra: ",\"allowed\":[" + names.map(JSONText.quoted).joined(separator: ",") + "]"
            )
            response.headers.add(name: "Allow", value: names.joined(separator: ", "))
            reply(response)
        case .notFound:
            reply(Router.errorResponse(.notFound, message: "no route for \(request.method) \(request.path)"))
        }
    }

    /// `{"error":{"status":404,"message":"…"}}`.
    static func errorResponse(_ status: HTTPStatus, message: String, extra: String = "") -> HTTPResponse {
        let json = "{\"error\":{\"status\":\(status.code),\"message\":\(JSONText.quoted(message))\(extra)}}"
        return .json(Array(json.utf8), status: status)
    }
}
