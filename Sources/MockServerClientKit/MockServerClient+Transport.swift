import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension MockServerClient {
    /// One admin request: the path under the base URL, its query, an optional JSON body; returns
    /// the answer's body. Any status outside 2xx becomes `MockServerClientError.server` with the
    /// message from the body.
    func send(_ method: String, _ path: String, query: [URLQueryItem] = [], json body: Data? = nil) async throws(MockServerClientError) -> Data {
        try await exchange(method, path, query: query, json: body).data
    }

    /// `send`, also returning the status.
    private func exchange(_ method: String, _ path: String, query: [URLQueryItem],
                          json body: Data?) async throws(MockServerClientError) -> (data: Data, status: Int) {
        guard var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false) else {
            throw .invalidRequest("cannot make a URL of \(baseURL) and \(path)")
        }
        if !query.isEmpty {
            components.queryItems = query
            // URLComponents leaves `+` as is, which a form-decoding server reads as a space.
            let encoded = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
            components.percentEncodedQuery = encoded
        }
        guard let url = components.url else { throw .invalidRequest("cannot make a URL of \(baseURL) and \(path)") }
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.httpMethod = method
        if let body {
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let adminToken { request.setValue("Bearer \(adminToken)", forHTTPHeaderField: "Authorization") }
        if let sessionName { request.setValue(sessionName, forHTTPHeaderField: "X-Mock-Session") }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await urlSession.data(for: request)
        } catch {
            throw .transport("\(method) \(url.absoluteString): \(error.localizedDescription)")
        }
        guard let http = response as? HTTPURLResponse else { throw .transport("\(url.absoluteString) answered without HTTP") }
        guard (200..<300).contains(http.statusCode) else {
            throw .server(status: http.statusCode, message: Self.errorMessage(in: data, status: http.statusCode))
        }
        return (data, http.statusCode)
    }

    /// `send`, then the body decoded as `T`.
    func decode<T: Decodable>(_ type: T.Type, _ method: String, _ path: String, query: [URLQueryItem] = [],
                              json body: Data? = nil) async throws(MockServerClientError) -> T {
        let answer = try await exchange(method, path, query: query, json: body)
        do {
            return try Self.decoder.decode(T.self, from: answer.data)
        } catch {
            throw .unreadableAnswer(status: answer.status, reason: "not a \(T.self): \(error)")
        }
    }

    /// A value as the JSON body of a request.
    static func body<T: Encodable>(_ value: T) throws(MockServerClientError) -> Data {
        do {
            return try JSONEncoder().encode(value)
        } catch {
            throw .invalidRequest("cannot encode \(T.self): \(error)")
        }
    }

    /// The message of the error envelope (`{"error":{"message":…}}`), else the body's text.
    private static func errorMessage(in data: Data, status: Int) -> String {
        struct Envelope: Decodable {
            struct Detail: Decodable { let message: String }
            let error: Detail
        }
        if let envelope = try? JSONDecoder().decode(Envelope.self, from: data) { return envelope.error.message }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? "HTTP \(status)" : text
    }

    /// The admin API's times: ISO 8601 with milliseconds (`2026-11-22T21:54:37.191Z`).
    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            if let date = try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) { return date }
            return try Date(text, strategy: Date.ISO8601FormatStyle())
        }
        return decoder
    }()
}
