import Testing
@testable import Store

/// A batch's buffer is sized once, when its first entry is laid out, for as many entries as long
/// as that one, but never for hundreds of long bodies.
struct JournalBatchEncoderTests {
    /// Appends an entry of `detailsLength` bytes of details (written as read: not repeatable).
    private func append(to batch: inout JournalBatchEncoder, detailsLength: Int) {
        batch.append(id: batch.lastID + 1, startedAt: 1_800_000_000, method: "GET", path: "/app/user/10001", status: 200,
                     parts: JournalBatchEncoder.PartIDs(requestHeaders: 1, responseHeaders: 2, responseBody: 3),
                     detailsLength: detailsLength) { cursor in
            cursor.write([UInt8](repeating: 7, count: detailsLength))
            return nil
        }
    }

    @Test func entriesAsLongAsTheFirstFitTheBufferSizedForThem() {
        var batch = JournalBatchEncoder(firstID: 1, entryCount: 40)
        append(to: &batch, detailsLength: 60)
        let capacity = batch.entries.capacity
        for _ in 1..<40 { append(to: &batch, detailsLength: 60) }
        #expect(batch.entries.capacity == capacity)
    }

    @Test func aFirstEntryWithALongBodyDoesNotSizeTheBufferForManyOfThem() {
        var batch = JournalBatchEncoder(firstID: 1, entryCount: 512)
        append(to: &batch, detailsLength: 64 * 1024)
        #expect(batch.entries.capacity < 512 * 1024)
        #expect(batch.entries.count > 64 * 1024)
    }
}
