import HTTPServer

/// A real `HTTPServer` started on a free port of 127.0.0.1 (port 0) with the access log off, as
/// the end-to-end fixtures run it. `stop()` waits for it off the cooperative pool; released
/// without `stop()`, it is only asked to shut down.
public final class LoopbackServer: Sendable {
    public let server: HTTPServer
    public let port: Int
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    public init(responder: any HTTPResponder, errorResponder: ErrorResponder = .plainJSON,
                observer: (any ExchangeObserver)? = nil,
                configure: (inout ServerConfiguration) -> Void = { _ in }) throws {
        var configuration = ServerConfiguration(host: "127.0.0.1", port: 0, accessLog: false)
        configure(&configuration)
        server = HTTPServer(configuration: configuration, responder: responder, errorResponder: errorResponder,
                            observer: observer)
        port = try server.start().port
    }

    deinit { server.shutdown() }

    /// Shuts down gracefully and returns once the server has stopped (a second call does nothing).
    public func stop() async {
        server.shutdown()
        await server.stopped()
    }
}
