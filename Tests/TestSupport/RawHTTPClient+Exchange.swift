/// Requests written out, and one-shot exchanges on a fresh connection.
extension RawHTTPClient {
    /// What reading one response produced.
    public enum Outcome: Equatable, Sendable {
        /// A framed response: header fields by lowercased name, the body as text.
        case response(status: Int, headers: [String: String], body: String)
        /// The peer closed after sending these bytes (possibly none) without a complete response.
        case closed(afterBytes: String)
        case reset
        case silence
    }

    /// Everything the server sent before it closed the connection, split at the header section.
    public struct ClosedResponse: Sendable {
        public let status: Int
        /// Header fields by lowercased name.
        public let headers: [String: String]
        public let body: [UInt8]
        public var text: String { String(decoding: body, as: UTF8.self) }

        init(_ bytes: [UInt8]) throws(Failure) {
            guard let end = (0..<max(bytes.count - 3, 0)).first(where: { bytes[$0..<($0 + 4)].elementsEqual([13, 10, 13, 10]) })
            else { throw Failure(description: "no header section in \(String(decoding: bytes, as: UTF8.self))") }
            let head = RawHTTPResponse(head: bytes[0..<end])
            status = head.status
            headers = head.headerDictionary
            body = Array(bytes[(end + 4)...])
        }
    }

    /// A request with `Host`, the given headers and body, and `Content-Length` when there is a body
    /// (or the method is POST or PUT).
    public static func request(_ method: String, _ target: String, host: String = "127.0.0.1",
                               headers: [(String, String)] = [], body: [UInt8] = []) -> [UInt8] {
        var text = "\(method) \(target) HTTP/1.1\r\nHost: \(host)\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" || method == "PUT" { text += "Content-Length: \(body.count)\r\n" }
        return Array((text + "\r\n").utf8) + body
    }

    /// Sends `request(method:target:…)`.
    public func send(_ method: String, _ target: String, host: String = "127.0.0.1", headers: [(String, String)] = [],
                     body: [UInt8] = []) async throws(Failure) {
        try await send(Self.request(method, target, host: host, headers: headers, body: body))
    }

    /// One request and its outcome on a fresh connection.
    public static func exchange(port: Int, _ method: String, _ target: String, host: String = "127.0.0.1",
                                headers: [(String, String)] = [], body: String = "",
                                timeout: Double = 5) async throws(Failure) -> Outcome {
        let client = try await RawHTTPClient(port: port, timeout: timeout)
        try await client.send(method, target, host: host, headers: headers, body: Array(body.utf8))
        return await client.read(isHead: method == "HEAD")
    }

    /// `request(method:target:…)` with `Connection: close` on a fresh connection, and all that came
    /// back before the server closed.
    public static func exchangeUntilClose(port: Int, _ method: String, _ target: String, headers: [(String, String)] = [],
                                          body: [UInt8] = [], timeout: Double = 5) async throws(Failure) -> ClosedResponse {
        try await exchangeUntilClose(request(method, target, headers: [("Connection", "close")] + headers, body: body),
                                     port: port, timeout: timeout)
    }

    /// Exact request bytes on a fresh connection (they should say `Connection: close`), and all
    /// that came back before the server closed.
    public static func exchangeUntilClose(_ request: [UInt8], port: Int,
                                          timeout: Double = 5) async throws(Failure) -> ClosedResponse {
        let client = try await RawHTTPClient(port: port, timeout: timeout)
        try await client.send(request)
        return try ClosedResponse(await client.readUntilClose())
    }

    /// The same for a request written out as text.
    public static func exchangeUntilClose(_ request: String, port: Int,
                                          timeout: Double = 5) async throws(Failure) -> ClosedResponse {
        try await exchangeUntilClose(Array(request.utf8), port: port, timeout: timeout)
    }
}
