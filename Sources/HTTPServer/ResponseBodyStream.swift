import Foundation

/// A response body that comes after the head, piece by piece (an upstream's answer passed on as
/// it arrives), instead of whole in `HTTPResponse.body`. The producer `write`s pieces from any
/// thread, then `finish`es — or `fail`s, and the client's connection is closed after the bytes
/// already sent, so the client sees a truncated body, never a wrong one. At most about `window`
/// bytes wait between producer and client: a full window refuses the piece (`write` returns
/// false), and the producer pauses until its `whenDrained` handler runs. The connection takes
/// pieces only as fast as its client reads, so a slow client holds the window, not the body.
///
/// `@unchecked Sendable`: every mutable property is guarded by `lock`.
public final class ResponseBodyStream: @unchecked Sendable {
    /// How the body ended.
    enum Ending: Sendable { case finished, failed }

    /// The body's length when known in advance (sent as `Content-Length`); nil sends it chunked.
    public let length: Int?
    /// The bytes that may wait for the client.
    public let window: Int
    private let whenDrained: @Sendable () -> Void
    private let lock = NSLock()
    private var pieces: [[UInt8]] = []
    private var buffered = 0
    /// Bytes the connection has taken.
    private var delivered = 0
    private var ending: Ending?
    private var refusedPiece = false
    private var abandoned = false
    private var wakePending = false
    private var wake: (@Sendable () -> Void)?

    /// - Parameter whenDrained: runs (on any thread) once the client took the waiting bytes after
    ///   a `write` was refused, or the client left: the producer may write again.
    public init(length: Int?, window: Int = 256 << 10, whenDrained: @escaping @Sendable () -> Void) {
        self.length = length
        self.window = window
        self.whenDrained = whenDrained
    }

    /// Adds `bytes`, or refuses them (false) while the window is full.
    public func write(_ bytes: [UInt8]) -> Bool {
        guard !bytes.isEmpty else { return true }
        let (taken, wake): (Bool, (@Sendable () -> Void)?) = lock.withLock {
            guard buffered < window else {
                refusedPiece = true
                return (false, nil)
            }
            pieces.append(bytes)
            buffered += bytes.count
            return (true, takeWake())
        }
        wake?()
        return taken
    }

    /// The body is complete.
    public func finish() { end(.finished) }

    /// The body cannot be completed: the client's connection is closed.
    public func fail() { end(.failed) }

    /// Whether the client is gone: the producer should stop.
    public var isAbandoned: Bool { lock.withLock { abandoned } }

    private func end(_ how: Ending) {
        let wake = lock.withLock { () -> (@Sendable () -> Void)? in
            guard ending == nil else { return nil }
            ending = how
            return takeWake()
        }
        wake?()
    }

    /// The wake-up to call when none is pending since the connection last took pieces.
    private func takeWake() -> (@Sendable () -> Void)? {
        guard !wakePending, let wake else { return nil }
        wakePending = true
        return wake
    }

    /// The connection: `wake` runs, on any thread, when pieces or the end arrive.
    func attach(_ wake: @escaping @Sendable () -> Void) {
        let pending = lock.withLock { () -> Bool in
            self.wake = wake
            return !pieces.isEmpty || ending != nil
        }
        if pending { wake() }
    }

    /// The connection takes every waiting piece, and the ending once nothing is left. The last
    /// byte of a body of known length is held back until the producer finishes: the client has
    /// the whole answer only once the producer is done with it (a recording stored, say).
    func take() -> (pieces: [[UInt8]], ending: Ending?) {
        let (taken, ending, drained) = lock.withLock { () -> ([[UInt8]], Ending?, Bool) in
            var taken = pieces
            var held: [[UInt8]] = []
            if self.ending == nil, let length, delivered + buffered >= length, var last = taken.popLast() {
                held = [[last.removeLast()]]
                if !last.isEmpty { taken.append(last) }
            }
            delivered += buffered - held.count
            pieces = held
            buffered = held.count
            defer {
                refusedPiece = false
                wakePending = false
            }
            return (taken, held.isEmpty ? self.ending : nil, refusedPiece)
        }
        if drained { whenDrained() }
        return (taken, ending)
    }

    /// The connection closed or finished with the stream: no more wake-ups, and a paused producer
    /// is told to go on (and find the stream abandoned).
    func detach(abandoning: Bool) {
        let paused = lock.withLock { () -> Bool in
            wake = nil
            if abandoning { abandoned = true }
            defer { refusedPiece = false }
            return refusedPiece
        }
        if paused || abandoning { whenDrained() }
    }
}
