import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import Wire

/// Talks to `/__admin/stubs`, `/__admin/scenarios` and the verification routes of a running
/// server over URLSession, as a test suite's helper would, and sends the API calls under test.
struct StubsAdminClient: Sendable {
    let base: String

    struct Reply: Sendable {
        let status: Int
        let headers: [String: String]
        let text: String

        var json: JSON { (try? JSON.parse(text)) ?? .null }
        var answeredBy: String? { header("X-Mock-Answered-By") }
        /// The `message` of an admin error envelope.
        var message: String? { json["error"]?["message"]?.stringValue }

        func header(_ name: String) -> String? {
            headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
    }

    /// One request; `body` is sent as given, with `contentType` when set (admin bodies default to JSON).
    func send(_ method: String, _ target: String, body: String? = nil, contentType: String? = nil,
              headers: [String: String] = [:]) async throws -> Reply {
        var request = URLRequest(url: URL(string: base + target)!)
        request.httpMethod = method
        request.timeoutInterval = 10
        if let body { request.httpBody = Data(body.utf8) }
        // The admin guard refuses bodies not declared JSON.
        let declared = contentType ?? (body != nil && target.hasPrefix("/__admin") ? "application/json" : nil)
        if let declared { request.setValue(declared, forHTTPHeaderField: "Content-Type") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await ControlsFixture.session.data(for: request)
        let http = response as! HTTPURLResponse
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields { fields["\(name)"] = "\(value)" }
        return Reply(status: http.statusCode, headers: fields, text: String(decoding: data, as: UTF8.self))
    }

    /// `POST /__admin/stubs` with `definition`, expecting it to be stored.
    @discardableResult
    func stub(_ definition: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> JSON {
        let reply = try await send("POST", "/__admin/stubs", body: definition, contentType: "application/json")
        #expect(reply.status == 201, "\(reply.text)", sourceLocation: sourceLocation)
        return reply.json
    }

    func stubs() async throws -> [JSON] {
        try await send("GET", "/__admin/stubs").json["stubs"]?.arrayValue ?? []
    }

    /// `POST /__admin/requests/find` → the entries.
    func find(_ query: String) async throws -> [JSON] {
        let reply = try await send("POST", "/__admin/requests/find", body: query, contentType: "application/json")
        #expect(reply.status == 200, "\(reply.text)")
        return reply.json["requests"]?.arrayValue ?? []
    }

    /// `POST /__admin/requests/count` → the count.
    func count(_ query: String) async throws -> Int? {
        let reply = try await send("POST", "/__admin/requests/count", body: query, contentType: "application/json")
        #expect(reply.status == 200, "\(reply.text)")
        return reply.json["count"]?.intValue
    }
}

extension ControlsFixture {
    var stubsAdmin: StubsAdminClient { StubsAdminClient(base: base) }
}
