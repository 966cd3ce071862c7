/// The entries the journal's writer has not written yet, bounded so that a writer that falls
/// behind cannot grow the server's memory without limit. The oldest waiting are dropped unwritten
/// once more than `capacity` wait (a write would drop them past the journal's capacity anyway,
/// so nothing a read could see is lost), or once their bodies pass `bodyBytesLimit`, or once more
/// than `mostWaiting` wait: those the journal would have kept, so they are counted in
/// `droppedForRoom`. Dropped in runs (down to `capacity`, or to three quarters of the bound
/// passed), so that a journal behind its load does not move every waiting entry for each new
/// one. A dropped entry keeps its id: the next write numbers its entries after it, so ids still
/// count every recorded request.
struct JournalPending {
    private(set) var entries: [JournalEntry] = []
    /// Bytes of the waiting entries' request and answer bodies.
    private(set) var bodyBytes = 0
    var flushScheduled = false
    /// Entries dropped for `bodyBytesLimit` since the start or the last clear.
    private(set) var droppedForRoom = 0
    /// Entries dropped since the last `takeAll`, whose ids the next write skips.
    private(set) var droppedSinceTaken = 0
    let capacity: Int
    let bodyBytesLimit: Int
    /// The most entries that wait, whatever their bodies: an entry holds ~1.5 KB besides them
    /// (its box, target, header lists), so 12,500 small answers of the user route (the capacity's
    /// bound) held 19 MB while a writer starved under 256 connections. Four batches of 512.
    static let mostWaiting = 2_048

    init(capacity: Int, bodyBytesLimit: Int) {
        self.capacity = max(1, capacity)
        self.bodyBytesLimit = max(1, bodyBytesLimit)
    }

    /// Queues `entry`, whose bodies hold `bytes`, then drops the oldest waiting past the bounds.
    mutating func append(_ entry: consuming JournalEntry, bodyBytes bytes: Int) {
        var moving = Optional(entry)
        entries.append(moving.take()!)
        bodyBytes += bytes
        if entries.count >= capacity + max(1, capacity / 4) { dropOldest(entries.count - capacity) }
        if bodyBytes > bodyBytesLimit, entries.count > 1 {
            var dropping = 0
            var bytesLeft = bodyBytes
            while dropping < entries.count - 1, bytesLeft > bodyBytesLimit / 4 * 3 {
                bytesLeft -= Self.bodyBytes(of: entries[dropping])
                dropping += 1
            }
            droppedForRoom += dropping
            dropOldest(dropping)
        }
        if entries.count > Self.mostWaiting {
            let dropping = entries.count - Self.mostWaiting / 4 * 3
            droppedForRoom += dropping
            dropOldest(dropping)
        }
    }

    /// Every waiting entry, oldest first, and how many were dropped before them since the last
    /// take (the ids the write skips); none wait after.
    mutating func takeAll() -> (entries: [JournalEntry], skipping: Int) {
        defer {
            entries = []
            bodyBytes = 0
            flushScheduled = false
            droppedSinceTaken = 0
        }
        return (entries, droppedSinceTaken)
    }

    /// Forgets every waiting entry, and the count of those dropped, without taking an id for
    /// them; returns how many waited.
    mutating func clear() -> Int {
        defer {
            entries = []
            bodyBytes = 0
            droppedForRoom = 0
            droppedSinceTaken = 0
        }
        return entries.count
    }

    /// The bytes of `entry`'s bodies, as `append` counts them.
    static func bodyBytes(of entry: JournalEntry) -> Int {
        entry.body.count + entry.responseBody.count
    }

    private mutating func dropOldest(_ count: Int) {
        guard count > 0 else { return }
        bodyBytes -= entries[..<count].reduce(0) { $0 + Self.bodyBytes(of: $1) }
        entries.removeFirst(count)
        droppedSinceTaken += count
    }
}
