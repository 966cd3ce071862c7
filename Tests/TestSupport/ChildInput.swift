import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The writing end of a pipe to a child's standard input, closed by `close()` or when released.
public final class ChildInput: @unchecked Sendable {
    private let lock = NSLock()
    /// Guarded by `lock`; nil once closed.
    private var fd: Int32?

    init(fd: Int32) { self.fd = fd }

    deinit { close() }

    /// Writes all of `bytes` on a thread of its own. A child that no longer reads gives `EPIPE`
    /// (the writing thread blocks SIGPIPE, which would otherwise end this whole process).
    public func write(_ bytes: some Collection<UInt8> & Sendable) async throws {
        let bytes = Array(bytes)
        guard let fd = lock.withLock({ self.fd }) else { throw POSIXError(.EBADF) }
        try await DedicatedThread.run { [self] () throws(POSIXError) in
            var pipeSignal = sigset_t()
            sigemptyset(&pipeSignal)
            sigaddset(&pipeSignal, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
            var written = 0
            while written < bytes.count {
                let count = bytes.withUnsafeBytes { writeDescriptor(fd, $0.baseAddress! + written, $0.count - written) }
                if count == -1 && errno == EINTR { continue }
                guard count > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
                written += count
            }
            withExtendedLifetime(self) {}
        }
    }

    /// Closes the pipe: the child reads the end of its input. A second call does nothing.
    public func close() {
        guard let fd = lock.withLock({ () -> Int32? in defer { self.fd = nil }; return self.fd }) else { return }
        closeDescriptor(fd)
    }
}

/// `write(2)` and `close(2)`, which `ChildInput`'s own methods of those names hide inside it.
private func writeDescriptor(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { write(fd, bytes, count) }

private func closeDescriptor(_ fd: Int32) { _ = close(fd) }
