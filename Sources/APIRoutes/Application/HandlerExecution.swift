import Dispatch

/// Where a route's handler runs, declared with the route. Reads run on the event loop that
/// read the request (they are fast, and WAL readers never wait for the writer); a handler that
/// writes (and so waits for fsync) or hashes a password runs on a background queue, so the
/// loop's other connections are not held up, and answers through `reply` when done.
public struct HandlerExecution: Sendable {
    /// nil: on the calling thread, the event loop (`Endpoint` calls the handler at once).
    let queue: DispatchQueue?

    /// On the event loop: handlers that only read.
    public static let eventLoop = HandlerExecution(queue: nil)

    /// On a background queue: handlers that write to the database or hash passwords.
    public static let blocking = HandlerExecution(queue: .global(qos: .userInitiated))

    /// On `queue`, e.g. a serial queue that runs one import at a time.
    public static func on(_ queue: DispatchQueue) -> HandlerExecution {
        HandlerExecution(queue: queue)
    }
}
