import Wire
import APIRoutes
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPServer
import Store
import TestSupport

/// A real mock server on a loopback port for the mock-control tests: the assembled server over a
/// SQLite file in a temp directory, with no seeds (unless given) and, by default, a small stand-in module.
/// Stopped and deleted when released.
final class ControlsFixture: Sendable {
    let directory: TemporaryDirectory
    let server: AssembledServer

    var database: Database { server.database }
    var journal: Journal { server.assembly.journal }
    var captures: CaptureRepository { server.assembly.store.captures }
    var port: Int { server.port }
    var base: String { server.baseURL }

    init(global: GlobalControls = GlobalControls(), seed: UInt64 = 1, cors: Bool = true, journalSize: Int = 10_000,
         modules: [any APIModule] = [ProbeModule()], upstream: UpstreamSettings = UpstreamSettings(),
         seedsDirectory: String? = nil, replaySequence: Bool = false, ignoredParameters: [IgnoredParameter] = [],
         keepSecrets: Bool = false, configure: @escaping @Sendable (inout ServerConfiguration) -> Void = { _ in }) async throws {
        directory = try TemporaryDirectory("controls")
        let controls = MockControlSettings(global: global, seed: seed, journalSize: journalSize, cors: cors)
        server = try await AssembledServer.start(
            MockServerConfiguration(databasePath: directory.path("mock.sqlite"), seedsDirectory: seedsDirectory,
                                    replaySequence: replaySequence, ignoredParameters: ignoredParameters,
                                    controls: controls, upstream: upstream,
                                    keepSecrets: keepSecrets),
            modules: { _ in modules }, configure: configure)
    }

    /// Stops the server and waits until it has (a second call does nothing).
    func stop() async { await server.stop() }

    /// One request over URLSession: status, headers and body, or the error URLSession gave.
    func fetch(_ target: String, method: String = "GET", headers: [String: String] = [:], body: String? = nil,
               timeout: TimeInterval = 10) async throws -> (HTTPURLResponse, String) {
        var request = URLRequest(url: URL(string: base + target)!)
        request.httpMethod = method
        request.timeoutInterval = timeout
        if let body { request.httpBody = Data(body.utf8) }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await ControlsFixture.session.data(for: request)
        return (response as! HTTPURLResponse, String(decoding: data, as: UTF8.self))
    }

    /// A JSON body parsed, for assertions.
    static func json(_ text: String) throws -> JSON { try JSON.parse(text) }

    static var session: URLSession { LoopbackURLSession.shared }
}

/// A stand-in API module: answers `/app/probe…` in the Maka envelope and
/// `/mbfun_server/index.php?m=Probe&a=…` in the Youfan envelope, echoing what it saw;
/// `/app/probe/redirect` is a 302 to `/app/probe`.
struct ProbeModule: APIModule {
    var name: String { "probe" }

    var routes: [RouteDescription] {
        [RouteDescription(method: .GET, pattern: "/app/probe"), RouteDescription(method: .GET, pattern: "/app/probe/:id"),
         RouteDescription(method: .GET, pattern: "/mbfun_server/index.php?m=Probe&a=*")]
    }

    func respond(to request: HTTPRequest, reply: @escaping @Sendable (consuming HTTPResponse) -> Void) -> Bool {
        guard let response = answer(request) else { return false }
        reply(response)
        return true
    }

    private func answer(_ request: HTTPRequest) -> HTTPResponse? {
        if request.path == "/app/probe/redirect" {
            return HTTPResponse(status: HTTPStatus(code: 302), headers: ["Location": "/app/probe"])
        }
        if request.path == "/app/probe" || request.path.hasPrefix("/app/probe/") {
            return Envelope.maka(data: .object([("path", .string(request.path)), ("method", .string(request.method.rawValue))]))
        }
        if request.path == "/mbfun_server/index.php", let parameters = try? request.queryParameters(),
           parameters["m"] == "Probe" {
            return Envelope.youfan(data: .object([("action", .string(parameters["a"]))]))
        }
        return nil
    }
}
