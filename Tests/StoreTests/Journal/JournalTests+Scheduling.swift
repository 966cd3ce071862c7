import Foundation
import Testing
@testable import Store

/// When the writer writes: a full batch at once, full batches back to back, what is left only once
/// the oldest waiting entry has waited the delay (one timer, re-armed for that entry's remaining
/// wait), never a small transaction for the entries that came while a batch was written.
extension JournalTests {
    @Test func aBurstLargerThanABatchIsWrittenInFullBatchesAndTheRestWaits() async throws {
        let journal = try open(capacity: 1_000, flushDelay: .seconds(60), batchSize: 4)
        for index in 1...10 { journal.record(sample("GET", "/b/\(index)")) }
        #expect(try await writtenCount(reaching: 8) == 8)
        try await Task.sleep(for: .milliseconds(200))
        #expect(try writtenNow() == 8, "the two short of a batch wait for the delay")
        #expect(journal.batchesWritten == 2, "two full batches, no small one after them")
        #expect(try journal.count(matching: JournalFilter()) == 10, "a read writes what waits")
        #expect(journal.batchesWritten == 3)
    }

    @Test func entriesShortOfABatchAreWrittenByTheDelayNotBeforeIt() async throws {
        let journal = try open(flushDelay: .milliseconds(600), batchSize: 512)
        let recorded = Date()
        for index in 1...3 { journal.record(sample("GET", "/d/\(index)")) }
        try await Task.sleep(for: .milliseconds(100))
        let early = try writtenNow()
        if Date().timeIntervalSince(recorded) < 0.5 { #expect(early == 0, "not written before the delay") }
        #expect(try await writtenCount(reaching: 3) == 3)
        #expect(Date().timeIntervalSince(recorded) >= 0.59)
        #expect(journal.batchesWritten == 1, "one transaction for the three")
    }

    /// The timer armed by the first entry fires before the entry left after a full batch has
    /// waited the delay: it is re-armed for that entry's remaining wait, not a write of it.
    @Test func theTimerFiringEarlyForTheOldestEntryIsReArmedForItsWait() async throws {
        let journal = try open(flushDelay: .milliseconds(1_000), batchSize: 4)
        for index in 1...4 { journal.record(sample("GET", "/f/\(index)")) }
        #expect(try await writtenCount(reaching: 4) == 4)
        try await Task.sleep(for: .milliseconds(500))
        let last = Date()
        journal.record(sample("GET", "/f/5"))
        try await Task.sleep(for: .milliseconds(700))
        let atTheFirstTimer = try writtenNow()
        if Date().timeIntervalSince(last) < 0.9 { #expect(atTheFirstTimer == 4, "the fifth has not waited its delay") }
        #expect(try await writtenCount(reaching: 5) == 5)
        #expect(Date().timeIntervalSince(last) >= 0.99)
        #expect(journal.batchesWritten == 2)
    }

    @Test func aBatchWriteIsScheduledOnceUntilNoFullBatchWaits() {
        var pending = JournalPending(capacity: 100, bodyBytesLimit: 1 << 20)
        var scheduled = 0
        for index in 1...9 {
            pending.append(sample("GET", "/w/\(index)"), bodyBytes: 0)
            let schedules = pending.schedulesBatchWrite(most: 4, bytes: 1_000)
            if schedules { scheduled += 1 }
        }
        #expect(scheduled == 1, "the write scheduled for the first batch writes the second too")
        let first = pending.takeFullBatch(most: 4, bytes: 1_000)
        #expect(first.records?.decoded().map(\.path) == (1...4).map { "/w/\($0)" })
        let second = pending.takeFullBatch(most: 4, bytes: 1_000)
        #expect(second.records?.decoded().map(\.path) == (5...8).map { "/w/\($0)" })
        let none = pending.takeFullBatch(most: 4, bytes: 1_000)
        #expect((none.records == nil, none.left, pending.batchWriteDue) == (true, 1, false))
        pending.append(sample("GET", "/w/10"), bodyBytes: 0)
        let schedulesShort = pending.schedulesBatchWrite(most: 4, bytes: 1_000)
        #expect(!schedulesShort, "two short of a batch")
    }

    @Test func theTimerIsArmedOnceAndFiresDueOnlyOnceTheOldestWaitedTheDelay() {
        var pending = JournalPending(capacity: 100, bodyBytesLimit: 1 << 20)
        pending.append(sample("GET", "/w/1"), bodyBytes: 0)
        let arms = pending.armsTimer()
        #expect(arms)
        pending.append(sample("GET", "/w/2"), bodyBytes: 0)
        let armsASecond = pending.armsTimer()
        #expect(!armsASecond, "one timer at a time")
        let since = pending.oldestSince
        let early = pending.timerFired(now: since + 40_000_000, delay: 100_000_000)
        #expect((early.due, early.remaining, pending.timerArmed) == (false, 60_000_000, true))
        let due = pending.timerFired(now: since + 100_000_000, delay: 100_000_000)
        #expect((due.due, due.remaining, pending.timerArmed) == (true, 0, false))
        _ = pending.takeAll()
        let armsAgain = pending.armsTimer()
        #expect(armsAgain, "armed again once it fired")
        let idle = pending.timerFired(now: since + 300_000_000, delay: 100_000_000)
        #expect((idle.due, idle.remaining, pending.timerArmed) == (false, 0, false), "nothing waits: unarmed")
    }

    /// Entries left after a batch taken from a longer list count their wait from when that batch
    /// filled, not from the first entry's: the timer re-armed for them waits for them.
    @Test func entriesLeftAfterAFullBatchWaitFromWhenItFilled() {
        var pending = JournalPending(capacity: 100, bodyBytesLimit: 1 << 20)
        for index in 1...4 { pending.append(sample("GET", "/w/\(index)"), bodyBytes: 0) }
        let first = pending.oldestSince
        let schedules = pending.schedulesBatchWrite(most: 4, bytes: 1_000)
        #expect(schedules)
        pending.append(sample("GET", "/w/5"), bodyBytes: 0)
        let batch = pending.takeFullBatch(most: 4, bytes: 1_000)
        #expect((batch.records?.count, batch.left) == (4, 1))
        #expect(pending.oldestSince == pending.lastFilledAt)
        #expect(pending.oldestSince >= first)
    }

    /// Entries in the file as another connection sees them now.
    private func writtenNow() throws -> Int {
        let reader = try Database(path: directory.path("journal.sqlite"), migrations: JournalRepository.migrations)
        return try reader.read { try JournalRepository.count(matching: JournalFilter(), in: $0) }
    }
}
