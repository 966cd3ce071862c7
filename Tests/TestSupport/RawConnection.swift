#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How reading from a `RawConnection` stopped short of what was asked.
enum RawConnectionEnding: Error, CustomStringConvertible {
    /// The peer closed cleanly.
    case closed
    case reset
    /// Nothing arrived within the receive timeout.
    case timedOut
    case failed(String)

    var description: String {
        switch self {
        case .closed: "closed by the peer"
        case .reset: "connection reset"
        case .timedOut: "timed out waiting for bytes"
        case .failed(let reason): reason
        }
    }
}

/// A blocking loopback TCP connection and the bytes read but not yet consumed. Every call
/// blocks its thread: `RawHTTPClient` makes them only on a `DedicatedThread`.
struct RawConnection: Sendable {
    let fd: Int32
    private(set) var buffered: [UInt8] = []

    init(host: String, port: Int, timeout: Double) throws(RawHTTPClient.Failure) {
        var hints = addrinfo()
        hints.ai_socktype = SocketPlatform.stream
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let info = list else {
            throw RawHTTPClient.Failure(description: "cannot resolve \(host)")
        }
        defer { freeaddrinfo(list) }
        fd = socket(info.pointee.ai_family, SocketPlatform.stream, 0)
        guard fd >= 0 else { throw RawHTTPClient.Failure(description: "socket failed: \(SocketPlatform.errorText)") }
        guard connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else {
            let reason = SocketPlatform.errorText
            _ = closeSocket(fd)
            throw RawHTTPClient.Failure(description: "connect failed: \(reason)")
        }
        SocketPlatform.suppressSIGPIPE(fd)
        setTimeout(timeout)
    }

    /// How long one read waits for bytes before giving up with `.timedOut`.
    func setTimeout(_ seconds: Double) {
        var value = timeval()
        value.tv_sec = .init(seconds.rounded(.down))
        value.tv_usec = .init((seconds - seconds.rounded(.down)) * 1_000_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
    }

    func close() { _ = closeSocket(fd) }

    /// Writes all of `bytes`.
    func send(_ bytes: [UInt8]) throws(RawHTTPClient.Failure) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { sendBytes(fd, $0.baseAddress, $0.count, SocketPlatform.sendFlags) }
            guard count > 0 else { throw RawHTTPClient.Failure(description: "send failed: \(SocketPlatform.errorText)") }
            offset += count
        }
    }

    /// Reads one response framed by Content-Length (no body for a HEAD request, a 100 or a 204).
    /// A response framed otherwise (chunked) is read until the peer closes.
    mutating func nextResponse(isHead: Bool) throws(RawConnectionEnding) -> RawHTTPResponse {
        while true {
            if let end = headEnd() {
                let response = RawHTTPResponse(head: buffered[0..<end])
                if response.header("Transfer-Encoding") == nil {
                    let length = (isHead || response.status == 100 || response.status == 204)
                        ? 0 : Int(response.header("Content-Length") ?? "0") ?? 0
                    if buffered.count >= end + 4 + length {
                        let framed = response.with(body: Array(buffered[(end + 4)..<(end + 4 + length)]))
                        buffered.removeFirst(end + 4 + length)
                        return framed
                    }
                }
            }
            guard try fill() else { throw .closed }
        }
    }

    /// Everything until the peer closes, and the buffer emptied.
    mutating func untilClose() throws(RawConnectionEnding) -> [UInt8] {
        while try fill() {}
        defer { buffered = [] }
        return buffered
    }

    /// True when the peer has closed: reading gives end-of-file with nothing left unread.
    mutating func isClosedByPeer() -> Bool {
        guard buffered.isEmpty else { return false }
        return (try? fill()) == false
    }

    /// Reads more bytes: false on a clean close by the peer.
    private mutating func fill() throws(RawConnectionEnding) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count > 0 {
            buffered.append(contentsOf: chunk[0..<count])
            return true
        }
        if count == 0 { return false }
        if errno == EAGAIN || errno == EWOULDBLOCK { throw .timedOut }
        if errno == ECONNRESET { throw .reset }
        throw .failed("recv failed: \(SocketPlatform.errorText)")
    }

    /// True when bytes are waiting to be read (a poll that does not wait).
    func hasBytesWaiting() -> Bool {
        guard buffered.isEmpty else { return true }
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, 0) > 0
    }

    /// Where the blank line ending the header section starts.
    private func headEnd() -> Int? {
        guard buffered.count >= 4 else { return nil }
        for index in 0...(buffered.count - 4)
        where buffered[index] == 13 && buffered[index + 1] == 10 && buffered[index + 2] == 13 && buffered[index + 3] == 10 {
            return index
        }
        return nil
    }
}

/// The C library's `close`, out of the way of `RawConnection.close()`.
private func closeSocket(_ fd: Int32) -> Int32 { close(fd) }

/// The C library's `send`, out of the way of `RawConnection.send(_:)`.
private func sendBytes(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int {
    send(fd, bytes, count, flags)
}
