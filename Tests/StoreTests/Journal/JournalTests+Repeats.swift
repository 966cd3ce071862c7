import Foundation
import Testing
@testable import Store

/// An entry whose fields are the previous one's but its time, duration and client is stored as a
/// repeat of that one (`JournalBatchEncoder.appendRepeatingLast`): each must read back as its own,
/// and any other field that differs, by a byte, makes it a whole entry again.
extension JournalTests {
    @Test func entriesThatRepeatTheLastReadBackWithTheirOwnTimesDurationsAndClients() throws {
        let journal = try open(flushDelay: .seconds(60))
        let longTarget = "/app/publicEvents?page=1&pageSize=20&tagId=" + String(repeating: "7", count: 40)
        var recorded: [JournalEntry] = []
        func record(_ change: (inout JournalEntry) -> Void = { _ in }) {
            var entry = sample("GET", "/app/user/10001", at: 1_800_000_000 + Double(recorded.count) / 8)
            entry.durationMilliseconds = 0.125 * Double(recorded.count + 1)
            entry.responseHeaders = [("Content-Type", "application/json")]
            entry.responseBody = Array(#"{"code":0}"#.utf8)
            change(&entry)
            journal.record(entry)
            recorded.append(entry)
        }
        for _ in 0..<3 { record() }
        record { $0.client = "127.0.0.1:5001" }
        record { $0.client = "127.0.0.1:5001" }
        record { $0.client = "127.0.0.1:5002" }
        record { $0.client = "127.0.0.1:50003" }
        record { $0.client = "127.0.0.1:5004" }
        record { $0.client = "[::1]:5004" }
        record { $0.body = Array("a".utf8); $0.bodySize = 1 }
        record { $0.body = Array("b".utf8); $0.bodySize = 1 }
        record { $0.answeredBy = nil }
        record { $0.status = nil }
        record { $0.fault = "reset" }
        record { $0.path = "/caf\u{E9}" }
        record { $0.path = "/cafe\u{301}" }
        // Long targets equal by content but in storages of their own.
        record { $0.target = String(decoding: Array(longTarget.utf8), as: UTF8.self) }
        record { $0.target = String(decoding: Array(longTarget.utf8), as: UTF8.self) }
        record { $0.responseBody = Array(#"{"code":1}"#.utf8) }
        record { $0.responseBody = Array(#"{"code":1}"#.utf8) }
        try journal.flush()
        for _ in 0..<2 { record() }

        let entries = try journal.entries(matching: JournalFilter())
        #expect(entries.count == recorded.count)
        for (index, (entry, expected)) in zip(entries.reversed(), recorded).enumerated() {
            var expected = expected
            expected.id = Int64(index + 1)
            #expect(entry == expected, "entry \(index + 1)")
            #expect(entry.path.utf8.elementsEqual(expected.path.utf8), "entry \(index + 1)'s path, byte for byte")
        }
        #expect(try journal.count(matching: JournalFilter(pathPrefix: "/cafe")) == 1)
    }

    /// The user route under load, one client after another: the batch stores each entry after the
    /// first as its start, duration and client alone.
    @Test func aBatchOfRepeatedRequestsStoresTheirDifferencesAlone() throws {
        let journal = try open(capacity: 1_000, flushDelay: .seconds(60))
        for index in 0..<200 {
            var entry = sample("GET", "/app/user/10001", at: 1_800_000_000 + Double(index) / 1000)
            entry.client = "127.0.0.1:\(50_000 + index)"
            journal.record(entry)
        }
        try journal.flush()
        let reader = try Database(path: directory.path("journal.sqlite"), migrations: JournalRepository.migrations)
        let stored = try reader.read { try $0.statement("SELECT sum(length(entries)) FROM journal_batches").firstRow()?.optionalInt64(at: 0) }
        #expect((stored ?? 0) < 200 * 40, "\(stored ?? 0) bytes for 200 entries")
        let entries = try journal.entries(matching: JournalFilter())
        #expect(entries.map(\.client) == (0..<200).reversed().map { "127.0.0.1:\(50_000 + $0)" })
    }
}
