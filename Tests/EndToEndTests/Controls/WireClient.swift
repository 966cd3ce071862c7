import Foundation
import Glibc

/// A blocking loopback TCP client for the mock-control tests: writes exact bytes and reports
/// exactly what came back — a framed response, a clean close, a reset, or silence.
final class WireClient {
    /// What reading one response produced.
    enum Outcome: Equatable {
        case response(status: Int, headers: [String: String], body: String)
        /// The peer closed after sending these bytes (possibly none) without a complete response.
        case closed(afterBytes: String)
        case reset
        case silence
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    let fd: Int32
    private var buffered: [UInt8] = []
    /// Set by sending a HEAD request: its response has `Content-Length` but no body.
    private var expectsNoBody = false

    init(port: Int, timeout: Double = 5) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
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

    /// Sends a request with `Host`, the given headers and body, and `Content-Length` when there is a body.
    func send(_ method: String, _ target: String, host: String = "127.0.0.1", headers: [(String, String)] = [],
              body: String = "") throws {
        expectsNoBody = method == "HEAD"
        var text = "\(method) \(target) HTTP/1.1\r\nHost: \(host)\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" || method == "PUT" { text += "Content-Length: \(body.utf8.count)\r\n" }
        text += "\r\n" + body
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw Failure(description: "send failed: \(String(cString: strerror(errno)))") }
            offset += count
        }
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

    /// One request and its outcome on a fresh connection.
    static func exchange(port: Int, _ method: String, _ target: String, host: String = "127.0.0.1",
                         headers: [(String, String)] = [], body: String = "", timeout: Double = 5) throws -> Outcome {
        let client = try WireClient(port: port, timeout: timeout)
        try client.send(method, target, host: host, headers: headers, body: body)
        return client.read()
    }

    private func framedResponse() -> Outcome? {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard buffered.count >= 4,
              let end = (0...(buffered.count - 4)).first(where: { Array(buffered[$0..<($0 + 4)]) == separator })
        else { return nil }
        let lines = String(decoding: buffered[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let status = Int(lines[0].split(separator: " ").dropFirst().first ?? "") ?? 0
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        guard headers["transfer-encoding"] == nil else { return nil }
        let length = expectsNoBody ? 0 : Int(headers["content-length"] ?? "0") ?? 0
        guard buffered.count >= end + 4 + length else { return nil }
        let body = String(decoding: buffered[(end + 4)..<(end + 4 + length)], as: UTF8.self)
        buffered.removeFirst(end + 4 + length)
        return .response(status: status, headers: headers, body: body)
    }
}
