import Synchronization

/// Work handed to an event loop from any thread. The loop is woken only when it said it is
/// about to sleep in its wait, so a busy loop is not sent a system call per reply: it takes the
/// work on its next turn anyway.
final class LoopMailbox: Sendable {
    private struct State {
        var work: [@Sendable () -> Void] = []
        var isSleeping = false
        /// The loop has stopped: work posted now is dropped.
        var isClosed = false
    }

    private let state = Mutex(State())

    /// Queues `work` for the loop's next turn; true when the loop sleeps and must be woken.
    func post(_ work: @escaping @Sendable () -> Void) -> Bool {
        state.withLock { state in
            guard !state.isClosed else { return false }
            state.work.append(work)
            guard state.isSleeping else { return false }
            state.isSleeping = false
            return true
        }
    }

    /// The loop is about to wait: true when nothing is queued (the next post wakes it), false
    /// when it must not sleep.
    func prepareToSleep() -> Bool {
        state.withLock { state in
            guard state.work.isEmpty else { return false }
            state.isSleeping = true
            return true
        }
    }

    /// The loop's wait is over (whether or not it was woken).
    func awoke() {
        state.withLock { $0.isSleeping = false }
    }

    /// Swaps the queued work into `batch` (which the loop hands back empty).
    func take(into batch: inout [@Sendable () -> Void]) {
        state.withLock { swap(&$0.work, &batch) }
    }

    /// The loop has stopped: queued and later work is dropped (released after the lock, since
    /// releasing it may run deinits that take locks of their own).
    func close() {
        var dropped: [@Sendable () -> Void] = []
        state.withLock { state in
            state.isClosed = true
            swap(&state.work, &dropped)
        }
        dropped.removeAll()
    }
}
