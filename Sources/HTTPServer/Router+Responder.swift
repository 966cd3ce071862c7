import Wire

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
            var response = Router.errorResponse(
                .methodNotAllowed,
                message: "method \(request.method) is not allowed for \(request.path)",
                allowed: allowed
            )
            response.headers.add(name: "Allow", value: allowed.map(\.rawValue).joined(separator: ", "))
            reply(response)
        case .notFound:
            reply(Router.errorResponse(.notFound, message: "no route for \(request.method) \(request.path)"))
        }
    }

    /// `{"error":{"status":404,"message":"…"}}`, plus `"allowed":[…]` for a 405.
    static func errorResponse(_ status: HTTPStatus, message: String, allowed: [HTTPMethod] = []) -> HTTPResponse {
        var body: [UInt8] = []
        body.append(contentsOf: #"{"error":{"status":"#.utf8)
        body.appendDecimal(status.code)
        body.append(contentsOf: #","message":"#.utf8)
        body.appendJSONString(message)
        if !allowed.isEmpty {
            body.append(contentsOf: #","allowed":["#.utf8)
            for (index, method) in allowed.enumerated() {
                if index > 0 { body.append(UInt8(ascii: ",")) }
                body.appendJSONString(method.rawValue)
            }
            body.append(UInt8(ascii: "]"))
        }
        body.append(contentsOf: "}}".utf8)
        return .json(body, status: status)
    }
}
