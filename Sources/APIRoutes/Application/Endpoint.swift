import HTTPServer

/// One route's handler as every API declares it: a throwing function of the request, where it
/// runs (`HandlerExecution`), and the `ErrorBoundary` that turns what it throws into an answer.
/// This is the one generic dispatch the Maka routes, the Youfan actions and the admin routes
/// share.
public struct Endpoint: HTTPResponder {
    public typealias Handler = @Sendable (HTTPRequest) throws -> HTTPResponse

    let execution: HandlerExecution
    let errors: ErrorBoundary
    let handler: Handler

    public init(_ execution: HandlerExecution = .eventLoop, errors: ErrorBoundary, handler: @escaping Handler) {
        self.execution = execution
        self.errors = errors
        self.handler = handler
    }

    public func respond(to request: HTTPRequest, reply: @escaping @Sendable (consuming HTTPResponse) -> Void) {
        // On the event loop the handler runs here and now: no closure is allocated to carry it.
        guard let queue = execution.queue else {
            reply(errors.answer(request, handler))
            return
        }
        let errors = errors
        let handler = handler
        queue.async { reply(errors.answer(request, handler)) }
    }
}
