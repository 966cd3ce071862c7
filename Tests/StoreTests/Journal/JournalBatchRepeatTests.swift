import Foundation
import Testing
@testable import Store

/// An entry that repeats the one before it but for its start, duration and client is stored as
/// those three alone (`JournalBatch`): it reads back as that entry with its own three, whatever
/// its client's length; a batch cannot start with one, nor cut one short.
struct JournalBatchRepeatTests {
    private static let parts = JournalBatchEncoder.PartIDs(requestHeaders: 1, responseHeaders: 2, responseBody: 3)

    /// A batch of one entry in full, with `details` for its details, then `clients.count` repeats.
    private func batch(details: [UInt8], clients: [String]) -> JournalBatchEncoder {
        var batch = JournalBatchEncoder(firstID: 7, entryCount: clients.count + 1)
        batch.append(id: 7, startedAt: 1_800_000_000, method: "GET", path: "/app/user/10001", status: 200,
                     parts: Self.parts, detailsLength: details.count) { $0.write(details) }
        for (index, client) in clients.enumerated() {
            batch.appendRepeatingLast(startedAt: 1_800_000_001 + Double(index), client: client,
                                      durationMilliseconds: 0.5 * Double(index + 1))
        }
        return batch
    }

    @Test func repeatsReadBackAsTheEntryBeforeWithTheirOwnStartDurationAndClient() throws {
        let clients = ["127.0.0.1:5001", "127.0.0.1:50002", "[::1]:5003"]
        let bytes = batch(details: [9, 9, 9], clients: clients).withEntries { Array($0) }
        let records = try JournalBatch.records(in: bytes, firstID: 7)
        #expect(records.map(\.id) == [7, 8, 9, 10])
        #expect(records.map(\.startedAt) == [1_800_000_000, 1_800_000_001, 1_800_000_002, 1_800_000_003])
        #expect(records.map(\.path) == Array(repeating: "/app/user/10001", count: 4))
        #expect(records.map(\.status) == Array(repeating: 200, count: 4))
        #expect(records.allSatisfy { $0.details == records[0].details }, "the details of the entry repeated")
        #expect(records[0].repeated == nil)
        #expect(records.dropFirst().map { $0.repeated?.client } == clients)
        #expect(records.dropFirst().map { $0.repeated?.durationMilliseconds } == [0.5, 1.0, 1.5])
    }

    /// A repeat is a step of 0, two times of 8 bytes and its client: ~35 bytes where the entry in
    /// full took ~90 on the user route.
    @Test func aRepeatTakesItsThreeFieldsAlone() {
        let details = [UInt8](repeating: 1, count: 60)
        let single = batch(details: details, clients: []).withEntries(\.count)
        let repeated = batch(details: details, clients: Array(repeating: "127.0.0.1:51234", count: 100)).withEntries(\.count)
        #expect(repeated - single == 100 * (1 + 8 + 8 + 1 + 15))
    }

    @Test func aBatchThatStartsWithARepeatOrCutsOneShortIsCorrupt() throws {
        // A step of 0 first: nothing to repeat.
        let first: [UInt8] = [0] + [UInt8](repeating: 0, count: 16) + [1, 0x61]
        let error = #expect(throws: StoreError.self) { try JournalBatch.records(in: first, firstID: 1) }
        #expect(error?.code == .corrupt)
        let whole = batch(details: [9], clients: ["127.0.0.1:5001"]).withEntries { Array($0) }
        for cut in 1...18 {
            let error = #expect(throws: StoreError.self, "cut \(cut)") {
                try JournalBatch.records(in: Array(whole.dropLast(cut)), firstID: 7)
            }
            #expect(error?.code == .corrupt)
        }
    }
}
