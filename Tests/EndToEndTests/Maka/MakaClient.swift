import Wire
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import APIRoutes

/// A Maka answer as the client sees it: HTTP status, headers, and the parsed envelope.
struct MakaReply {
    let status: Int
    let headers: [String: String]
    let body: Data
    let json: JSON

    var code: Int? { json["code"]?.intValue }
    var message: String { json["msg"]?.stringValue ?? "" }
    var data: JSON { json["data"] ?? .null }
    var page: JSON? { json["page"] }
    var items: [JSON] { data.arrayValue ?? [] }
    var contentType: String? { headers.first { $0.key.lowercased() == "content-type" }?.value }
    var text: String { String(decoding: body, as: UTF8.self) }
}

/// How a request carries its token.
enum TokenCarrier { case bearer, header, parameter }

/// Talks to a `MakaTestServer` with URLSession (libcurl underneath), as the iOS client's
/// AFNetworking would: form bodies by default, JSON when asked.
struct MakaClient {
    let server: MakaTestServer

    func get(_ path: String, token: String? = nil, via carrier: TokenCarrier = .bearer) async throws -> MakaReply {
        try await send("GET", path, token: token, via: carrier)
    }

    /// Sends one request to the server's current address (see `send(baseURL:…)`).
    func send(_ method: String, _ path: String, form: [(String, String)] = [], json: String? = nil,
              token: String? = nil, via carrier: TokenCarrier = .bearer,
              headers: [String: String] = [:], bodyOverride: Data? = nil) async throws -> MakaReply {
        try await Self.send(baseURL: server.baseURL, method, path, form: form, json: json, token: token, via: carrier,
                            headers: headers, bodyOverride: bodyOverride)
    }

    /// - Parameters:
    ///   - form: sent as `application/x-www-form-urlencoded` (ignored when `json` is given).
    ///   - json: a JSON document sent as `application/json`.
    ///   - bodyOverride: exact body bytes (with a `Content-Type` in `headers`).
    static func send(baseURL: String, _ method: String, _ path: String, form: [(String, String)] = [], json: String? = nil,
              token: String? = nil, via carrier: TokenCarrier = .bearer,
              headers: [String: String] = [:], bodyOverride: Data? = nil) async throws -> MakaReply {
        var target = path
        var fields = form
        if let token, carrier == .parameter {
            if method == "GET" || json != nil || bodyOverride != nil {
                target += (target.contains("?") ? "&" : "?") + "token=" + Self.encode(token)
            } else {
                fields.append(("token", token))
            }
        }
        var request = URLRequest(url: URL(string: baseURL + target)!)
        request.httpMethod = method
        request.timeoutInterval = 10
        if let token, carrier == .bearer { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let token, carrier == .header { request.setValue(token, forHTTPHeaderField: "token") }
        if let json {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(json.utf8)
        } else if !fields.isEmpty {
            request.setValue("application/x-www-form-urlencoded; charset=utf-8", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(fields.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&").utf8)
        }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let bodyOverride { request.httpBody = bodyOverride }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as! HTTPURLResponse
        var headerFields: [String: String] = [:]
        for (name, value) in http.allHeaderFields { headerFields["\(name)"] = "\(value)" }
        let parsed = (try? JSON.parse(Array(data))) ?? .null
        return MakaReply(status: http.statusCode, headers: headerFields, body: data, json: parsed)
    }

    /// Registers and returns (uid, token).
    func register(_ email: String, password: String = "secret123") async throws -> (uid: Int, token: String) {
        let reply = try await send("POST", "/app/user/register", form: [("email", email), ("password", password)])
        guard reply.code == 200, let uid = reply.data["uid"]?.intValue, let token = reply.data["token"]?.stringValue else {
            throw ClientError.unexpected(reply.text)
        }
        return (uid, token)
    }

    func login(_ email: String, password: String) async throws -> (uid: Int, token: String) {
        let reply = try await send("POST", "/app/user/login", form: [("email", email), ("password", password)])
        guard reply.code == 200, let uid = reply.data["uid"]?.intValue, let token = reply.data["token"]?.stringValue else {
            throw ClientError.unexpected(reply.text)
        }
        return (uid, token)
    }

    /// Creates a draft and returns its 8-character id.
    func createEvent(_ title: String, token: String, extra: [(String, String)] = []) async throws -> String {
        let reply = try await send("POST", "/app/event", form: [("title", title)] + extra, token: token)
        guard reply.code == 200, let id = reply.data["id"]?.stringValue else { throw ClientError.unexpected(reply.text) }
        return id
    }

    static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    enum ClientError: Error { case unexpected(String) }
}
