import Wire
import APIRoutes
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPServer
import Store

/// A real mock server on a loopback port for the mock-control tests: a SQLite file in a temp
/// directory with the journal and captures, `MockApplication` with a small module, wrapped in
/// `MockControls`, served by `HTTPServer`. Stopped and deleted when released.
final class ControlsFixture: Sendable {
    let directory: TemporaryDirectory
    let database: Database
    let journal: Journal
    let captures: CaptureRepository
    let policy: ControlPolicy
    let loopback: LoopbackServer

    var port: Int { loopback.port }
    var base: String { loopback.baseURL }

    init(global: GlobalControls = GlobalControls(), seed: UInt64 = 1, cors: Bool = true, journalSize: Int = 10_000,
         modules: [any APIModule] = [ProbeModule()],
         fallbacks: (CaptureRepository) -> [any FallbackResponder] = { _ in [] }) throws {
        directory = try TemporaryDirectory("controls")
        database = try Database(path: directory.path("mock.sqlite"),
                                migrations: JournalRepository.migrations + CaptureRepository.migrations)
        journal = Journal(database: database, capacity: journalSize)
        captures = try CaptureRepository(database: database, volatileParameters: [.init(pathPrefix: "/", names: ["deviceId"])])
        policy = ControlPolicy(global: global, seed: seed)
        let application = MockApplication(modules: modules, fallbacks: fallbacks(captures))
        let administration = CaptureStoreAdministration(repository: captures) { .object([("reseeded", true)]) }
        let controls = MockControls(application: application, policy: policy, journal: journal,
                                    cors: cors ? CORSPolicy() : nil, captures: administration)
        loopback = try LoopbackServer(responder: controls, observer: controls.rejectionObserver)
    }

    deinit { stop() }   // before the directory goes

    /// Stops the server (a second call does nothing).
    func stop() { loopback.stop() }

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

    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 64
        configuration.urlCache = nil
        return URLSession(configuration: configuration)
    }()
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

    func respond(to request: HTTPRequest, reply: @escaping @Sendable (HTTPResponse) -> Void) -> Bool {
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
