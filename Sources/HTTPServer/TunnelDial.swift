import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One tunnel connection being made (`TunnelEndpoint.dial`) with no thread waiting on it: a
/// non-blocking connect to each resolved address in turn, its outcome seen by a write source,
/// all within one deadline timer.
///
/// `@unchecked Sendable`: created on the resolving thread, then touched only on `queue`.
final class TunnelDial: @unchecked Sendable {
    private let addresses: UnsafeMutablePointer<addrinfo>
    private var next: UnsafeMutablePointer<addrinfo>?
    private let authority: String
    private let queue: DispatchQueue
    /// Nil once called.
    private var completion: (@Sendable (Result<TunnelEndpoint, TunnelConnectFailure>) -> Void)?
    private var pending: (fd: Int32, source: DispatchSourceWrite)?
    private var deadline: DispatchSourceTimer?
    private var failure = TunnelConnectFailure.refused

    /// Takes over `addresses` (freed with the dial).
    init(addresses: UnsafeMutablePointer<addrinfo>, authority: String, queue: DispatchQueue,
         completion: @escaping @Sendable (Result<TunnelEndpoint, TunnelConnectFailure>) -> Void) {
        self.addresses = addresses
        self.next = addresses
        self.authority = authority
        self.queue = queue
        self.completion = completion
    }

    deinit { freeaddrinfo(addresses) }

    /// Starts the deadline and the first connect; on `queue`.
    func start(timeout: Duration) {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + .nanoseconds(Int(clamping: max(1, timeout.nanoseconds))))
        timer.setEventHandler { [self] in
            abandonPending()
            finish(.failure(.timedOut))
        }
        timer.resume()
        deadline = timer
        connectNext()
    }

    private func connectNext() {
        guard completion != nil else { return }
        guard let info = next?.pointee else {
            finish(.failure(failure))
            return
        }
        next = info.ai_next
        let fd = PlatformSocket.openStream(family: info.ai_family, nonBlocking: true)
        guard fd >= 0 else { return connectNext() }
        if PlatformSocket.connect(fd, info.ai_addr, info.ai_addrlen) == 0 {
            return connected(fd)
        }
        guard errno == EINPROGRESS else {
            Socket.close(fd)
            return connectNext()
        }
        let source = DispatchSource.makeWriteSource(fileDescriptor: fd, queue: queue)
        source.setEventHandler { [self] in connectFinished() }
        pending = (fd, source)
        source.resume()
    }

    /// The pending connect completed, one way or the other.
    private func connectFinished() {
        guard let (fd, source) = pending else { return }
        pending = nil
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        if getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) == 0, error == 0 {
            // The socket is handed over only once its source lets go of it.
            source.setCancelHandler { [self] in connected(fd) }
        } else {
            source.setCancelHandler { Socket.close(fd) }
            queue.async { [self] in connectNext() }
        }
        source.cancel()
    }

    private func connected(_ fd: Int32) {
        Socket.setNoDelay(fd)
        let endpoint = TunnelEndpoint(fd: fd, authority: authority)
        finish(.success(endpoint))
    }

    /// The deadline passed with a connect pending: its socket is closed once its source is done.
    private func abandonPending() {
        guard let (fd, source) = pending else { return }
        pending = nil
        source.setCancelHandler { Socket.close(fd) }
        source.cancel()
    }

    private func finish(_ result: Result<TunnelEndpoint, TunnelConnectFailure>) {
        deadline?.cancel()
        deadline = nil
        guard let completion else { return }
        self.completion = nil
        completion(result)
    }
}
