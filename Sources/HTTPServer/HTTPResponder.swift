/// Anything that turns a request into a response: the router, the API layer, a test double.
///
/// `respond` may call `reply` at once (on the calling thread) or later from any thread
/// (after an upstream call, say). It must call it exactly once. The server keeps pipelined
/// responses in request order whatever order the replies come back in.
///
/// `reply` takes its response `consuming`: each layer on the way back (the application marking
/// who answered, the controls adding CORS headers, the connection queueing it) owns the one
/// response and changes its header array in place, where a borrowed response had to be copied,
/// its headers with it, by every layer that changed it.
public protocol HTTPResponder: Sendable {
    func respond(to request: HTTPRequest, reply: @escaping @Sendable (consuming HTTPResponse) -> Void)

    /// Asked with the head of a request (its `body` empty) whose body is over
    /// `HTTPLimits.maxBodyBytes`: true takes the body as `HTTPRequest.bodyStream` while it
    /// arrives, none of it held whole; false refuses it with 413 as before. By default false.
    /// The responder answers with `respond` as usual; an answer sent before the body is complete
    /// closes the connection after it.
    func takesStreamedBody(_ head: HTTPRequest) -> Bool
}

extension HTTPResponder {
    public func takesStreamedBody(_ head: HTTPRequest) -> Bool { false }
}

/// A responder from a synchronous closure: the common case for handlers.
public struct ClosureResponder: HTTPResponder {
    private let handler: @Sendable (HTTPRequest) -> HTTPResponse

    public init(_ handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) {
        self.handler = handler
    }

    public func respond(to request: HTTPRequest, reply: @escaping @Sendable (consuming HTTPResponse) -> Void) {
        reply(handler(request))
    }
}
