import CaptureFormats
import Dispatch
import Foundation
import Synchronization
import Wire

/// The request journal: `record` only appends to a pending list (cheap on the request path);
/// a background serial queue writes a batch in one transaction at once when it is full
/// (`batchSize` entries or `batchBytes` of bodies wait), full batches back to back, and what is
/// left once the oldest waiting entry has waited `flushDelay` (one timer, armed while entries
/// wait). One transaction per batch rather than per request is what keeps the journal cheap:
/// written one by one, an entry cost more instructions than answering the request; and one wakeup
/// of the writer per full batch, not a timer per batch, is what keeps its threads off the event
/// loop's core under load. A batch is committed without an fsync
/// (`Database.writeUnsynced`): a journal lost to a power cut costs nothing, while an fsync
/// behind a busy disk held every answer of the batches queued behind it in memory. Every read flushes first, so an entry recorded
/// before a read is always seen by it.
///
/// Thread-safe: pending entries sit in a `Mutex`; all database work runs on `queue`, which
/// orders background flushes, reads and clears.
public final class Journal: Sendable {
    /// The most entries kept; older ones are dropped.
    public let capacity: Int
    /// How much of each request and response body is kept.
    public let bodyCap: Int

    private let database: Database
    /// How the writer masks each entry's target, header lists and answer body, and cuts the answer.
    private let masking: JournalMasking
    private let flushDelay: DispatchTimeInterval
    /// `flushDelay` in nanoseconds, as `JournalPending.timerFired` counts waits.
    private let flushDelayNanoseconds: UInt64
    private let batchSize: Int
    private let queue = DispatchQueue(label: "store.journal")
    private let batchBytes: Int
    private let pending: Mutex<JournalPending>
    /// The last id given, so a clear does not make ids start again; touched only on `queue`.
    private let lastID = Mutex<Int64>(0)
    /// The parts written last, so repeated ones are referred to, not stored again; touched only on `queue`.
    private let parts = Mutex(JournalParts())
    /// Batches committed since the start (`batchesWritten`).
    private let committedBatches = Atomic<Int>(0)

    /// - Parameters:
    ///   - database: opened with `JournalRepository.migrations`.
    ///   - capacity: entries kept (`--journal-size`); at least 1.
    ///   - bodyCap: bytes of each body kept.
    ///   - masking: what the writer masks in each entry's target, header lists and answer body
    ///     before it is stored (the caller masks the request body).
    ///   - flushDelay: how long entries may wait before a background write.
    ///   - batchSize: pending entries that start a write at once, whatever the delay (bounds
    ///     the memory pending entries hold under load).
    ///   - batchBytes: pending body bytes that start a write at once: 512 entries of a 20 KB
    ///     list page held 10 MB until their write (peak RSS at 256 connections: 60 MB with the
    ///     journal, 46 MB without).
    ///   - pendingBytes: pending body bytes past which the oldest pending entries are dropped
    ///     unwritten (`JournalPending`), when the writer falls that far behind: four batches.
    ///     At 16 MB, a writer starved under 256 connections held 17 MB of Maka pages, the peak
    ///     RSS under load rose by as much, and the allocator kept most of it once they were freed.
    public init(database: Database, capacity: Int = 10_000, bodyCap: Int = 64 * 1024,
                masking: SecretMasking = .standard, flushDelay: DispatchTimeInterval = .milliseconds(100), batchSize: Int = 512,
                batchBytes: Int = 1 << 20, pendingBytes: Int = 4 << 20) {
        self.database = database
        self.capacity = max(1, capacity)
        self.bodyCap = max(0, bodyCap)
        pending = Mutex(JournalPending(capacity: self.capacity, bodyBytesLimit: pendingBytes))
        self.masking = JournalMasking(masking: masking, bodyCap: self.bodyCap)
        if let fixed = Self.fixedBatchSize {
            self.flushDelay = .seconds(24 * 3600)
            self.batchSize = fixed
            self.batchBytes = .max
        } else {
            self.flushDelay = flushDelay
            self.batchSize = max(1, batchSize)
            self.batchBytes = max(1, batchBytes)
        }
        flushDelayNanoseconds = Self.nanoseconds(of: self.flushDelay)
    }

    /// `interval` in nanoseconds (`.never` as the largest).
    private static func nanoseconds(of interval: DispatchTimeInterval) -> UInt64 {
        switch interval {
        case .seconds(let count): UInt64(max(0, count)) * 1_000_000_000
        case .milliseconds(let count): UInt64(max(0, count)) * 1_000_000
        case .microseconds(let count): UInt64(max(0, count)) * 1_000
        case .nanoseconds(let count): UInt64(max(0, count))
        default: .max
        }
    }

    /// The bytes of a block of records kept in memory once written (`JournalPending.recycle`):
    /// what a batch of the user route's entries takes several times over.
    private static let recycledBytes = 1 << 20

    /// `MOCK_JOURNAL_FIXED_BATCH=N`, for benchmarks only (`bench/callgrind_user.sh`): every write
    /// takes exactly N entries, none is written by the delay, so the journal's cost per request
    /// does not move with how fast the machine lets requests come. Entries short of a batch wait
    /// for a read, a clear or the server's stop.
    private static let fixedBatchSize: Int? = ProcessInfo.processInfo.environment["MOCK_JOURNAL_FIXED_BATCH"]
        .flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }

    /// Queues `entry` for writing (its request body masked by the caller and cut here to
    /// `bodyCap`; its target, header lists and answer body as sent, which the writer masks, and
    /// cuts the answer); returns at once. The entry is copied into the pending records
    /// (`JournalRecords`), so that nothing waits for the writer but bytes. It wakes the writer only
    /// when its entry fills a batch and no write of full batches is due, and arms the delay's timer
    /// only when none is.
    public func record(_ entry: consuming JournalEntry) {
        if entry.body.count > bodyCap { entry.body = Array(entry.body.prefix(bodyCap)) }
        let bodyBytes = JournalPending.bodyBytes(of: entry)
        let (writesBatches, armsTimer) = pending.withLock { state in
            state.append(entry, bodyBytes: bodyBytes)
            return (state.schedulesBatchWrite(most: batchSize, bytes: batchBytes), state.armsTimer())
        }
        wake(writesBatches: writesBatches, armsTimer: armsTimer)
    }

    /// `record` for a request the server answered, as the request path knows it, with no entry
    /// made (`JournalEntry`'s initializer of the same arguments says what each is): its fields are
    /// copied into the pending records straight from the request and its answer, so that those
    /// die when the request is answered, on the event loop, as without a journal. Held by the
    /// waiting entries until the writer was done with them, a batch or two later, they were freed
    /// out of every cache, and the loop's allocations walked ~1.5 MB of blocks instead of reusing
    /// the few just freed (`callgrind --cache-sim`: ~60 first-level misses a request more than
    /// without a journal; `perf`, user route in the machine's slow phase: ~600 ns a request in
    /// `swift_release`, array destruction and `free`).
    package func recordAnswered(
        startedAtMonotonic start: UInt64, client: String, method: String, target: String, path: String,
        requestFields: HTTPHeaders, body: [UInt8], status: Int?, durationMilliseconds: Double,
        answeredBy: String?, answeredByIsAnswers: Bool, delayMilliseconds: Int?, delaySource: String?,
        fault: String?, faultSource: String?, answerFields: HTTPHeaders, responseBody: [UInt8]
    ) {
        let kept = body.count > bodyCap ? Array(body.prefix(bodyCap)) : body
        let bodyBytes = kept.count + responseBody.count
        let head = JournalRecords.Head(start: .monotonic(nanoseconds: start), bodySize: body.count, status: status,
                                       durationMilliseconds: durationMilliseconds, answeredByIsAnswers: answeredByIsAnswers)
        let marks = JournalEntry.Marks.of(delayMilliseconds, delaySource, fault, faultSource, nil)
        let (writesBatches, armsTimer) = pending.withLock { state in
            state.recordsForAppend().append(
                head, client: client, method: method, target: target, path: path, answeredBy: answeredBy,
                requestFields: requestFields, body: kept, answerFields: answerFields, responseBody: responseBody,
                marks: marks, bodyBytes: bodyBytes)
            state.dropPastTheBounds()
            return (state.schedulesBatchWrite(most: batchSize, bytes: batchBytes), state.armsTimer())
        }
        wake(writesBatches: writesBatches, armsTimer: armsTimer)
    }

    /// Schedules the write of the full batches and arms the delay's timer, as a record's turn
    /// under the lock said.
    private func wake(writesBatches: Bool, armsTimer: Bool) {
        if writesBatches { writeSoon() }
        if armsTimer { armTheTimer(in: flushDelay) }
    }

    /// Schedules the write of the full batches as soon as the queue is free. Not a closure of
    /// `writePending`'s, for the reason `armTheTimer` gives.
    private func writeSoon() {
        queue.async { [self] in writePendingInBackground() }
    }

    /// Arms the delay's timer to fire `wait` from now (`JournalPending.armsTimer` said none is).
    /// Not a closure of `writePending`'s: `bench/callgrind_user.sh` toggles its count at every
    /// function named `Journal.writePending…`, and a write run from such a closure (the compiler
    /// merges the identical closures) went uncounted.
    private func armTheTimer(in wait: DispatchTimeInterval) {
        queue.asyncAfter(deadline: .now() + wait) { [self] in writeWhenDue() }
    }

    /// Runs on `queue`: a background write of the full batches, whose failure can only be logged.
    private func writePendingInBackground() {
        do {
            try writePending()
        } catch {
            logFailedWrite(error)
        }
    }

    /// Runs on `queue` when the delay's timer fires: writes every waiting entry once the oldest
    /// has waited `flushDelay`, or re-arms the timer for what is left of its wait. Once nothing
    /// waits, the timer stays unarmed until the next record.
    private func writeWhenDue() {
        let (due, remaining) = pending.withLock {
            $0.timerFired(now: DispatchTime.now().uptimeNanoseconds, delay: flushDelayNanoseconds)
        }
        if remaining > 0 { armTheTimer(in: .nanoseconds(Int(clamping: remaining))) }
        guard due else { return }
        do {
            try writeEverything()
        } catch {
            logFailedWrite(error)
        }
    }

    /// Logs a background write's failure: no caller to hand it to.
    private func logFailedWrite(_ error: any Error) {
        FileHandle.standardError.write(Data("journal: could not write entries: \(error)\n".utf8))
    }

    /// Writes every entry recorded so far; when it returns they are in the database.
    public func flush() throws {
        try queue.sync { try writeEverything() }
    }

    /// The entries `filter` selects, newest first, after a flush.
    public func entries(matching filter: JournalFilter) throws -> [JournalEntry] {
        try queue.sync {
            try writeEverything()
            return try database.read { try JournalRepository.entries(matching: filter, keeping: capacity, in: $0) }
        }
    }

    /// The entries `filter` selects, newest first, and how many it selects without its limit:
    /// both from one snapshot, after a flush.
    public func page(matching filter: JournalFilter) throws -> (entries: [JournalEntry], total: Int) {
        try queue.sync {
            try writeEverything()
            return try database.read { connection in
                (try JournalRepository.entries(matching: filter, keeping: capacity, in: connection),
                 try JournalRepository.count(matching: filter, keeping: capacity, in: connection))
            }
        }
    }

    /// How many entries `filter` selects, after a flush.
    public func count(matching filter: JournalFilter) throws -> Int {
        try queue.sync {
            try writeEverything()
            return try database.read { try JournalRepository.count(matching: filter, keeping: capacity, in: $0) }
        }
    }

    /// Entries dropped unwritten because the writer fell behind by more than `pendingBytes` of
    /// bodies, since the start or the last clear (`JournalPending`).
    public var droppedForRoom: Int {
        pending.withLock { $0.droppedForRoom }
    }

    /// Batches committed since the start, one transaction each: what the tests of the writer's
    /// scheduling count.
    var batchesWritten: Int {
        committedBatches.load(ordering: .relaxed)
    }

    /// Forgets every entry, pending or written, and the count of those dropped unwritten;
    /// returns how many there were.
    @discardableResult
    public func clear() throws -> Int {
        try queue.sync {
            let dropped = pending.withLock { $0.clear() }
            let deleted = try database.write { try JournalRepository.clear(keeping: capacity, in: $0) }
            parts.withLock { $0.forget() }
            return dropped + deleted
        }
    }

    /// Runs on `queue`: writes the full batches waiting (`batchSize` entries or `batchBytes` of
    /// bodies, one transaction each) back to back, as the records fill them, and returns once
    /// fewer wait: those are left to more records or the delay's timer, not chased with small
    /// transactions. The next record to fill a batch schedules the next call.
    /// Never inlined: `bench/callgrind_user.sh` counts the writer's instructions by this name.
    @inline(never)
    private func writePending() throws {
        do {
            while try writeBatch(full: true).written > 0 {}
        } catch {
            pending.withLock { $0.endBatchWrite() }
            throw error
        }
    }

    /// Runs on `queue`: writes the entries waiting when called, a batch at a time (at most
    /// `batchSize` entries and `batchBytes` of bodies, one transaction each), so that a writer
    /// behind its load holds one batch besides the waiting entries. Entries recorded meanwhile are
    /// left to the full batches' write or the timer (a record arms either as needed), so that a
    /// flush ends under any load.
    private func writeEverything() throws {
        let started = DispatchTime.now().uptimeNanoseconds
        var owed = pending.withLock { $0.records.count }
        repeat {
            let (written, left) = try writeBatch(full: false, leftRecordedAfter: started)
            guard left > 0 else { return }
            owed -= written
        } while owed > 0
    }

    /// Takes the oldest waiting batch (only a full one when `full`, as `JournalPending.takeFullBatch`
    /// does; else what waits, recorded before `leftRecordedAfter` or not), writes its entries in one
    /// transaction, read from the records one at a time, then hands the block of records back
    /// (`JournalPending.recycle`). Returns how many entries it wrote (none when `full` and no batch was
    /// full) and how many were left waiting.
    private func writeBatch(full: Bool, leftRecordedAfter: UInt64 = 0) throws -> (written: Int, left: Int) {
        let (taken, skipping, left) = pending.withLock { state in
            full ? state.takeFullBatch(most: batchSize, bytes: batchBytes)
                : state.takeBatch(most: batchSize, bytes: batchBytes, leftRecordedAfter: leftRecordedAfter)
        }
        guard let taken else { return (0, left) }
        // Handed back once written, or once the write failed (its entries then lost, as before).
        defer {
            // Out of the lock: the pages a burst of large bodies touched go back to the kernel.
            taken.releasePages(pastFirst: Self.recycledBytes)
            pending.withLock { $0.recycle(taken) }
        }
        let count = taken.count
        let previous = lastID.withLock { $0 }
        // A copy, kept only once the write is committed: a rolled back write's parts are gone.
        var written = parts.withLock { $0 }
        let last = try database.writeUnsynced { connection in
            try JournalRepository.append(taken, capacity: capacity, after: previous, skipping: skipping,
                                         parts: &written, masking: masking, in: connection)
        }
        lastID.withLock { $0 = last }
        committedBatches.add(1, ordering: .relaxed)
        parts.withLock { $0 = written }
        return (count, left)
    }
}
