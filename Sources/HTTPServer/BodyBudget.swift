import CMallocTrim
import Dispatch
import Foundation

/// The server-wide ceiling on request-body bytes held in memory, across all connections.
///
/// A connection reserves a body before buffering it (the whole Content-Length as soon as the
/// head is read, a chunked body chunk by chunk) and releases it once the response is written or
/// the connection closes. A body the budget cannot cover is refused with 503 and `Retry-After`
/// (see `Connection.refuseBody`), so fifty concurrent uploads cost the budget, not fifty bodies.
///
/// When the total falls back to zero after a burst of at least `trimThreshold` bytes, the
/// allocator's free memory is handed back to the system (`malloc_trim`) a little later, at most
/// once per `trimDelay`: glibc otherwise keeps the freed heap pages of large bodies resident
/// (three waves of 50 uploads left 784 → 1,706 → 2,302 MB).
///
/// `@unchecked Sendable`: every mutable property is guarded by `lock`.
final class BodyBudget: @unchecked Sendable {
    /// The most body bytes buffered at once.
    let limit: Int
    /// A burst that reached this many buffered bytes is followed by a trim once it is over.
    static let trimThreshold = 4 << 20
    /// How long after the total falls to zero the trim runs; also its rate limit.
    static let trimDelay = DispatchTimeInterval.milliseconds(250)

    private let lock = NSLock()
    private var buffered = 0
    private var trimOwed = false
    private var trimScheduled = false

    init(limit: Int) {
        self.limit = limit
    }

    /// Takes `bytes` from the budget; false (taking nothing) when they do not fit.
    func reserve(_ bytes: Int) -> Bool {
        lock.withLock {
            guard bytes <= limit - buffered else { return false }
            buffered += bytes
            if buffered >= Self.trimThreshold { trimOwed = true }
            return true
        }
    }

    /// Gives back bytes taken with `reserve`.
    func release(_ bytes: Int) {
        guard bytes > 0 else { return }
        let startTrim: Bool = lock.withLock {
            buffered -= bytes
            guard buffered == 0, trimOwed, !trimScheduled else { return false }
            trimScheduled = true
            return true
        }
        if startTrim { scheduleTrim() }
    }

    private func scheduleTrim() {
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + Self.trimDelay) {
            self.lock.withLock {
                self.trimOwed = false
                self.trimScheduled = false
            }
            _ = cmalloctrim_release_free_memory()
        }
    }
}
