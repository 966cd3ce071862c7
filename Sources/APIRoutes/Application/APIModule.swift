import HTTPServer

/// One emulated API (Maka, Youfan): the stateful handlers that answer from the database.
public protocol APIModule: Sendable {
    /// A short name for logs, the journal and `/__admin/routes` ("maka", "youfan").
    var name: String { get }

    /// Every route or action the module serves, for `/__admin/routes`.
    var routes: [RouteDescription] { get }

    /// The stateful answer to `request`, or nil when the module has none (an unknown path or
    /// action), so that capture replay and then a 404 in the API's envelope can answer instead.
    func handle(_ request: HTTPRequest) -> HTTPResponse?

    /// Answers through `reply` (now or later, from any thread) and returns true, or returns
    /// false without calling `reply` when `handle` would return nil. The default runs `handle`
    /// on the calling thread, which is one of the server's event loops; a module overrides it
    /// to move slow work (password hashing) off the loop.
    func respond(to request: HTTPRequest, reply: @escaping @Sendable (HTTPResponse) -> Void) -> Bool
}

extension APIModule {
    public func respond(to request: HTTPRequest, reply: @escaping @Sendable (HTTPResponse) -> Void) -> Bool {
        guard let response = handle(request) else { return false }
        reply(response)
        return true
    }
}

/// What answers after the stateful modules: capture replay, then (in record mode) the upstream.
public protocol FallbackResponder: Sendable {
    /// Answers through `reply` (now or later) and returns true, or returns false and never
    /// calls `reply`.
    func respondIfPossible(to request: HTTPRequest, reply: @escaping @Sendable (HTTPResponse) -> Void) -> Bool

    /// A hint for a client that gets a 404: the closest captured request, if there is one.
    func nearMiss(for request: HTTPRequest) -> String?
}

extension FallbackResponder {
    public func nearMiss(for request: HTTPRequest) -> String? { nil }
}
