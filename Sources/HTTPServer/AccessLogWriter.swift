#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Synchronization

/// Writes the event loops' full access-log buffers to standard output on a serial queue of its
/// own, in the order they were handed over, and hands the emptied buffers back for reuse.
///
/// The `write(2)` of a 16 KB buffer to a file cost the loop ~14 µs, 1.2 % of its time under load
/// (the copy into the page cache is the kernel's, whatever the buffer's size); on this queue it
/// runs on another core, as Envoy's access-log flush thread does. At most `mostWaiting` buffers
/// wait: a loop that logs faster than standard output takes its lines waits for one to be
/// written, as it waited for its own `write(2)` before, so a slow terminal slows the server
/// rather than growing its memory. As many written buffers are kept for reuse, no more.
final class AccessLogWriter: Sendable {
    /// The one writer of standard output, shared by every loop of every server in the process.
    static let standardOutput = AccessLogWriter(descriptor: STDOUT_FILENO)

    /// Buffers handed over and not yet written, at most.
    static let mostWaiting = 2

    private let descriptor: Int32
    private let queue = DispatchQueue(label: "http.access-log")
    /// One slot for each buffer that may wait.
    private let slots = DispatchSemaphore(value: AccessLogWriter.mostWaiting)
    /// Written buffers, kept for the loops' next lines (their room already made).
    private let spare = Mutex<[[UInt8]]>([])

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// A written buffer to fill next, or an empty one.
    func takeSpare() -> [UInt8] {
        spare.withLock { $0.popLast() } ?? []
    }

    /// Queues `buffer[..<count]` for writing; waits only when `mostWaiting` buffers already wait.
    func enqueue(_ buffer: consuming [UInt8], count: Int) {
        slots.wait()
        let handed = buffer
        queue.async { [self] in
            writeAll(handed, count: count)
            slots.signal()
            spare.withLock { if $0.count < Self.mostWaiting { $0.append(handed) } }
        }
    }

    /// Returns once every buffer handed over before the call is written.
    func waitUntilWritten() {
        queue.sync {}
    }

    /// `write(2)` until every byte is out, or the descriptor refuses more (lines are dropped then,
    /// as they were when the loop wrote them: a log that cannot be written must not stop the server).
    private func writeAll(_ buffer: [UInt8], count: Int) {
        buffer.withUnsafeBytes { bytes in
            var offset = 0
            while offset < count {
                let written = write(descriptor, bytes.baseAddress! + offset, count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    break
                }
            }
        }
    }
}
