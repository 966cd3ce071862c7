import Foundation

/// A request body handed to the responder while it arrives, instead of whole in
/// `HTTPRequest.body`: for a body larger than the server keeps in memory, which a responder
/// that passes it on (to an upstream) takes as a stream (`HTTPResponder.takesStreamedBody`).
///
/// The connection appends the de-chunked bytes as it reads them; the consumer `read`s them from
/// any thread. At most about `window` bytes wait between them: past it the connection stops
/// reading from the client until the consumer has taken them, so a slow consumer slows the
/// client down instead of filling memory. A consumer that finds nothing to read is told
/// (`whenReadable`) once bytes, the end, or a failure arrive.
///
/// `@unchecked Sendable`: every mutable property is guarded by `lock`.
public final class RequestBodyStream: @unchecked Sendable {
    /// What one `read` found.
    public enum ReadResult: Sendable, Equatable {
        /// This many bytes were copied into the buffer.
        case bytes(Int)
        /// Nothing has arrived yet: `whenReadable`'s handler runs once something does.
        case later
        /// The whole body has been read.
        case end
        /// The body will never be complete: the client left, or sent broken framing.
        case failed
    }

    /// The `Content-Length` the client announced; nil for a chunked body.
    public let length: Int?
    /// The bytes that may wait for the consumer before the client is no longer read.
    public let window: Int
    private let lock = NSLock()
    private var pieces: [[UInt8]] = []
    /// The read position in `pieces[0]`.
    private var offset = 0
    private var buffered = 0
    private var ending: ReadResult?
    private var consumerWaiting = false
    private var readable: (@Sendable () -> Void)?
    private var producerWaiting = false
    private var drained: (@Sendable () -> Void)?
    private var abandoned = false

    init(length: Int?, window: Int = 256 << 10) {
        self.length = length
        self.window = window
    }

    // MARK: The consumer

    /// `handler` runs (on any thread) after a `read` said `.later`, once there is something to read.
    public func whenReadable(_ handler: @escaping @Sendable () -> Void) {
        lock.withLock { readable = handler }
    }

    /// Copies waiting bytes into `buffer`, or says why there are none.
    public func read(into buffer: UnsafeMutableRawBufferPointer) -> ReadResult {
        let (result, wake) = lock.withLock { () -> (ReadResult, (@Sendable () -> Void)?) in
            guard !pieces.isEmpty else {
                if let ending { return (ending, nil) }
                consumerWaiting = true
                return (.later, nil)
            }
            var copied = 0
            while copied < buffer.count, !pieces.isEmpty {
                let piece = pieces[0]
                let count = min(buffer.count - copied, piece.count - offset)
                piece.withUnsafeBytes { bytes in
                    UnsafeMutableRawBufferPointer(rebasing: buffer[copied..<(copied + count)])
                        .copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)]))
                }
                copied += count
                offset += count
                if offset == piece.count {
                    pieces.removeFirst()
                    offset = 0
                }
            }
            buffered -= copied
            return (.bytes(copied), takeDrained())
        }
        wake?()
        return result
    }

    /// The consumer wants no more bytes (its upstream failed or answered early): the rest of the
    /// body is dropped as it arrives.
    public func abandon() {
        let wake = lock.withLock { () -> (@Sendable () -> Void)? in
            abandoned = true
            pieces = []
            buffered = 0
            offset = 0
            return takeDrained()
        }
        wake?()
    }

    /// The producer's wake-up, when it waits for room and there is some now.
    private func takeDrained() -> (@Sendable () -> Void)? {
        guard producerWaiting, buffered < window else { return nil }
        producerWaiting = false
        return drained
    }

    // MARK: The connection

    /// `handler` runs (on any thread) when the consumer made room after `isFull` said true.
    func whenDrained(_ handler: @escaping @Sendable () -> Void) {
        lock.withLock { drained = handler }
    }

    /// Whether the window is full: the connection stops reading from the client until
    /// `whenDrained`'s handler runs.
    var isFull: Bool {
        lock.withLock {
            guard !abandoned, ending == nil, buffered >= window else { return false }
            producerWaiting = true
            return true
        }
    }

    /// Whether the whole body arrived (or the stream ended otherwise).
    var isEnded: Bool { lock.withLock { ending != nil } }

    /// Adds bytes read from the client.
    func append(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        let wake = lock.withLock { () -> (@Sendable () -> Void)? in
            guard !abandoned, ending == nil else { return nil }
            pieces.append(bytes)
            buffered += bytes.count
            return takeReadable()
        }
        wake?()
    }

    /// The whole body arrived.
    func finish() { end(.end) }

    /// The body will never be complete.
    func fail() { end(.failed) }

    private func end(_ how: ReadResult) {
        let wake = lock.withLock { () -> (@Sendable () -> Void)? in
            guard ending == nil else { return nil }
            ending = how
            return takeReadable()
        }
        wake?()
    }

    private func takeReadable() -> (@Sendable () -> Void)? {
        guard consumerWaiting else { return nil }
        consumerWaiting = false
        return readable
    }
}
