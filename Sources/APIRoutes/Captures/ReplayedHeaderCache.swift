import Store
import Synchronization
import Wire

/// The headers replay sends for each capture, parsed once: a stored capture never changes and
/// its id is never reused (until a reset restores the seeded database: `removeAll`), so a hot capture is not re-parsed on every request. Holds at most
/// `capacity` captures and starts over when full.
final class ReplayedHeaderCache: Sendable {
    let capacity: Int
    private let entries = Mutex<[Int64: HTTPHeaders]>([:])

    init(capacity: Int = 4096) {
        self.capacity = capacity
    }

    /// The replayed headers of `capture`, from the cache or parsed now.
    func headers(of capture: StoredCapture) -> HTTPHeaders {
        if let cached = entries.withLock({ $0[capture.id] }) { return cached }
        let headers = ReplayedHeaders.replayed(capture.headers)
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[capture.id] = headers
        }
        return headers
    }

    /// Forgets every entry: after a database restore, a capture id may name another capture.
    func removeAll() {
        entries.withLock { $0.removeAll() }
    }
}
