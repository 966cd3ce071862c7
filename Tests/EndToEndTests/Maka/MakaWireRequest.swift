import Foundation
import TestSupport
import Wire

/// One request written out byte for byte as a real Maka client's AFNetworking stack puts it on
/// the wire: its header set, its query order (AFNetworking sorts parameters by name), and for a
/// body its exact encoding. Sent over a raw socket, so nothing between the test and the server
/// normalises the target (FP's `//app/…?&…`) or adds headers of its own.
struct MakaWireRequest {
    /// The headers QT's `QTAPIClient.m` sets on every request, after AFNetworking's own.
    static let qtHeaders: [(String, String)] = [
        ("Accept", "application/json"), ("Referer", "http://api.maka.im/"),
        ("sign", "386278108771d475b8facbf1b25114a7"),
        ("User-Agent", "qitu/1.0 (iPhone; iOS 9.3; Scale/2.00)"),
        ("Accept-Language", "zh-Hans-CN;q=1"), ("Accept-Encoding", "gzip, deflate"),
    ]

    /// AFNetworking's defaults as FP's `FRTNetWorkAgent.m` leaves them (it sets no header of its own).
    static let fpHeaders: [(String, String)] = [
        ("Accept", "*/*"), ("User-Agent", "FROSTPlatform/1.0 (iPhone; iOS 10.0; Scale/2.00)"),
        ("Accept-Language", "zh-Hans-CN;q=1"), ("Accept-Encoding", "gzip, deflate"),
    ]

    /// The headers of the route table's `MKAPIClient` (seed 004): AFNetworking's defaults.
    static let routeTableHeaders: [(String, String)] = [
        ("Accept", "*/*"), ("User-Agent", "Maka/1.0 (iPhone; iOS 8.4; Scale/2.00)"),
        ("Accept-Language", "zh-Hans;q=1"),
    ]

    let method: String
    let target: String
    var headers: [(String, String)]
    var body: [UInt8] = []

    /// A GET whose query is `parameters` in AFNetworking's order (sorted by name).
    static func get(_ path: String, _ parameters: [(String, String)] = [], headers: [(String, String)]) -> Self {
        let query = parameters.sorted { $0.0 < $1.0 }.map { "\($0.0)=\(MakaClient.encode($0.1))" }.joined(separator: "&")
        return Self(method: "GET", target: query.isEmpty ? path : "\(path)?\(query)", headers: headers)
    }

    /// A form-encoded body (AFNetworking's default serializer), parameters sorted by name.
    static func form(_ method: String, _ path: String, _ parameters: [(String, String)], headers: [(String, String)]) -> Self {
        let body = parameters.sorted { $0.0 < $1.0 }.map { "\($0.0)=\(MakaClient.encode($0.1))" }.joined(separator: "&")
        return Self(method: method, target: path,
                    headers: headers + [("Content-Type", "application/x-www-form-urlencoded")], body: Array(body.utf8))
    }

    /// `POST … constructingBodyWithBlock:` with no file part: one text part per parameter.
    static func multipart(_ path: String, _ parameters: [(String, String)], headers: [(String, String)]) -> Self {
        let boundary = "Boundary+6D3E86AC2C6B4B38"
        var body = ""
        for (name, value) in parameters.sorted(by: { $0.0 < $1.0 }) {
            body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n"
        }
        body += "--\(boundary)--\r\n"
        return Self(method: "POST", target: path,
                    headers: headers + [("Content-Type", "multipart/form-data; boundary=\(boundary)")], body: Array(body.utf8))
    }

    /// Sends the request on a fresh connection and parses the answer.
    func send(to port: Int) async throws -> MakaWireAnswer {
        let raw = try await RawHTTPClient.exchangeUntilClose(port: port, method, target, headers: headers, body: body,
                                                             timeout: 10)
        return MakaWireAnswer(status: raw.status, contentType: raw.headers["content-type"] ?? "",
                              envelope: (try? JSON.parse(raw.body)) ?? .null, text: raw.text)
    }
}

/// What came back for a `MakaWireRequest`.
struct MakaWireAnswer {
    let status: Int
    let contentType: String
    let envelope: JSON
    let text: String

    var data: JSON { envelope["data"] ?? .null }

    /// HTTP 200, JSON, and the envelope the clients test: `code` the JSON integer 200, `msg` text.
    var isSuccess: Bool {
        status == 200 && contentType.hasPrefix("application/json") && envelope["code"]?.isWireInteger == true
            && envelope["code"]?.intValue == 200
            && envelope["msg"]?.isWireString == true
    }
}
