import Foundation

/// Runs blocking work (a socket read, a process wait, a semaphore) on a thread of its own and
/// hands the result back through a continuation, so an async test awaits it without ever
/// blocking a thread of Swift's cooperative pool.
public enum DedicatedThread {
    /// The result of `work`, run on a new thread. `work`, and whatever it captured, is released
    /// before the result is handed back: a captured descriptor owner is closed by then.
    public static func run<T: Sendable, E: Error>(_ work: @escaping @Sendable () throws(E) -> T) async throws(E) -> T {
        let pending = PendingWork(work)
        let result: Result<T, E> = await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: pending.run()) }.start()
        }
        return try result.get()
    }
}

/// Work handed to one thread, dropped as soon as it has run (a `Thread` keeps its closure until
/// the thread object itself is freed, some time after the result was handed back).
private final class PendingWork<T: Sendable, E: Error>: @unchecked Sendable {
    /// Set once, taken once, on the one thread that runs it.
    private var work: (@Sendable () throws(E) -> T)?

    init(_ work: @escaping @Sendable () throws(E) -> T) { self.work = work }

    func run() -> Result<T, E> {
        guard let work = work.take() else { preconditionFailure("the work of a DedicatedThread runs once") }
        return Result { () throws(E) -> T in try work() }
    }
}
