import Dispatch

/// One event loop's read source on the server's shared listening socket: the loop accepts new
/// clients itself, a bounded batch per wake-up, and adopts them on its own queue. A new client
/// so never waits behind other work on a control queue (thousands of slow clients timing out
/// and reconnecting together), and no thread hop stands between `accept` and the first read.
///
/// `@unchecked Sendable`: `isPaused` and `isStopped` are used only on the loop's queue.
final class Acceptor: @unchecked Sendable {
    /// Connections accepted per wake-up; the listening socket stays readable while more wait,
    /// so the rest come on the next turn, after the loop's other work.
    static let batchSize = 16

    let loop: EventLoop
    let listener: Int32
    private let source: DispatchSourceRead
    private var isPaused = false
    private var isStopped = false

    /// `cancelled` runs (on the loop's queue) once the source no longer watches `listener`.
    init(listener: Int32, loop: EventLoop, cancelled: @escaping @Sendable () -> Void) {
        self.loop = loop
        self.listener = listener
        self.source = DispatchSource.makeReadSource(fileDescriptor: listener, queue: loop.queue)
        source.setCancelHandler(handler: cancelled)
    }

    /// Starts watching the listener; `acceptReady` runs on the loop's queue when clients wait.
    func start(_ acceptReady: @escaping @Sendable (Acceptor) -> Void) {
        source.setEventHandler { [weak self] in
            if let self { acceptReady(self) }
        }
        source.resume()
    }

    /// Stops watching for `interval` (out of descriptors with the reserve in use): the loop backs
    /// off instead of spinning on a listener it cannot accept from. On the loop's queue.
    func pause(for interval: Duration) {
        guard !isPaused, !isStopped else { return }
        isPaused = true
        source.suspend()
        loop.queue.asyncAfter(deadline: .now() + interval.dispatchInterval) { [self] in
            guard isPaused else { return }
            isPaused = false
            source.resume()
        }
    }

    /// Stops accepting for good. On the loop's queue.
    func stop() {
        guard !isStopped else { return }
        isStopped = true
        source.cancel()
        if isPaused {
            isPaused = false
            source.resume()
        }
    }
}
