import Foundation
import Testing
@testable import Store

/// The journal numbers its entries itself (no AUTOINCREMENT to keep up per insert): ids only
/// grow, a clear does not make them start again, and a journal written before that change keeps
/// its entries and goes on from its highest id.
extension JournalTests {
    @Test func idsGrowAndAreNotGivenAgainAfterAClear() throws {
        let journal = try open(flushDelay: .seconds(60))
        journal.record(sample("GET", "/a"))
        journal.record(sample("GET", "/b"))
        #expect(try journal.entries(matching: JournalFilter()).map(\.id) == [2, 1])
        try journal.clear()
        journal.record(sample("GET", "/c"))
        #expect(try journal.entries(matching: JournalFilter()).map(\.id) == [3])
    }

    @Test func aJournalOfTheOldSchemaKeepsItsEntriesAndNumbersOnFromThem() throws {
        let path = directory.path("journal.sqlite")
        let old = try Database(path: path, migrations: Array(JournalRepository.migrations.prefix(2)))
        try old.write { db in
            try db.execute("""
                INSERT INTO journal_entries (id, started_at, client, method, target, path, headers, body, body_size, duration_ms)
                VALUES (41, 1800000000, '127.0.0.1:5000', 'GET', '/old', '/old', 'Host: localhost', x'', 0, 1.5)
                """)
        }
        let journal = try open()
        journal.record(sample("POST", "/new", at: 1_800_000_100))
        let entries = try journal.entries(matching: JournalFilter())
        #expect(entries.map(\.id) == [42, 41])
        #expect(entries.map(\.path) == ["/new", "/old"])
        #expect(entries.last?.headers.map(\.name) == ["Host"])
        #expect(try journal.count(matching: JournalFilter(since: Date(timeIntervalSince1970: 1_800_000_050))) == 1)
    }
}
