import Foundation

extension Process {
    /// Starts the process and returns its exit status once it has ended, awaited through
    /// `terminationHandler` rather than a blocking `waitUntilExit()`.
    public func runToExit() async throws -> Int32 {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int32, any Error>) in
            terminationHandler = { process in continuation.resume(returning: process.terminationStatus) }
            do {
                try run()
            } catch {
                terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
    }

    /// Sets `terminationHandler` so the exit status arrives on the returned stream; call it
    /// before `run()`, then await the stream instead of blocking in `waitUntilExit()`.
    public func exitStatusStream() -> AsyncStream<Int32> {
        let (statuses, continuation) = AsyncStream.makeStream(of: Int32.self)
        terminationHandler = { process in
            continuation.yield(process.terminationStatus)
            continuation.finish()
        }
        return statuses
    }
}
