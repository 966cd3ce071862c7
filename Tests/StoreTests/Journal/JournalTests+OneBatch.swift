import Foundation
import Testing
@testable import Store

/// A writer behind its load takes the waiting entries a batch at a time, so that it holds one
/// batch besides those waiting, not a second list as large as the waiting bound.
extension JournalTests {
    @Test func aBatchIsTakenOldestFirstUpToItsCountOrItsBytes() {
        var pending = JournalPending(capacity: 100, bodyBytesLimit: 1 << 20)
        for index in 1...5 { pending.append(sized("/w/\(index)", 100), bodyBytes: 100) }
        let byCount = pending.takeBatch(most: 2, bytes: 1_000)
        #expect(byCount.records?.decoded().map(\.path) == ["/w/1", "/w/2"])
        #expect((byCount.records?.bodyBytes, byCount.left) == (200, 3))
        #expect(pending.bodyBytes == 300)
        let byBytes = pending.takeBatch(most: 10, bytes: 250)
        #expect(byBytes.records?.decoded().map(\.path) == ["/w/3", "/w/4"], "a third would pass the bytes")
        #expect(byBytes.left == 1)
        let rest = pending.takeBatch(most: 10, bytes: 250)
        #expect(rest.records?.decoded().map(\.path) == ["/w/5"])
        #expect((rest.left, pending.bodyBytes) == (0, 0), "taken whole, as takeAll does")
    }

    @Test func anEntryLargerThanABatchIsABatchOfItsOwn() {
        var pending = JournalPending(capacity: 100, bodyBytesLimit: 1 << 20)
        pending.append(sized("/big", 5_000), bodyBytes: 5_000)
        pending.append(sized("/small", 10), bodyBytes: 10)
        let first = pending.takeBatch(most: 10, bytes: 1_000)
        #expect(first.records?.decoded().map(\.path) == ["/big"])
        #expect(first.left == 1)
    }

    @Test func dropsBeforeAPartialTakeAreSkippedOnce() {
        var pending = JournalPending(capacity: 2, bodyBytesLimit: 1 << 20)
        for index in 1...5 { pending.append(sample("GET", "/w/\(index)"), bodyBytes: 0) }
        let first = pending.takeBatch(most: 1, bytes: 1_000)
        #expect(first.skipping == 3, "the entries dropped past the capacity keep their ids")
        #expect(first.records?.decoded().map(\.path) == ["/w/4"])
        #expect(pending.records.decoded().map(\.path) == ["/w/5"])
        let second = pending.takeBatch(most: 1, bytes: 1_000)
        #expect(second.skipping == 0)
    }

    /// More waiting than a batch: every entry is written, numbered in order, in batches no larger
    /// than `batchSize`, and a read's flush sees every entry recorded before it.
    @Test func aBacklogIsWrittenABatchAtATime() throws {
        let journal = try open(capacity: 1_000, flushDelay: .seconds(3), batchSize: 7)
        for index in 1...50 { journal.record(sample("GET", "/b/\(index)")) }
        let entries = try journal.entries(matching: JournalFilter())
        #expect(entries.map(\.path) == (1...50).reversed().map { "/b/\($0)" })
        #expect(entries.map(\.id) == Array((1...50).reversed()))
        #expect(journal.batchesWritten >= 8, "50 entries, 7 a batch at most")
    }

    /// A sample whose request body is `bytes` long, as `JournalPending` counts it.
    private func sized(_ path: String, _ bytes: Int) -> JournalEntry {
        sample("GET", path, body: String(repeating: "a", count: bytes))
    }
}
