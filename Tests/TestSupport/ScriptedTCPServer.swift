import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A loopback TCP server that plays one fixed part, byte for byte, on threads of its own: the
/// upstream whose exact request bytes a test inspects and whose exact answer bytes it chooses,
/// an upstream that never answers, or an echo server at the far end of a tunnel.
public final class ScriptedTCPServer: @unchecked Sendable {
    /// What the server does with each connection.
    public enum Part: Sendable {
        /// Reads each request (head and `Content-Length` body), keeps its bytes, writes `bytes`.
        case answer([UInt8])
        /// Reads requests and never answers.
        case silent
        /// Writes back every byte it reads, until the peer closes.
        case echo
        /// Reads each request's head and body (`Content-Length` or chunked) as it comes, keeping
        /// the head and the body's length and digest (`consumed`), not its bytes; writes `bytes`.
        case consume([UInt8])
        /// Accepts connections and never reads from them, nor writes: an upstream that stops
        /// taking a request body once the sockets' buffers are full.
        case deaf
        /// Reads each request (as `answer` does), then writes `bytes` a `piece` at a time, one
        /// piece every `interval`: an upstream slower than any timeout on the whole answer.
        case trickle([UInt8], piece: Int, interval: Duration)
    }

    public let port: Int
    private let part: Part
    private let listener: Int32
    private let lock = NSLock()
    private var received: [[UInt8]] = []
    private var consumedRequests: [ConsumedRequest] = []
    private var accepted = 0
    /// Accepted sockets not yet closed; a descriptor leaves the list before it is closed, so
    /// `stop` never shuts down a number the system has handed out again.
    private var open: [Int32] = []
    private var isStopped = false

    public init(_ part: Part) throws {
        self.part = part
        let bound = try LoopbackSocket(listeningWith: 64, reusingAddress: true)
        listener = bound.fd
        port = bound.port
        Thread { [self] in acceptLoop() }.start()
    }

    deinit { stop() }

    /// The requests received so far, each as its exact bytes, in arrival order.
    public var requests: [[UInt8]] { lock.withLock { received } }

    /// The requests a `consume` server read, in arrival order.
    public var consumed: [ConsumedRequest] { lock.withLock { consumedRequests } }

    /// How many connections were accepted.
    public var connections: Int { lock.withLock { accepted } }

    /// Stops listening and closes every connection (a second call does nothing).
    public func stop() {
        lock.withLock {
            guard !isStopped else { return }
            isStopped = true
            shutdown(listener, Int32(SHUT_RDWR))
            for fd in open { shutdown(fd, Int32(SHUT_RDWR)) }
        }
    }

    private func acceptLoop() {
        while true {
            let fd = accept(listener, nil, nil)
            guard fd >= 0 else { break }
            SocketPlatform.suppressSIGPIPE(fd)
            let stopped = lock.withLock {
                if !isStopped {
                    accepted += 1
                    open.append(fd)
                }
                return isStopped
            }
            if stopped {
                close(fd)
                break
            }
            Thread { [self] in serve(fd) }.start()
        }
        close(listener)
    }

    private func serve(_ fd: Int32) {
        defer {
            lock.withLock { open.removeAll { $0 == fd } }
            close(fd)
        }
        if case .deaf = part {
            while !lock.withLock({ isStopped }) { Thread.sleep(forTimeInterval: 0.05) }
            return
        }
        if case .consume(let answer) = part {
            var reader = ConsumingReader(fd: fd)
            while let request = reader.next() {
                lock.withLock { consumedRequests.append(request) }
                guard writeAll(fd, answer) else { return }
            }
            return
        }
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return }
            buffer += chunk[0..<count]
            switch part {
            case .echo:
                guard writeAll(fd, buffer) else { return }
                buffer.removeAll()
            case .silent, .answer, .trickle, .consume, .deaf:
                while let length = Self.requestLength(buffer) {
                    let request = Array(buffer[0..<length])
                    buffer.removeFirst(length)
                    lock.withLock { received.append(request) }
                    if case .answer(let bytes) = part, !writeAll(fd, bytes) { return }
                    if case .trickle(let bytes, let piece, let interval) = part {
                        for start in stride(from: 0, to: bytes.count, by: piece) {
                            if start > 0 { Thread.sleep(forTimeInterval: interval / .seconds(1)) }
                            guard writeAll(fd, Array(bytes[start..<min(start + piece, bytes.count)])) else { return }
                        }
                    }
                }
            }
        }
    }

    private func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, SocketPlatform.sendFlags) }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// The length of the first complete request in `buffer` (head and `Content-Length` body).
    private static func requestLength(_ buffer: [UInt8]) -> Int? {
        let end = Array("\r\n\r\n".utf8)
        guard buffer.count >= 4, let headEnd = (0...(buffer.count - 4)).first(where: { Array(buffer[$0..<$0 + 4]) == end })
        else { return nil }
        let head = String(decoding: buffer[0..<headEnd], as: UTF8.self).lowercased()
        var bodyLength = 0
        for line in head.split(separator: "\r\n") where line.hasPrefix("content-length:") {
            bodyLength = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) ?? 0
        }
        let total = headEnd + 4 + bodyLength
        return buffer.count >= total ? total : nil
    }
}
