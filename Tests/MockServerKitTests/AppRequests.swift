import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Requests as an app's networking layer sends them, over URLSession: a GET, a form POST (Maka
/// clients post `application/x-www-form-urlencoded`), and the JSON answer read back.
struct AppRequests {
    let baseURL: URL

    /// An answer: status, the JSON object of its body, and the `X-Mock-Answered-By` header.
    struct Answer {
        let status: Int
        let json: [String: Any]
        let answeredBy: String?

        /// Maka's business code (`{"code":409,…}` comes with HTTP 200).
        var code: Int? { json["code"] as? Int }
    }

    func get(_ pathAndQuery: String) async throws -> Answer {
        try await send(URLRequest(url: url(pathAndQuery)))
    }

    func postForm(_ path: String, _ fields: [String: String]) async throws -> Answer {
        var request = URLRequest(url: url(path))
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        var components = URLComponents()
        components.queryItems = fields.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        request.httpBody = Data((components.percentEncodedQuery ?? "").utf8)
        return try await send(request)
    }

    private func url(_ pathAndQuery: String) -> URL {
        URL(string: baseURL.absoluteString + pathAndQuery)!
    }

    private func send(_ request: URLRequest) async throws -> Answer {
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        return Answer(status: http.statusCode, json: json, answeredBy: http.value(forHTTPHeaderField: "X-Mock-Answered-By"))
    }
}
