import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Sends exact request bytes over a loopback TCP connection and reads the answer until the
/// server closes (requests say `Connection: close`): for requests URLSession would refuse to
/// send, such as bad percent-encoding.
enum RawHTTPClient {
    struct Response {
        let status: Int
        let headers: [String: String]   // lowercased names
        let body: [UInt8]
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func send(_ request: String, port: Int) throws -> Response {
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketFD >= 0 else { throw Failure(description: "socket: \(errno)") }
        defer { close(socketFD) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(socketFD, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw Failure(description: "connect: \(errno)") }
        let bytes = Array(request.utf8)
        guard bytes.withUnsafeBytes({ write(socketFD, $0.baseAddress, $0.count) }) == bytes.count else {
            throw Failure(description: "short write")
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(socketFD, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            received += buffer[0..<count]
        }
        return try parse(received)
    }

    private static func parse(_ bytes: [UInt8]) throws -> Response {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let end = (0...(max(0, bytes.count - 4))).first(where: { Array(bytes[$0..<min($0 + 4, bytes.count)]) == separator }) else {
            throw Failure(description: "no header section in \(String(decoding: bytes, as: UTF8.self))")
        }
        let lines = String(decoding: bytes[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw Failure(description: "status line \(lines[0])") }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Response(status: status, headers: headers, body: Array(bytes[(end + 4)...]))
    }
}
