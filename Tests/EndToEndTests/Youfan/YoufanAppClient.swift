import Wire
import APIRoutes
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Calls the Youfan front controllers the way the shipped apps do, over URLSession: the base
/// URL, `m` and `a`, the action's parameters, then the platform's volatile parameters.
struct YoufanAppClient: Sendable {
    enum Platform: String, Sendable, CaseIterable {
        case iOS, android

        /// What every call of this client carries besides the action's own parameters.
        var volatileParameters: [(String, String)] {
            switch self {
            case .iOS:
                [("_platform", "iphone"), ("appName", "youfan"), ("deviceId", "4F9A2C1E-8B7D-4E55-9C1A-3D2F6B8E0A71"),
                 ("osCode", "93"), ("osName", "iOS"), ("osVersion", "9.3.2"), ("token", "")]
            case .android:
                [("source", "android"), ("version", "3.2.1"), ("osName", "Android"), ("deviceCode", "867530021456789"),
                 ("osVersion", "6.0.1"), ("osMode", "MI 5"), ("token", "f3a9c0de")]
            }
        }
    }

    struct Answer: Sendable {
        let httpStatus: Int
        let contentType: String?
        let json: JSON

        var status: Int? { json["status"]?.intValue }
        var info: String? { json["info"]?.stringValue }
        var data: JSON? { json["data"] }
        /// The list of a PHP-style answer: `data`, or `data.productList` for the recommended products.
        var list: [JSON] { data?.arrayValue ?? data?["productList"]?.arrayValue ?? [] }
        /// The list of an SOA-style answer.
        var results: [JSON] { json["results"]?.arrayValue ?? [] }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let baseURL: String
    let platform: Platform

    /// `GET /mbfun_server/index.php?m=…&a=…&<parameters>&<volatile>` (or POST with the same
    /// parameters form-encoded in the body, as AFNetworking's default serializer sends them).
    func call(_ module: String, _ action: String, _ parameters: [(String, String)] = [],
              post: Bool = false, path: String = YoufanParameters.shopPath) async throws -> Answer {
        var components = URLComponents()
        components.queryItems = ([("m", module), ("a", action)] + parameters + platform.volatileParameters)
            .map { URLQueryItem(name: $0.0, value: $0.1) }
        let encoded = components.percentEncodedQuery ?? ""
        var request: URLRequest
        if post {
            request = URLRequest(url: URL(string: baseURL + path)!)
            request.httpMethod = "POST"
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(encoded.replacingOccurrences(of: "+", with: "%2B").utf8)
        } else {
            request = URLRequest(url: URL(string: baseURL + path + "?" + encoded)!)
        }
        request.timeoutInterval = 30
        let (body, response) = try await LoopbackURLSession.shared.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw Failure(description: "not HTTP") }
        do {
            return Answer(httpStatus: http.statusCode, contentType: http.value(forHTTPHeaderField: "Content-Type"),
                          json: try JSON.parse([UInt8](body)))
        } catch {
            throw Failure(description: "\(module)/\(action): body is not JSON: \(String(decoding: body, as: UTF8.self))")
        }
    }

    /// Every page of a paged list, from page 0 until a page comes back empty (status 1 each).
    func walk(_ module: String, _ action: String, pageParameter: String, _ parameters: [(String, String)],
              expectedPageSize: Int) async throws -> [[JSON]] {
        var pages: [[JSON]] = []
        while true {
            let answer = try await call(module, action, [(pageParameter, String(pages.count))] + parameters)
            guard answer.status == 1 else { throw Failure(description: "\(action) page \(pages.count): \(answer.json)") }
            if answer.list.isEmpty { return pages }
            guard answer.list.count <= expectedPageSize, pages.last.map({ $0.count == expectedPageSize }) ?? true else {
                throw Failure(description: "\(action): page \(pages.count) has \(answer.list.count) items after a short page")
            }
            pages.append(answer.list)
            if pages.count > 100 { throw Failure(description: "\(action): more than 100 pages") }
        }
    }
}
