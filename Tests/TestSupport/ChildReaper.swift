import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Waits for one child on a thread of its own and hands its termination to every task that
/// awaits it. The child is reaped under the same lock that guards signalling it, so no signal
/// can reach another process that has been given the reaped child's id.
final class ChildReaper: @unchecked Sendable {
    private let id: pid_t
    private let lock = NSLock()
    /// Guarded by `lock`, as are the two below.
    private var ended: ChildProcess.Termination?
    private var waiters: [Int: CheckedContinuation<ChildProcess.Termination, any Error>] = [:]
    private var nextWaiter = 0

    init(id: pid_t) {
        self.id = id
        Thread { [self] in waitForExit() }.start()
    }

    func send(signal: Int32) {
        lock.withLock {
            if ended == nil { _ = kill(id, signal) }
        }
    }

    func termination() async throws -> ChildProcess.Termination {
        let waiter = lock.withLock {
            nextWaiter += 1
            return nextWaiter
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let known: Result<ChildProcess.Termination, any Error>? = lock.withLock {
                    if let ended { return .success(ended) }
                    if Task.isCancelled { return .failure(CancellationError()) }
                    waiters[waiter] = continuation
                    return nil
                }
                if let known { continuation.resume(with: known) }
            }
        } onCancel: {
            let continuation = lock.withLock { waiters.removeValue(forKey: waiter) }
            continuation?.resume(throwing: CancellationError())
        }
    }

    /// Blocks this thread until the child has ended (without reaping it), then reaps it and
    /// resumes the waiters.
    private func waitForExit() {
        var info = siginfo_t()
        while waitid(P_PID, id_t(id), &info, WEXITED | WNOWAIT) == -1 && errno == EINTR {}
        let (termination, waiting) = lock.withLock {
            var status: Int32 = 0
            while waitpid(id, &status, 0) == -1 && errno == EINTR {}
            let termination = ChildProcess.Termination(waitStatus: status)
            ended = termination
            defer { waiters = [:] }
            return (termination, waiters.values)
        }
        for continuation in waiting { continuation.resume(returning: termination) }
    }
}
