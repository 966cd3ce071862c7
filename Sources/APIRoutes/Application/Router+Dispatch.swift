import HTTPServer

extension Router {
    /// Runs the matching route with the request's `pathParameters` filled in, answers a wrong
    /// method with a 405 and `Allow` in the API's envelope, and leaves a path with no route to
    /// `notFound`: the admin routers of `MockApplication` and `MockControls` differ only there.
    func dispatch(_ request: HTTPRequest, reply: @escaping @Sendable (HTTPResponse) -> Void, notFound: () -> Void) {
        switch match(method: request.method, path: request.path) {
        case let .found(responder, parameters):
            var routed = request
            routed.pathParameters = parameters
            responder.respond(to: routed, reply: reply)
        case let .methodNotAllowed(allowed):
            reply(Envelope.methodNotAllowed(request, allowed: allowed))
        case .notFound:
            notFound()
        }
    }
}
