import HTTPServer

/// A real `HTTPServer` started on a free port of 127.0.0.1 with the access log off, as the
/// end-to-end fixtures run it; stopped when released or by `stop()`.
final class LoopbackServer: Sendable {
    let server: HTTPServer
    let port: Int
    var baseURL: String { "http://127.0.0.1:\(port)" }

    init(responder: any HTTPResponder, errorResponder: ErrorResponder = .plainJSON,
         observer: (any ExchangeObserver)? = nil,
         eventLoopCount: Int = ServerConfiguration.defaultEventLoopCount) throws {
        server = HTTPServer(configuration: ServerConfiguration(host: "127.0.0.1", port: 0, accessLog: false,
                                                               eventLoopCount: eventLoopCount),
                            responder: responder, errorResponder: errorResponder, observer: observer)
        port = try server.start().port
    }

    deinit { stop() }

    /// Shuts down gracefully and waits until the server has stopped (a second call does nothing).
    func stop() {
        server.shutdown()
        server.waitUntilStopped()
    }
}
