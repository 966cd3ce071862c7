import Testing
@testable import Store

/// Entries of small bodies waiting for a starved writer are bounded by their count too, not only
/// by the journal's capacity: each holds its header lists and strings besides its bodies.
extension JournalTests {
    @Test func pastTheMostWaitingTheOldestAreDroppedInARunAndCounted() {
        var pending = JournalPending(capacity: 10_000, bodyBytesLimit: 1 << 20)
        var most = 0
        for index in 1...5_000 {
            pending.append(sample("GET", "/w/\(index)"), bodyBytes: 0)
            most = max(most, pending.records.count)
        }
        #expect(most == JournalPending.mostWaiting)
        #expect(pending.droppedForRoom == 5_000 - pending.records.count)
        let taken = pending.takeAll()
        #expect(taken.records.decoded().last?.path == "/w/5000")
        #expect(taken.skipping == 5_000 - taken.records.count)
    }

    @Test func aStarvedJournalKeepsTheIdsOfTheEntriesItDropped() throws {
        let journal = try open(capacity: 10_000, flushDelay: .seconds(60), batchSize: 1_000_000)
        let recorded = JournalPending.mostWaiting + 1
        for index in 1...recorded { journal.record(sample("GET", "/w/\(index)")) }
        let entries = try journal.entries(matching: JournalFilter())
        #expect(entries.first?.id == Int64(recorded))
        #expect(entries.count == JournalPending.mostWaiting / 4 * 3)
        #expect(journal.droppedForRoom == recorded - entries.count)
    }
}
