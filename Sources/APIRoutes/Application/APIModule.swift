import HTTPServer

/// One emulated API (Maka, Youfan): the stateful handlers that answer from the database.
public protocol APIModule: Sendable {
    /// A short name for logs, the journal and `/__admin/routes` ("maka", "youfan").
    var name: String { get }

    /// Every route or action the module serves, for `/__admin/routes`.
    var routes: [RouteDescription] { get }

    /// Answers `request` through `reply` (now or later, from any thread) and returns true, or
    /// returns false without calling `reply` when the module has no answer (an unknown path or
    /// action), so that capture replay and then a 404 in the API's envelope can answer instead.
    /// Called on one of the server's event loops: a handler that writes or hashes is declared
    /// `HandlerExecution.blocking` and so runs elsewhere.
    func respond(to request: HTTPRequest, reply: @escaping @Sendable (consuming HTTPResponse) -> Void) -> Bool
}

/// What answers after the stateful modules: capture replay, then (in record mode) the upstream.
public protocol FallbackResponder: Sendable {
    /// Answers through `reply` (now or later) and returns true, or returns false and never
    /// calls `reply`. Throws when it cannot tell (the store failed): that is a 500, not a 404.
    func respondIfPossible(to request: HTTPRequest, reply: @escaping @Sendable (consuming HTTPResponse) -> Void) throws -> Bool

    /// A hint for a client that gets a 404: the closest captured request, if there is one.
    func nearMiss(for request: HTTPRequest) throws -> String?

    /// Whether it answers `head` taking its body, too large to hold, as a stream
    /// (`HTTPResponder.takesStreamedBody`). By default false.
    func takesStreamedBody(_ head: HTTPRequest) -> Bool
}

extension FallbackResponder {
    public func nearMiss(for request: HTTPRequest) throws -> String? { nil }

    public func takesStreamedBody(_ head: HTTPRequest) -> Bool { false }
}
