import APIRoutes
import Foundation
import TestSupport
import Wire

/// The assembled server over a copy of the Maka-seeded database in a temporary directory, and the
/// three ways a client names its session.
final class SessionsServer: Sendable {
    /// How a request names its session.
    enum Route: Sendable {
        case defaultSession
        case header(String)
        case prefix(String)
    }

    /// One seed capture, imported when the server starts: the seeded state every session starts from.
    static let seedFile = """
        [{"request": {"method": "GET", "url": "/app/seeded"},
          "response": {"status": 200, "headers": {"Content-Type": "application/json"},
                       "body": {"code": 200, "msg": "ok", "data": "seeded"}}}]
        """

    let directory: TemporaryDirectory
    let databasePath: String
    let server: AssembledServer

    var port: Int { server.port }
    var sessionsDirectory: String { databasePath + ".sessions" }

    init(sessions: SessionSettings = SessionSettings(), upstream: UpstreamSettings = UpstreamSettings()) async throws {
        directory = try TemporaryDirectory("sessions")
        databasePath = directory.path("mock.sqlite")
        let seeds = directory.url.appendingPathComponent("seeds")
        try FileManager.default.createDirectory(at: seeds, withIntermediateDirectories: true)
        try Data(Self.seedFile.utf8).write(to: seeds.appendingPathComponent("seed.json"))
        server = try await AssembledServer.start(MockServerConfiguration(
            databasePath: databasePath, seedsDirectory: seeds.path, upstream: upstream,
            passwordHasher: MakaTestServer.hasher, sessions: sessions))
    }

    /// Whether the seed capture answers in the session.
    func hasSeed(in route: Route) async throws -> Bool {
        let reply = try await maka("GET", "/app/seeded", in: route)
        return reply.status == 200 && reply.data == "seeded"
    }

    func stop() async { await server.stop() }

    /// A Maka request over URLSession, as the iOS client sends it, in the session `route` names.
    func maka(_ method: String, _ path: String, form: [(String, String)] = [], token: String? = nil,
              in route: Route) async throws -> MakaReply {
        var baseURL = server.baseURL
        var headers: [String: String] = [:]
        switch route {
        case .defaultSession: break
        case .header(let name): headers[SessionResponder.sessionHeader] = name
        case .prefix(let name): baseURL += "/__session/" + name
        }
        return try await MakaClient.send(baseURL: baseURL, method, path, form: form, token: token, headers: headers)
    }

    /// Registers `email` in the session; returns (uid, token).
    func register(_ email: String, in route: Route) async throws -> (uid: Int, token: String) {
        let reply = try await maka("POST", "/app/user/register", form: [("email", email), ("password", "secret123")], in: route)
        guard reply.code == 200, let uid = reply.data["uid"]?.intValue, let token = reply.data["token"]?.stringValue else {
            throw MakaClient.ClientError.unexpected(reply.text)
        }
        return (uid, token)
    }

    /// The Maka business code of a login in the session (200 when the account exists there).
    func loginCode(_ email: String, password: String = "secret123", in route: Route) async throws -> Int? {
        try await maka("POST", "/app/user/login", form: [("email", email), ("password", password)], in: route).code
    }

    /// An admin or raw request on a fresh connection: status, headers, and the body parsed as JSON,
    /// given up after `timeout` seconds without an answer.
    func raw(_ method: String, _ target: String, headers: [(String, String)] = [], body: String = "", timeout: Double = 30)
        async throws -> (status: Int, headers: [String: String], json: JSON) {
        let jsonHeaders = body.isEmpty ? headers : [("Content-Type", "application/json")] + headers
        guard case let .response(status, responseHeaders, text) = try await RawHTTPClient.exchange(
            port: port, method, target, headers: jsonHeaders, body: body, timeout: timeout) else {
            throw MakaClient.ClientError.unexpected("no answer to \(method) \(target)")
        }
        return (status, responseHeaders, (try? JSON.parse(Array(text.utf8))) ?? .string(text))
    }

    /// The names in `GET /__admin/sessions`.
    func sessionNames() async throws -> [String] {
        try await raw("GET", "/__admin/sessions").json["sessions"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
    }

    /// How many journal entries under `pathPrefix` the session's journal holds.
    func journalCount(pathPrefix: String, in route: Route) async throws -> Int? {
        let target = "/__admin/requests/count?pathPrefix=" + pathPrefix
        switch route {
        case .defaultSession: return try await raw("GET", target).json["count"]?.intValue
        case .header(let name): return try await raw("GET", target, headers: [("X-Mock-Session", name)]).json["count"]?.intValue
        case .prefix(let name): return try await raw("GET", "/__session/\(name)" + target).json["count"]?.intValue
        }
    }
}
