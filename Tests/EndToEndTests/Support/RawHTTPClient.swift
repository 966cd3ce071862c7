import Foundation
import Glibc

/// A blocking loopback TCP client for end-to-end tests that need exact bytes on the wire: requests
/// URLSession refuses to send (bad percent-encoding, invalid UTF-8), and answers it would hide —
/// a framed response, a clean close, a reset, or silence.
final class RawHTTPClient {
    /// What reading one response produced.
    enum Outcome: Equatable {
        case response(status: Int, headers: [String: String], body: String)
        /// The peer closed after sending these bytes (possibly none) without a complete response.
        case closed(afterBytes: String)
        case reset
        case silence
    }

    /// Everything the server sent before it closed the connection, split at the header section.
    struct ClosedResponse {
        let status: Int
        let headers: [String: String]   // lowercased names
        let body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    let fd: Int32
    private var buffered: [UInt8] = []
    /// Set by sending a HEAD request: its response has `Content-Length` but no body.
    private var expectsNoBody = false

    init(port: Int, timeout: Double = 5) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket failed: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(fd)
            throw Failure(description: "connect failed: \(reason)")
        }
        setTimeout(timeout)
    }

    deinit { Glibc.close(fd) }

    func setTimeout(_ seconds: Double) {
        var value = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - Double(Int(seconds))) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Writes these bytes exactly as given.
    func send(bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw Failure(description: "send failed: \(String(cString: strerror(errno)))") }
            offset += count
        }
    }

    /// Sends `request(method:target:…)`; a HEAD makes the next `read()` expect no body.
    func send(_ method: String, _ target: String, host: String = "127.0.0.1", headers: [(String, String)] = [],
              body: [UInt8] = []) throws {
        expectsNoBody = method == "HEAD"
        try send(bytes: Self.request(method, target, host: host, headers: headers, body: body))
    }

    /// A request with `Host`, the given headers and body, and `Content-Length` when there is a body
    /// (or the method is POST or PUT).
    static func request(_ method: String, _ target: String, host: String = "127.0.0.1", headers: [(String, String)] = [],
                        body: [UInt8] = []) -> [UInt8] {
        var text = "\(method) \(target) HTTP/1.1\r\nHost: \(host)\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" || method == "PUT" { text += "Content-Length: \(body.count)\r\n" }
        return Array((text + "\r\n").utf8) + body
    }

    /// Reads one Content-Length-framed response, or says how the connection ended instead.
    func read() -> Outcome {
        while true {
            if let response = framedResponse() { return response }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                buffered += chunk[0..<count]
                continue
            }
            if count == 0 { return .closed(afterBytes: String(decoding: buffered, as: UTF8.self)) }
            if errno == ECONNRESET { return .reset }
            if errno == EAGAIN || errno == EWOULDBLOCK { return .silence }
            return .closed(afterBytes: String(decoding: buffered, as: UTF8.self))
        }
    }

    /// Reads until the server closes (or the timeout passes) and splits what came at the header section.
    func readUntilClose() throws -> ClosedResponse {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            buffered += chunk[0..<count]
        }
        guard let end = Self.headerEnd(in: buffered) else {
            throw Failure(description: "no header section in \(String(decoding: buffered, as: UTF8.self))")
        }
        let (status, headers) = Self.parseHead(buffered[0..<end])
        return ClosedResponse(status: status, headers: headers, body: Array(buffered[(end + 4)...]))
    }

    /// One request and its outcome on a fresh connection.
    static func exchange(port: Int, _ method: String, _ target: String, host: String = "127.0.0.1",
                         headers: [(String, String)] = [], body: String = "", timeout: Double = 5) throws -> Outcome {
        let client = try RawHTTPClient(port: port, timeout: timeout)
        try client.send(method, target, host: host, headers: headers, body: Array(body.utf8))
        return client.read()
    }

    /// `request(method:target:…)` with `Connection: close` on a fresh connection, and all that came
    /// back before the server closed.
    static func exchangeUntilClose(port: Int, _ method: String, _ target: String, headers: [(String, String)] = [],
                                   body: [UInt8] = [], timeout: Double = 5) throws -> ClosedResponse {
        try exchangeUntilClose(request(method, target, headers: [("Connection", "close")] + headers, body: body),
                               port: port, timeout: timeout)
    }

    /// Exact request bytes on a fresh connection (they should say `Connection: close`), and all
    /// that came back before the server closed.
    static func exchangeUntilClose(_ request: [UInt8], port: Int, timeout: Double = 5) throws -> ClosedResponse {
        let client = try RawHTTPClient(port: port, timeout: timeout)
        try client.send(bytes: request)
        return try client.readUntilClose()
    }

    /// The same for a request written out as text.
    static func exchangeUntilClose(_ request: String, port: Int, timeout: Double = 5) throws -> ClosedResponse {
        try exchangeUntilClose(Array(request.utf8), port: port, timeout: timeout)
    }

    private func framedResponse() -> Outcome? {
        guard let end = Self.headerEnd(in: buffered) else { return nil }
        let (status, headers) = Self.parseHead(buffered[0..<end])
        guard headers["transfer-encoding"] == nil else { return nil }
        let length = expectsNoBody ? 0 : Int(headers["content-length"] ?? "0") ?? 0
        guard buffered.count >= end + 4 + length else { return nil }
        let body = String(decoding: buffered[(end + 4)..<(end + 4 + length)], as: UTF8.self)
        buffered.removeFirst(end + 4 + length)
        return .response(status: status, headers: headers, body: body)
    }

    /// Where the blank line ending the header section starts.
    private static func headerEnd(in bytes: [UInt8]) -> Int? {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard bytes.count >= 4 else { return nil }
        return (0...(bytes.count - 4)).first { Array(bytes[$0..<($0 + 4)]) == separator }
    }

    /// The status code (0 when unreadable) and the header fields, names lowercased.
    private static func parseHead(_ head: ArraySlice<UInt8>) -> (Int, [String: String]) {
        let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
        let status = Int(lines[0].split(separator: " ").dropFirst().first ?? "") ?? 0
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return (status, headers)
    }
}
