import HTTPServer
import Synchronization
import Testing
import Wire
@testable import APIRoutes

/// How `ErrorBoundary` answers what a handler throws, in each API's envelope.
@Suite struct ErrorBoundaryTests {
    private let sink = LogSink()

    private func answer(_ error: any Error, method: HTTPMethod = .GET, path: String) throws -> (HTTPResponse, JSON) {
        let boundary = ErrorBoundary(log: sink.log)
        let response = boundary.response(for: error, to: HTTPRequest(method: method, target: path, path: path))
        return (response, try JSON.parse(response.body))
    }

    @Test func anAPIResponseErrorRendersItselfInThePathsEnvelope() throws {
        let wrongMethod = HTTPError(.methodNotAllowed, "DELETE 不支持, 请用 GET 或 POST", allowed: [.GET, .HEAD, .POST])
        let (youfan, youfanBody) = try answer(wrongMethod, method: .DELETE, path: "/mbfun_server/index.php")
        #expect(youfan.status == .methodNotAllowed)
        #expect(youfan.headers["allow"] == "GET, HEAD, POST")
        #expect(youfanBody == ["status": 0, "info": "DELETE 不支持, 请用 GET 或 POST", "data": .null])

        let (maka, makaBody) = try answer(MakaFailure.unauthorized, path: "/app/events")
        #expect(maka.status == .ok)
        #expect(makaBody["code"] == 401)

        let (admin, adminBody) = try answer(AdminInputError("limit must be a number"), path: "/__admin/requests")
        #expect(admin.status == .badRequest)
        #expect(adminBody == ["error": ["status": 400, "message": "limit must be a number"]])
        #expect(sink.lines.withLock { $0.isEmpty }, "errors meant for the client are not logged")
    }

    @Test func anyOtherErrorIsA500WithAnIDAndTheDetailOnlyInTheLog() throws {
        let (response, body) = try answer(QueryFailure(sql: "SELECT secret FROM maka_users"), path: "/app/templates")
        #expect(response.status == .internalServerError)
        let message = try #require(body["msg"]?.stringValue)
        #expect(body["code"] == 500)
        #expect(message.hasPrefix("internal error, see the server log (request id "))
        #expect(!String(decoding: response.body, as: UTF8.self).contains("SELECT"))
        #expect(!String(decoding: response.body, as: UTF8.self).contains("QueryFailure"))

        let id = message.dropFirst("internal error, see the server log (request id ".count).dropLast()
        let lines = sink.lines.withLock { $0 }
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("request id \(id): GET /app/templates failed: ") == true, "\(lines)")
        #expect(lines.first?.contains("SELECT secret FROM maka_users") == true, "\(lines)")
    }
}

/// Stands for a store error whose text must never reach a client.
private struct QueryFailure: Error {
    let sql: String
}
