import Foundation
import Testing
@testable import Store

/// Entries waiting for the writer are bounded: past the journal's capacity the oldest are
/// dropped as a write would drop them, past the pending body bytes the oldest are dropped and
/// counted; a dropped entry keeps its id.
extension JournalTests {
    func withBody(_ index: Int, bytes: Int) -> JournalEntry {
        var entry = sample("POST", "/b/\(index)")
        entry.body = Array(repeating: UInt8(ascii: "x"), count: bytes)
        entry.bodySize = bytes
        return entry
    }

    @Test func pastThePendingBytesTheOldestAreDroppedCountedAndKeepTheirIds() throws {
        let journal = try open(flushDelay: .seconds(60), pendingBytes: 100)
        for index in 1...10 { journal.record(withBody(index, bytes: 30)) }
        let entries = try journal.entries(matching: JournalFilter())
        #expect(entries.map(\.path) == ["/b/10", "/b/9"], "each time past 100 bytes, dropped to 75 or less")
        #expect(entries.map(\.id) == [10, 9], "the eight dropped took their ids")
        #expect(journal.droppedForRoom == 8)

        journal.record(withBody(11, bytes: 30))
        #expect(try journal.entries(matching: JournalFilter()).first?.id == 11)
        #expect(journal.droppedForRoom == 8, "a written entry is not dropped")
        #expect(try journal.clear() == 3)
        #expect(journal.droppedForRoom == 0, "a clear starts the count again")
    }

    @Test func oneEntryLargerThanThePendingBytesIsStillWritten() throws {
        let journal = try open(flushDelay: .seconds(60), pendingBytes: 10)
        journal.record(withBody(1, bytes: 500))
        #expect(try journal.entries(matching: JournalFilter()).map(\.path) == ["/b/1"])
        #expect(journal.droppedForRoom == 0)
    }

    /// More waiting than the journal keeps: what a read sees is what writing them all would
    /// have left, and none is counted as dropped.
    @Test func pastTheCapacityTheOldestWaitingAreDroppedAsAWriteWould() throws {
        let journal = try open(capacity: 4, flushDelay: .seconds(60))
        for index in 1...23 { journal.record(withBody(index, bytes: 1)) }
        let entries = try journal.entries(matching: JournalFilter())
        #expect(entries.map(\.path) == ["/b/23", "/b/22", "/b/21", "/b/20"])
        #expect(entries.map(\.id) == [23, 22, 21, 20])
        #expect(journal.droppedForRoom == 0)
    }

    @Test func theWaitingEntriesNeverExceedTheCapacityByMoreThanAQuarter() {
        var pending = JournalPending(capacity: 8, bodyBytesLimit: 1 << 20)
        var most = 0
        for index in 1...100 {
            pending.append(withBody(index, bytes: 1), bodyBytes: 1)
            most = max(most, pending.records.count)
        }
        #expect(most == 9)
        #expect(pending.bodyBytes == pending.records.count)
        let taken = pending.takeAll()
        #expect(taken.records.decoded().last?.path == "/b/100")
        #expect(taken.skipping == 100 - taken.records.count)
        let again = pending.takeAll()
        #expect(again.records.isEmpty && again.skipping == 0)
    }
}
