import Testing
@testable import Store

/// A batch's buffer is sized once, when its first entry is laid out, for as many entries as long
/// as that one, but never for hundreds of long bodies.
struct JournalBatchEncoderTests {
    /// Appends an entry of `detailsLength` bytes of details.
    private func append(to batch: inout JournalBatchEncoder, detailsLength: Int) {
        batch.append(id: batch.lastID + 1, startedAt: 1_800_000_000, method: "GET", path: "/app/user/10001", status: 200,
                     parts: JournalBatchEncoder.PartIDs(requestHeaders: 1, responseHeaders: 2, responseBody: 3),
                     detailsLength: detailsLength) { cursor in
            cursor.write([UInt8](repeating: 7, count: detailsLength))
        }
    }

    @Test func entriesAsLongAsTheFirstFitTheBufferSizedForThem() {
        var batch = JournalBatchEncoder(firstID: 1, entryCount: 40)
        append(to: &batch, detailsLength: 60)
        let capacity = batch.bufferBytes
        for _ in 1..<40 { append(to: &batch, detailsLength: 60) }
        #expect(batch.bufferBytes == capacity)
    }

    @Test func aFirstEntryWithALongBodyDoesNotSizeTheBufferForManyOfThem() {
        var batch = JournalBatchEncoder(firstID: 1, entryCount: 512)
        append(to: &batch, detailsLength: 64 * 1024)
        #expect(batch.bufferBytes < 512 * 1024)
        #expect(batch.withEntries(\.count) > 64 * 1024)
    }
}

/// Entries longer than the buffer was sized for grow it, and every entry's bytes stay as written.
struct JournalBatchEncoderGrowthTests {
    @Test func entriesPastTheSizedBufferKeepTheirBytesInOrder() throws {
        var batch = JournalBatchEncoder(firstID: 10, entryCount: 4)
        let lengths = [3, 700, 5, 2_000, 64, 9_000, 1]
        for (index, length) in lengths.enumerated() {
            batch.append(id: batch.lastID + 1, startedAt: Double(index), method: "GET", path: "/p/\(index)", status: 200 + index,
                         parts: JournalBatchEncoder.PartIDs(requestHeaders: 1, responseHeaders: 2, responseBody: 3),
                         detailsLength: length) { cursor in
                cursor.write([UInt8](repeating: UInt8(index), count: length))
            }
        }
        let bytes = batch.withEntries { Array($0) }
        let records = try JournalBatch.records(in: bytes, firstID: 10)
        #expect(records.map(\.id) == Array(10..<10 + Int64(lengths.count)))
        #expect(records.map(\.path) == lengths.indices.map { "/p/\($0)" })
        #expect(records.map(\.startedAt) == lengths.indices.map(Double.init))
        for (index, record) in records.enumerated() {
            #expect(bytes[record.details] == ArraySlice(repeating: UInt8(index), count: lengths[index]))
        }
        #expect(records.last?.details.upperBound == bytes.count)
    }
}
