import Foundation

/// Runs blocking work (a socket read, a process wait, a semaphore) on a thread of its own and
/// hands the result back through a continuation, so an async test awaits it without ever
/// blocking a thread of Swift's cooperative pool.
public enum DedicatedThread {
    /// The result of `work`, run on a new thread.
    public static func run<T: Sendable, E: Error>(_ work: @escaping @Sendable () throws(E) -> T) async throws(E) -> T {
        let result: Result<T, E> = await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: Result { () throws(E) -> T in try work() }) }.start()
        }
        return try result.get()
    }
}
