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
/// The entries are records (`JournalRecords`), copied in by `append`; a batch taken hands the
/// writer the block of records whole, and the writer hands the block back once it has written
/// it (`recycle`), to be the next waiting list's: two blocks serve every batch, never freed or
/// grown again under a steady load.
///
/// And, under the same lock, what the writer owes the waiting entries: a write of the full
/// batches (scheduled once, when a batch fills with none scheduled or running, then writing every
/// full batch back to back) and the one timer of the flush delay (armed once while entries
/// wait, re-armed for the oldest entry's remaining wait when it fires early). A timer
/// a batch, as before, fired a write of whatever partial batch waited 100 ms later, which armed the
/// next: ~300 timers and small transactions a second at 60k requests a second, where full batches
/// of 512 are ~120.
struct JournalPending {
    /// The waiting entries, oldest first.
    private(set) var records = JournalRecords()
    /// A block of records the writer handed back, for the next batch taken to leave in its place.
    private var spare: JournalRecords?
    /// Bytes of the waiting entries' request and answer bodies.
    var bodyBytes: Int { records.bodyBytes }
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
    /// The most entries that wait, whatever their bodies: when entries waited as objects, each
    /// held ~1.5 KB besides them (its box, target, header lists), so 12,500 small answers of the
    /// user route (the capacity's bound) held 19 MB while a writer starved under 256
    /// connections. Four batches of 512.
    static let mostWaiting = 2_048

    init(capacity: Int, bodyBytesLimit: Int) {
        self.capacity = max(1, capacity)
        self.bodyBytesLimit = max(1, bodyBytesLimit)
    }

    /// Copies `entry`, whose bodies hold `bytes`, in as the newest waiting record, then drops the
    /// oldest waiting past the bounds.
    mutating func append(_ entry: borrowing JournalEntry, bodyBytes bytes: Int) {
        recordsForAppend().append(entry, bodyBytes: bytes)
        dropPastTheBounds()
    }

    /// The waiting records, for the caller to append one to, then call `dropPastTheBounds`:
    /// apart, so that the request path copies its fields in without a closure (each closure
    /// took its own reference to every field, ~25 retains and releases a request).
    mutating func recordsForAppend() -> JournalRecords {
        if records.isEmpty { oldestSince = DispatchTime.now().uptimeNanoseconds }
        return records
    }

    /// Drops the oldest waiting past the bounds, once a record was appended.
    mutating func dropPastTheBounds() {
        if records.count >= capacity + max(1, capacity / 4) { dropOldest(records.count - capacity) }
        if records.bodyBytes > bodyBytesLimit, records.count > 1 {
            var dropping = 0
            var bytesLeft = records.bodyBytes
            var offset = 0
            while dropping < records.count - 1, bytesLeft > bodyBytesLimit / 4 * 3 {
                bytesLeft -= records.recordBodyBytes(at: offset)
                offset += records.recordLength(at: offset)
                dropping += 1
            }
            droppedForRoom += dropping
            dropOldest(dropping)
        }
        if records.count > Self.mostWaiting {
            let dropping = records.count - Self.mostWaiting / 4 * 3
            droppedForRoom += dropping
            dropOldest(dropping)
        }
    }

    /// Every waiting record, oldest first, and how many were dropped before them since the last
    /// take (the ids the write skips); none wait after, in the spare block when there is one.
    mutating func takeAll() -> (records: JournalRecords, skipping: Int) {
        let taken = records
        records = spare ?? JournalRecords()
        spare = nil
        defer { droppedSinceTaken = 0 }
        return (taken, droppedSinceTaken)
    }

    /// Whether a write of the full batches must be scheduled now: a batch is full (`most` entries
    /// or `bytes` of bodies wait) and no such write is scheduled or running. Notes it as due and
    /// when the batch filled, until `takeFullBatch` finds none full.
    mutating func schedulesBatchWrite(most: Int, bytes: Int) -> Bool {
        guard !batchWriteDue, records.count >= most || records.bodyBytes >= bytes else { return false }
        batchWriteDue = true
        lastFilledAt = DispatchTime.now().uptimeNanoseconds
        return true
    }

    /// The oldest full batch (as `takeBatch` takes it); or none, and no write of full batches due
    /// any more, when fewer than `most` entries and `bytes` of bodies wait: those wait for more
    /// records or the delay's timer. Entries left after it were recorded after the batch filled.
    mutating func takeFullBatch(most: Int, bytes: Int) -> (records: JournalRecords?, skipping: Int, left: Int) {
        guard records.count >= most || records.bodyBytes >= bytes else {
            batchWriteDue = false
            return (nil, 0, records.count)
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
    /// that): the oldest entry's remaining wait. The timer is no longer armed once it finds them
    /// due or nothing waiting.
    mutating func timerFired(now: UInt64, delay: UInt64) -> (due: Bool, remaining: UInt64) {
        let waited = now &- oldestSince
        guard !records.isEmpty, waited < delay, delay - waited > 1_000_000 else {
            timerArmed = false
            return (!records.isEmpty, 0)
        }
        return (false, delay - waited)
    }

    /// The oldest waiting records, as many as make a batch of at most `most` entries and `bytes`
    /// of bodies (one entry at least, however large), with what `takeAll` gives besides, and how
    /// many entries are left waiting, all recorded after `leftRecordedAfter` (which the oldest
    /// one's wait then counts from, when later than its own count's start); nil when none wait.
    /// A writer behind its load so holds one batch besides the waiting entries, not every entry
    /// that waited (taken whole, a second list as large as the waiting bound). The whole block is
    /// taken and the few left copied back, into the spare block.
    mutating func takeBatch(most: Int, bytes: Int, leftRecordedAfter: UInt64 = 0)
        -> (records: JournalRecords?, skipping: Int, left: Int) {
        guard !records.isEmpty else { return (nil, 0, 0) }
        var count = 0
        if records.bodyBytes <= bytes {
            count = min(most, records.count)
        } else {
            var taken = 0
            var offset = 0
            while count < records.count, count < most {
                let next = records.recordBodyBytes(at: offset)
                guard count == 0 || taken + next <= bytes else { break }
                taken += next
                offset += records.recordLength(at: offset)
                count += 1
            }
        }
        let all = takeAll()
        all.records.moveRecords(after: count, to: records)
        if !records.isEmpty { oldestSince = max(oldestSince, leftRecordedAfter) }
        return (all.records, all.skipping, records.count)
    }

    /// Takes back a block of records the writer has read, emptied, as the spare block unless
    /// there is one or it grew past its first reservation.
    mutating func recycle(_ block: JournalRecords) {
        block.removeAll()
        guard spare == nil, block.capacity <= JournalRecords.reservedBytes else { return }
        spare = block
    }

    /// Forgets every waiting entry, and the count of those dropped, without taking an id for
    /// them; returns how many waited.
    mutating func clear() -> Int {
        defer {
            records = JournalRecords()
            droppedForRoom = 0
            droppedSinceTaken = 0
        }
        return records.count
    }

    /// The bytes of `entry`'s bodies, as `append` counts them.
    static func bodyBytes(of entry: borrowing JournalEntry) -> Int {
        entry.body.count + entry.responseBody.count
    }

    private mutating func dropOldest(_ count: Int) {
        guard count > 0 else { return }
        records.removeFirst(count)
        droppedSinceTaken += count
    }
}
