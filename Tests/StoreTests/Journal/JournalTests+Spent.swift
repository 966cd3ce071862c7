import Dispatch
import Foundation
import Testing
@testable import Store

/// A batch written is handed back so that the next records free its entries on their own
/// thread, one each; what they have not freed by the next batch's hand-back stays for the records
/// after it. The writer frees spent entries only when more are left than a batch holds, or once
/// the records stop.
extension JournalTests {
    @Test func aSpentBatchIsHandedOutOneEntryAtATimeAndWhatIsLeftStaysForTheNextRecords() {
        var pending = JournalPending(capacity: 100, bodyBytesLimit: 1 << 20)
        var written = [sample("GET", "/s/1"), sample("GET", "/s/2"), sample("GET", "/s/3")]
        let first = pending.handBack(&written)
        #expect(first.armsTimer, "no timer is armed: one must be, to free them")
        #expect(first.unfreed.isEmpty)
        let freed = pending.takeSpent()
        #expect(freed?.path == "/s/3")
        pending.append(sample("GET", "/w/1"), bodyBytes: 0)
        pending.append(sample("GET", "/w/2"), bodyBytes: 0)
        var taken = pending.takeAll()
        #expect(taken.entries.map(\.path) == ["/w/1", "/w/2"])
        #expect(pending.spent.map(\.path) == ["/s/1", "/s/2"], "a take leaves them to the records")

        pending.append(sample("GET", "/w/3"), bodyBytes: 0)
        let second = pending.handBack(&taken.entries)
        #expect(!second.armsTimer, "the timer armed for the first is armed still: one at a time")
        #expect(second.unfreed.isEmpty, "two left, no more than the batch of two: kept")
        var order: [String] = []
        while let entry = pending.takeSpent() { order.append(entry.path) }
        #expect(order == ["/s/1", "/s/2", "/w/2", "/w/1"], "the older spent entries are freed first")
    }

    /// A writer that wrote batches back to back, faster than records came, frees the spent
    /// entries left when there are more of them than the batch it hands back: at most two
    /// batches are held for the records.
    @Test func spentEntriesLeftPastABatchAreHandedToTheWriterToFree() {
        var pending = JournalPending(capacity: 100, bodyBytesLimit: 1 << 20)
        var three = [sample("GET", "/s/1"), sample("GET", "/s/2"), sample("GET", "/s/3")]
        _ = pending.handBack(&three)
        var one = [sample("GET", "/s/4")]
        let handed = pending.handBack(&one)
        #expect(handed.unfreed.map(\.path) == ["/s/1", "/s/2", "/s/3"])
        #expect(pending.spent.map(\.path) == ["/s/4"])
    }

    /// The delay's timer leaves the spent list to records that still take from it, re-armed for a
    /// whole delay, and hands the writer what is left once none did since its last firing.
    @Test func theTimerFreesTheSpentListOnlyOnceTheRecordsStopTakingFromIt() {
        var pending = JournalPending(capacity: 100, bodyBytesLimit: 1 << 20)
        var written = [sample("GET", "/s/1"), sample("GET", "/s/2"), sample("GET", "/s/3")]
        _ = pending.handBack(&written)
        _ = pending.takeSpent()
        let whileTaken = pending.timerFired(now: 1_000_000_000, delay: 100_000_000)
        #expect((whileTaken.due, whileTaken.remaining, whileTaken.unfreed.count) == (false, 100_000_000, 0))
        #expect((pending.timerArmed, pending.spent.count) == (true, 2))
        let once = pending.timerFired(now: 1_100_000_000, delay: 100_000_000)
        #expect(once.unfreed.map(\.path) == ["/s/1", "/s/2"])
        #expect((once.due, once.remaining, pending.timerArmed) == (false, 0, false))
    }

    /// The spent batch's buffer, emptied by the records, is the next waiting list's.
    @Test func aSpentBatchTakenWholeLendsItsCapacityToTheWaitingList() {
        var pending = JournalPending(capacity: 100, bodyBytesLimit: 1 << 20)
        var written: [JournalEntry] = []
        written.reserveCapacity(40)
        for index in 1...40 { written.append(sample("GET", "/s/\(index)")) }
        _ = pending.handBack(&written)
        while pending.takeSpent() != nil {}
        _ = pending.takeAll()
        #expect(pending.entries.isEmpty)
        #expect(pending.entries.capacity >= 40)
    }

    /// Once the records stop, the delay's timer frees the spent entries left, and the entry short
    /// of a batch is written. Only the end is checked, not the steps between, which a loaded
    /// machine's stalls on the journal's queue can run back to back.
    @Test func theSpentEntriesAreFreedByTheWriterOnceNoRequestFollows() async throws {
        let journal = try open(flushDelay: .milliseconds(200), batchSize: 3)
        for index in 1...4 { journal.record(sample("GET", "/s/\(index)")) }
        #expect(await spentWaiting(in: journal, reaching: 0) == 0, "the timer frees what the records left")
        #expect(try await writtenCount(reaching: 4) == 4)
        #expect(try journal.entries(matching: JournalFilter()).map(\.path) == ["/s/4", "/s/3", "/s/2", "/s/1"])
    }

    /// Records from several threads while batches are written and handed back: every entry is
    /// written once, numbered once, no more than two batches are held for the records, and the
    /// timer frees what is left once they stop.
    @Test func recordsFromSeveralThreadsWhileSpentBatchesAreFreed() async throws {
        let journal = try open(capacity: 10_000, flushDelay: .milliseconds(1), batchSize: 16)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for index in 1...500 { journal.record(sample("GET", "/t/\(thread)/\(index)")) }
        }
        let entries = try journal.entries(matching: JournalFilter())
        #expect(entries.count == 2_000)
        #expect(Set(entries.map(\.path)).count == 2_000)
        #expect(entries.map(\.id) == Array((1...2_000).reversed()))
        #expect(journal.spentWaiting <= 32, "no more than two batches are held")
        #expect(await spentWaiting(in: journal, reaching: 0) == 0)
    }

    /// `journal.spentWaiting` once it is `expected`, or after 30 s.
    func spentWaiting(in journal: Journal, reaching expected: Int) async -> Int {
        let deadline = Date().addingTimeInterval(30)
        while journal.spentWaiting != expected, Date() < deadline {
            try? await Task.sleep(for: .milliseconds(2))
        }
        return journal.spentWaiting
    }
}
