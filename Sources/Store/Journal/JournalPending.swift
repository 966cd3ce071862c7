import Dispatch

/// The entries the journal's writer has not written yet, bounded so that a writer that falls
/// behind cannot grow the server's memory without limit. The oldest waiting are dropped unwritten
/// once more than `capacity` wait (a write would drop them past the journal's capacity anyway,
/// so nothing a read could see is lost), or once their bodies pass `bodyBytesLimit`, or once more
/// than `mostWaiting` wait: those the journal would have kept, so they are counted in
/// `droppedForRoom`. Dropped in runs (down to `capacity`, or to three quarters of the bound
/// passed), so that a journal behind its load does not move every waiting entry for each new
/// one. A dropped entry keeps its id: the next write numbers its entries after it, so ids still
/// count every recorded request.
///
/// It also holds the batches written (`spent`), handed back so that the event loops free their
/// entries, one a recorded entry, rather than the writer: glibc keeps a freed block in the freeing
/// thread's cache, so entries freed on the writer left the loop's next allocations the allocator's
/// slower path, and its frees the writer's locked one into the loop's arena. The entries a batch's
/// records did not free (those recorded while a batch was written find fewer spent entries than
/// they could free) stay for the next records, with the next batch written: taken and freed by
/// the writer, they made the writer wait for the loop's arena, and the loop for the writer, ~2,000
/// times a second under load. Only when the records stop does the writer free what is left.
///
/// And, under the same lock, what the writer owes the waiting entries: a write of the full
/// batches (scheduled once, when a batch fills with none scheduled or running, then writing every
/// full batch back to back) and the one timer of the flush delay (armed once while entries or a
/// spent batch wait, re-armed for the oldest entry's remaining wait when it fires early). A timer
/// a batch, as before, fired a write of whatever partial batch waited 100 ms later, which armed the
/// next: ~300 timers and small transactions a second at 60k requests a second, where full batches
/// of 512 are ~120.
struct JournalPending {
    private(set) var entries: [JournalEntry] = []
    /// The entries of the batches written that no record has freed yet, which `takeSpent` hands
    /// out one at a time; `timerFired` hands the writer those left once the records stop.
    private(set) var spent: [JournalEntry] = []
    /// Whether a record took a spent entry since the delay's timer last fired: the records are
    /// still freeing the spent list, so the timer leaves it to them.
    private(set) var spentTakenSinceTimer = false
    /// Bytes of the waiting entries' request and answer bodies.
    private(set) var bodyBytes = 0
    /// Whether a write of the full batches is scheduled or running (`schedulesBatchWrite`).
    private(set) var batchWriteDue = false
    /// Whether the flush delay's timer is armed: one at most at any time (`armsTimer`).
    private(set) var timerArmed = false
    /// When the oldest waiting entry was recorded, or a time before it (`DispatchTime`'s
    /// nanoseconds); read when an entry is recorded with none waiting.
    private(set) var oldestSince: UInt64 = 0
    /// When a batch last filled with no write of full batches due: the entries left once that
    /// write took its batch were all recorded after it.
    private(set) var lastFilledAt: UInt64 = 0
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
        if entries.isEmpty { oldestSince = DispatchTime.now().uptimeNanoseconds }
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

    /// Every waiting entry, oldest first, how many were dropped before them since the last take
    /// (the ids the write skips) and the bytes of their bodies; none wait after. The spent list's
    /// buffer, once the records freed all of it, is the next waiting list's, which then does not
    /// regrow from nothing on the loop; spent entries left stay for the records.
    mutating func takeAll() -> (entries: [JournalEntry], skipping: Int, bodyBytes: Int) {
        var taken: [JournalEntry] = []
        swap(&taken, &entries)
        if spent.isEmpty { swap(&entries, &spent) }
        defer {
            bodyBytes = 0
            droppedSinceTaken = 0
        }
        return (taken, droppedSinceTaken, bodyBytes)
    }

    /// Whether a write of the full batches must be scheduled now: a batch is full (`most` entries
    /// or `bytes` of bodies wait) and no such write is scheduled or running. Notes it as due and
    /// when the batch filled, until `takeFullBatch` finds none full.
    mutating func schedulesBatchWrite(most: Int, bytes: Int) -> Bool {
        guard !batchWriteDue, entries.count >= most || bodyBytes >= bytes else { return false }
        batchWriteDue = true
        lastFilledAt = DispatchTime.now().uptimeNanoseconds
        return true
    }

    /// The oldest full batch (as `takeBatch` takes it); or none, and no write of full batches due
    /// any more, when fewer than `most` entries and `bytes` of bodies wait: those wait for more
    /// records or the delay's timer. Entries left after it were recorded after the batch filled.
    mutating func takeFullBatch(most: Int, bytes: Int) -> (entries: [JournalEntry], skipping: Int, bodyBytes: Int, left: Int) {
        guard entries.count >= most || bodyBytes >= bytes else {
            batchWriteDue = false
            return ([], 0, 0, entries.count)
        }
        return takeBatch(most: most, bytes: bytes, leftRecordedAfter: lastFilledAt)
    }

    /// No write of full batches is due any more (the one running failed): the next full batch
    /// schedules one.
    mutating func endBatchWrite() {
        batchWriteDue = false
    }

    /// Whether the delay's timer must be armed now (none is: one at most); notes it armed.
    mutating func armsTimer() -> Bool {
        guard !timerArmed else { return false }
        timerArmed = true
        return true
    }

    /// The delay's timer fired at `now`: whether the waiting entries are due a write (the oldest
    /// waited `delay`, or all but the last millisecond of it: a timer re-armed for less costs more
    /// than it saves), or how much longer the timer must wait (it stays armed, to be re-armed for
    /// that): the oldest entry's remaining wait, or a whole `delay` while the records are still
    /// freeing the spent list (a record took from it since the last firing), which the timer then
    /// leaves to them. Otherwise the spent entries left are handed out (`unfreed`) for the caller
    /// to free. The timer is no longer armed once nothing waits and nothing spent is left.
    mutating func timerFired(now: UInt64, delay: UInt64)
        -> (due: Bool, remaining: UInt64, unfreed: [JournalEntry]) {
        var unfreed: [JournalEntry] = []
        if !spentTakenSinceTimer { swap(&unfreed, &spent) }
        spentTakenSinceTimer = false
        let waited = now &- oldestSince
        guard !entries.isEmpty, waited < delay, delay - waited > 1_000_000 else {
            guard spent.isEmpty else { return (!entries.isEmpty, delay, unfreed) }
            timerArmed = false
            return (!entries.isEmpty, 0, unfreed)
        }
        return (false, delay - waited, unfreed)
    }

    /// The oldest waiting entries, as many as make a batch of at most `most` entries and `bytes`
    /// of bodies (one entry at least, however large), with what `takeAll` gives besides, and how
    /// many entries are left waiting, all recorded after `leftRecordedAfter` (which the oldest
    /// one's wait then counts from, when later than its own count's start). A writer behind its
    /// load so holds one batch besides the waiting entries, not every entry that waited (taken
    /// whole, a second list as large as the waiting bound: 7.7 MB of Maka answers at the Maka
    /// runs' peak). The whole list is taken and the few left copied back, into the spent batch's
    /// buffer when its entries were all freed: not the batch copied out and the rest moved down
    /// (512 entries retained and released under the lock the records wait for).
    mutating func takeBatch(most: Int, bytes: Int, leftRecordedAfter: UInt64 = 0)
        -> (entries: [JournalEntry], skipping: Int, bodyBytes: Int, left: Int) {
        var count = 0
        var taken = 0
        if bodyBytes <= bytes {
            count = min(most, entries.count)
            taken = bodyBytes - entries[count...].reduce(0) { $0 + Self.bodyBytes(of: $1) }
        } else {
            while count < entries.count, count < most {
                let next = Self.bodyBytes(of: entries[count])
                guard count == 0 || taken + next <= bytes else { break }
                taken += next
                count += 1
            }
        }
        guard count < entries.count else {
            let all = takeAll()
            return (all.entries, all.skipping, all.bodyBytes, 0)
        }
        var batch: [JournalEntry] = []
        swap(&batch, &entries)
        if spent.isEmpty { swap(&entries, &spent) }
        entries.append(contentsOf: batch[count...])
        batch.removeLast(batch.count - count)
        bodyBytes -= taken
        oldestSince = max(oldestSince, leftRecordedAfter)
        defer { droppedSinceTaken = 0 }
        return (batch, droppedSinceTaken, taken, entries.count)
    }

    /// Keeps `written`, a batch just written, for `takeSpent`: swapped in, so that the list stays
    /// its buffer's only holder and `takeSpent` copies nothing, with the spent entries no record
    /// freed yet moved in after it (the writer reserves room for them). When more are left than
    /// the batch holds (the writer wrote batches back to back, faster than records came), those
    /// are handed out (`unfreed`) for the caller to free instead, so the list holds at most two
    /// batches. Also whether the delay's timer must be armed so that they are freed if no request
    /// comes (it is not, nor are entries waiting).
    mutating func handBack(_ written: inout [JournalEntry]) -> (armsTimer: Bool, unfreed: [JournalEntry]) {
        var unfreed: [JournalEntry] = []
        if spent.count > written.count {
            swap(&unfreed, &spent)
        } else {
            while let entry = spent.popLast() { written.append(entry) }
        }
        swap(&spent, &written)
        return (armsTimer(), unfreed)
    }

    /// One spent entry, for the caller to free once out of the lock.
    mutating func takeSpent() -> JournalEntry? {
        guard let entry = spent.popLast() else { return nil }
        spentTakenSinceTimer = true
        return entry
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
