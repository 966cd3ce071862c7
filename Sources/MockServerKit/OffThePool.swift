import Foundation

/// Blocking work (opening and seeding SQLite, waiting for the server to stop) run on a thread of
/// its own, so that awaiting it never holds a thread of Swift's cooperative pool.
enum OffThePool {
    static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try work() }) }.start()
        }
    }
}
