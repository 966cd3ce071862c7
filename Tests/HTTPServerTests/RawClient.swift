import Glibc
import XCTest

/// A blocking loopback TCP client that writes exact bytes and reads exact bytes, for tests that
/// need to see what is really on the wire (pipelining, faults, closes).
final class RawClient {
    struct Response {
        var status: Int
        var head: String
        var headers: [(name: String, value: String)]
        var body: [UInt8]

        func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }

        var bodyText: String { String(decoding: body, as: UTF8.self) }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let fd: Int32
    private var buffered: [UInt8] = []

    init(port: Int, host: String = "127.0.0.1", timeout: Double = 5) throws {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let info = list else {
            throw Failure(description: "cannot resolve \(host)")
        }
        defer { freeaddrinfo(list) }
        fd = socket(info.pointee.ai_family, Int32(SOCK_STREAM.rawValue), 0)
        guard connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else {
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

    func send(_ text: String) throws { try send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw Failure(description: "send failed: \(String(cString: strerror(errno)))") }
            offset += count
        }
    }

    /// Reads more bytes; nil on a clean close by the peer, throws on timeout or reset.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count > 0 {
            buffered.append(contentsOf: chunk[0..<count])
            return true
        }
        if count == 0 { return false }
        if errno == EAGAIN || errno == EWOULDBLOCK { throw Failure(description: "timed out waiting for bytes") }
        if errno == ECONNRESET { throw Failure(description: "connection reset") }
        throw Failure(description: "recv failed: \(String(cString: strerror(errno)))")
    }

    /// Reads one response framed by Content-Length (no body when the request was HEAD).
    func readResponse(isHead: Bool = false) throws -> Response {
        while true {
            if let end = headEnd() {
                let head = String(decoding: buffered[0..<end], as: UTF8.self)
                var lines = head.components(separatedBy: "\r\n")
                let statusLine = lines.removeFirst()
                let status = Int(statusLine.split(separator: " ")[1]) ?? -1
                let headers = lines.map { line -> (name: String, value: String) in
                    let colon = line.firstIndex(of: ":")!
                    return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
                }
                var response = Response(status: status, head: head, headers: headers, body: [])
                let length = (isHead || status == 100 || status == 204) ? 0 : Int(response.header("content-length") ?? "0") ?? 0
                while buffered.count < end + 4 + length {
                    guard try fill() else { throw Failure(description: "closed inside a body: \(head)") }
                }
                response.body = Array(buffered[(end + 4)..<(end + 4 + length)])
                buffered.removeFirst(end + 4 + length)
                return response
            }
            guard try fill() else { throw Failure(description: "closed before a response head") }
        }
    }

    /// Everything until the peer closes (throws on reset or timeout).
    func readUntilClose() throws -> [UInt8] {
        while try fill() {}
        defer { buffered = [] }
        return buffered
    }

    /// True when the peer has closed (reading gives end-of-file with nothing left).
    func isClosedByPeer() -> Bool {
        guard buffered.isEmpty else { return false }
        return (try? fill()) == false
    }

    private func headEnd() -> Int? {
        guard buffered.count >= 4 else { return nil }
        for index in 0...(buffered.count - 4)
        where buffered[index] == 13 && buffered[index + 1] == 10 && buffered[index + 2] == 13 && buffered[index + 3] == 10 {
            return index
        }
        return nil
    }
}
