import Synchronization

/// A loopback TCP client for tests that need exact bytes on the wire: requests URLSession refuses
/// to send (bad percent-encoding, invalid UTF-8, pipelining, smuggling), and answers it would
/// hide — a framed response, a clean close, a reset, or silence.
///
/// The socket is blocking with a receive timeout, but every call runs on a `DedicatedThread`
/// and is awaited: a test never blocks Swift's cooperative pool on it.
public final class RawHTTPClient: Sendable {
    /// A connection or read that failed, in words.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String

        public init(description: String) { self.description = description }
    }

    private let connection: Mutex<RawConnection>

    /// Connects to `host:port`; reads give up after `timeout` seconds without a byte.
    public init(port: Int, host: String = "127.0.0.1", timeout: Double = 5) async throws(Failure) {
        connection = Mutex(try await DedicatedThread.run { () throws(Failure) in
            try RawConnection(host: host, port: port, timeout: timeout)
        })
    }

    deinit { connection.withLock { $0.close() } }

    /// Changes how long a read waits for bytes.
    public func setTimeout(_ seconds: Double) {
        connection.withLock { $0.setTimeout(seconds) }
    }

    /// Writes the text's UTF-8 bytes exactly as given.
    public func send(_ text: String) async throws(Failure) { try await send(Array(text.utf8)) }

    /// Writes these bytes exactly as given.
    public func send(_ bytes: [UInt8]) async throws(Failure) {
        try await onOwnThread { (connection) throws(Failure) in try connection.send(bytes) }
    }

    /// Reads one response framed by Content-Length (no body when the request was HEAD); throws
    /// when the peer closes, resets or stays silent first.
    public func readResponse(isHead: Bool = false) async throws(Failure) -> RawHTTPResponse {
        do {
            return try await onOwnThread { (connection) throws(RawConnectionEnding) in
                try connection.nextResponse(isHead: isHead)
            }
        } catch {
            throw Failure(description: "no complete response: \(error.description)")
        }
    }

    /// Reads one response, or says how the connection ended instead.
    public func read(isHead: Bool = false) async -> Outcome {
        await onOwnThread { connection in
            do throws(RawConnectionEnding) {
                let response = try connection.nextResponse(isHead: isHead)
                return .response(status: response.status, headers: response.headerDictionary, body: response.bodyText)
            } catch {
                switch error {
                case .reset: return .reset
                case .timedOut: return .silence
                case .closed, .failed: return .closed(afterBytes: String(decoding: connection.buffered, as: UTF8.self))
                }
            }
        }
    }

    /// Everything until the peer closes; throws on a reset or a timeout.
    public func readUntilClose() async throws(Failure) -> [UInt8] {
        do {
            return try await onOwnThread { (connection) throws(RawConnectionEnding) in try connection.untilClose() }
        } catch {
            throw Failure(description: "no clean close: \(error.description)")
        }
    }

    /// True when the peer has closed (reading gives end-of-file with nothing left unread).
    public func isClosedByPeer() async -> Bool {
        await onOwnThread { connection in connection.isClosedByPeer() }
    }

    /// True when a response (or a close) is waiting to be read; never waits.
    public func hasBytesWaiting() -> Bool {
        connection.withLock { $0.hasBytesWaiting() }
    }

    /// Runs one blocking step on the connection, on a thread of its own.
    private func onOwnThread<T: Sendable, E: Error>(
        _ step: @escaping @Sendable (inout RawConnection) throws(E) -> T
    ) async throws(E) -> T {
        try await DedicatedThread.run { () throws(E) -> T in
            try self.connection.withLock { (connection) throws(E) -> T in try step(&connection) }
        }
    }
}
