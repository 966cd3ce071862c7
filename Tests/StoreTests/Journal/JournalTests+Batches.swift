import Foundation
import Testing
@testable import Store

/// Batches: each write of the journal is one row of `journal_batches`, its entries in one blob;
/// reads keep exactly the newest `--journal-size` entries although a batch may straddle that
/// line; a journal of one row per entry (`journal.005`) is rewritten without losing an entry.
extension JournalTests {
    /// Rows of `table`, read through a connection of its own.
    func storedRows(_ table: String) throws -> Int {
        let reader = try Database(path: directory.path("journal.sqlite"), migrations: JournalRepository.migrations)
        return try reader.read { try $0.queryFirst("SELECT count(*) AS n FROM \(table)")?.int("n") ?? -1 }
    }

    @Test func aWriteIsOneRowAndABatchAcrossTheCapacityKeepsOnlyItsNewest() throws {
        let journal = try open(capacity: 5, flushDelay: .seconds(60))
        for index in 0..<12 {
            journal.record(sample("GET", "/p/\(index)"))
            if index % 3 == 2 { try journal.flush() }
        }
        #expect(try storedRows("journal_batches") == 2, "ids 1–6 dropped with their batches; 7–9 and 10–12 kept")
        #expect(try journal.entries(matching: JournalFilter()).map(\.path) == ["/p/11", "/p/10", "/p/9", "/p/8", "/p/7"])
        #expect(try journal.count(matching: JournalFilter()) == 5)
        #expect(try journal.count(matching: JournalFilter(pathPrefix: "/p/6")) == 0, "id 7 is past the capacity")
        #expect(try journal.entries(matching: JournalFilter(pathPrefix: "/p/", limit: 4)).map(\.id) == [12, 11, 10, 9])
        #expect(try journal.clear() == 5)
        #expect(try storedRows("journal_batches") == 0)
    }

    /// A journal written by `journal.005` (a row per entry) is rewritten by the next open in
    /// batches: every entry keeps its id (gaps too) and fields, the parts stay, numbering goes on.
    @Test func aJournalOfOneRowPerEntryIsRewrittenInBatchesWithEveryEntry() throws {
        let path = directory.path("journal.sqlite")
        let old = try Database(path: path, migrations: Array(JournalRepository.migrations.prefix(5)))
        let recorded = (0..<300).map { index in
            var entry = sample(index.isMultiple(of: 3) ? "POST" : "GET", "/app/e\(index)",
                               status: index == 7 ? nil : 200 + index % 2, at: 1_800_000_000 + Double(index),
                               body: index.isMultiple(of: 5) ? "" : "b\(index) 中文")
            entry.id = Int64(index < 150 ? index + 1 : index + 11)
            entry.responseHeaders = index == 8 ? [] : [("Content-Type", "application/json")]
            entry.responseBody = Array("{\"n\":\(index % 4)}".utf8)
            if index == 9 { entry.rejection = "bare LF" }
            return entry
        }
        try old.write { db in
            var parts = JournalParts()
            for entry in recorded { try JournalRepository.insertRow(entry, parts: &parts, in: db) }
        }
        let partsBefore = try old.read { try $0.queryFirst("SELECT count(*) AS n FROM journal_parts")?.int("n") }
        let journal = try open(capacity: 1_000)
        let entries = try journal.entries(matching: JournalFilter())
        #expect(entries.count == 300)
        for (entry, recorded) in zip(entries, recorded.reversed()) { #expect(entry == recorded) }
        #expect(try journal.count(matching: JournalFilter(method: "POST")) == 100)
        #expect(try journal.count(matching: JournalFilter(status: 201)) == 149)
        #expect(try journal.entries(matching: JournalFilter(pathPrefix: "/app/e14", limit: 3)).map(\.id) == [150, 149, 148])
        #expect(try storedParts() == partsBefore)
        #expect(try storedRows("journal_batches") == 2, "256 entries a rewritten batch")
        #expect(try storedRows("sqlite_master WHERE name = 'journal_entries'") == 0)
        journal.record(sample("GET", "/new"))
        #expect(try journal.entries(matching: JournalFilter(limit: 1)).map(\.id) == [311])
    }

    /// A batch whose bytes are not what the writer lays out is an error, never an entry.
    @Test func aMalformedBatchIsAnErrorNotAnEntry() throws {
        let journal = try open()
        journal.record(sample("GET", "/a"))
        try journal.flush()
        let writer = try Database(path: directory.path("journal.sqlite"), migrations: JournalRepository.migrations)
        // Entry 1 (GET /a, no status, no parts) whose details are four bytes that do not decode.
        try writer.write { try $0.execute("UPDATE journal_batches SET entries = x'01000000000000000003474554022f61000000000405616263'") }
        #expect(throws: StoreError.self) { try journal.entries(matching: JournalFilter()) }
        #expect(try journal.count(matching: JournalFilter()) == 1, "a count reads no details")
        try writer.write { try $0.execute("UPDATE journal_batches SET entries = x'0100'") }
        #expect(throws: StoreError.self) { try journal.count(matching: JournalFilter()) }
    }
}
