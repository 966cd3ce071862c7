import Foundation
import Testing
@testable import Store

/// Compact rows: header sets and answers stored once in `journal_parts` and referred to, the
/// fields nothing filters on in one details blob; parts swept once their entries are gone; a
/// journal of one column per field rewritten without losing an entry.
extension JournalTests {
    /// Rows of the journal's parts table, read through a connection of its own.
    func storedParts() throws -> Int {
        let reader = try Database(path: directory.path("journal.sqlite"), migrations: JournalRepository.migrations)
        return try reader.read { try $0.queryFirst("SELECT count(*) AS n FROM journal_parts")?.int("n") ?? -1 }
    }

    func answered(_ path: String, body: String, answer: String) -> JournalEntry {
        var entry = sample("POST", path, body: body)
        entry.responseHeaders = [("Content-Type", "application/json"), ("Access-Control-Allow-Origin", "*")]
        entry.responseBody = Array(answer.utf8)
        return entry
    }

    @Test func repeatedHeadersAndAnswersAreStoredOnceAndReadBackWhole() throws {
        let journal = try open(flushDelay: .seconds(60))
        let recorded = (0..<40).map { answered("/app/user/\($0 % 2)", body: "{\"n\":\($0)}", answer: "{\"code\":200}") }
        for (index, entry) in recorded.enumerated() {
            journal.record(entry)
            if index.isMultiple(of: 7) { try journal.flush() }
        }
        let entries = try journal.entries(matching: JournalFilter()).reversed()
        #expect(entries.count == 40)
        for (entry, recorded) in zip(entries, recorded) {
            var expected = recorded
            expected.id = entry.id
            #expect(entry == expected)
        }
        #expect(try storedParts() == 3, "one request header set, one answer header set, one answer body")
    }

    /// A list that differs in one value, one name or one field more is its own part, and the
    /// earlier one comes back.
    @Test func headerListsThatDifferInOneFieldKeepTheirOwn() throws {
        let journal = try open(flushDelay: .seconds(60))
        let variants: [[(name: String, value: String)]] = [
            [("Host", "localhost"), ("X-Trace", "a: b")], [("Host", "localhost"), ("X-Trace", "a: c")],
            [("Host", "localhost"), ("X-Tracf", "a: c")], [("Host", "localhost"), ("X-Trace", "a: c"), ("X", "")],
            [("Host", "localhost"), ("X-Trace", "a: b")],
        ]
        let recorded = variants.enumerated().map { index, fields in
            var entry = answered("/h/\(index)", body: "", answer: "{}")
            entry.headers = fields
            entry.responseHeaders = fields.reversed()
            return entry
        }
        recorded.forEach(journal.record)
        let entries = try journal.entries(matching: JournalFilter()).reversed()
        for (entry, recorded) in zip(entries, recorded) {
            var expected = recorded
            expected.id = entry.id
            #expect(entry == expected)
        }
        #expect(try storedParts() == 4 + 4 + 1, "four request lists, four answer lists, one body")
    }

    @Test func partsOfDroppedEntriesAreSweptAndTheRestReadBack() throws {
        let journal = try open(capacity: 3)
        for index in 0..<100 {
            journal.record(answered("/p/\(index)", body: "", answer: "answer \(index)"))
            try journal.flush()
        }
        let entries = try journal.entries(matching: JournalFilter())
        #expect(entries.map(\.path) == ["/p/99", "/p/98", "/p/97"])
        #expect(entries.map { String(decoding: $0.responseBody, as: UTF8.self) } == ["answer 99", "answer 98", "answer 97"])
        #expect(entries.allSatisfy { $0.headers.count == 2 && $0.responseHeaders.count == 2 })
        let parts = try storedParts()
        #expect(parts <= JournalParts.recentCount + 1, "the remembered parts and at most one unswept, not 102: \(parts)")
    }

    @Test func aClearForgetsThePartsAndLaterEntriesKeepTheirOwn() throws {
        let journal = try open(flushDelay: .seconds(60))
        let entry = answered("/app/a", body: "x", answer: "{}")
        journal.record(entry)
        try journal.flush()
        try journal.clear()
        #expect(try storedParts() == 0)
        journal.record(entry)
        let stored = try #require(try journal.entries(matching: JournalFilter()).first)
        var expected = entry
        expected.id = stored.id
        #expect(stored == expected)
    }

    /// A journal written by `journal.004` (one column per field) is rewritten by the next open:
    /// every entry keeps its id and fields, repeated parts are stored once, numbering goes on.
    @Test func aJournalOfOneColumnPerFieldIsRewrittenCompactWithEveryEntry() throws {
        let path = directory.path("journal.sqlite")
        let old = try Database(path: path, migrations: Array(JournalRepository.migrations.prefix(4)))
        try old.write { db in
            try db.execute("""
                INSERT INTO journal_entries (id, started_at, client, method, target, path, headers, body, body_size,
                    status, duration_ms, answered_by, delay_ms, delay_source, fault, fault_source, rejection,
                    response_headers, response_body)
                VALUES (7, 1800000000.25, '127.0.0.1:5000', 'POST', '/app/user/login?token=[masked]', '/app/user/login',
                        'Host: localhost\nX-Token: a: b', x'7b7d', 2, 200, 1.5, 'maka', 20, 'header', NULL, NULL, NULL,
                        x'436f6e74656e742d547970653a206170706c69636174696f6e2f6a736f6e', x'7b22636f6465223a3230307d'),
                    (8, 1800000001, '127.0.0.1:5000', 'GET', '/app/templates', '/app/templates',
                        'Host: localhost\nX-Token: a: b', x'', 0, NULL, 0.5, NULL, NULL, NULL, 'reset', 'rule:slow', NULL,
                        x'', x''),
                    (9, 1800000002, '', '', '', '', '', x'', 0, 400, 0, NULL, NULL, NULL, NULL, NULL, 'bare LF', x'', x'')
                """)
        }
        let journal = try open()
        let entries = try journal.entries(matching: JournalFilter())
        #expect(entries.map(\.id) == [9, 8, 7])
        let login = try #require(entries.last)
        #expect(login == JournalEntry(
            id: 7, startedAt: Date(timeIntervalSince1970: 1_800_000_000.25), client: "127.0.0.1:5000", method: "POST",
            target: "/app/user/login?token=[masked]", path: "/app/user/login",
            headers: [("Host", "localhost"), ("X-Token", "a: b")], body: Array("{}".utf8), bodySize: 2, status: 200,
            durationMilliseconds: 1.5, answeredBy: "maka", delayMilliseconds: 20, delaySource: "header",
            responseHeaders: [("Content-Type", "application/json")], responseBody: Array(#"{"code":200}"#.utf8)))
        #expect(entries[1].status == nil && entries[1].fault == "reset" && entries[1].faultSource == "rule:slow")
        #expect(entries[1].headers.count == 2 && entries[1].responseBody.isEmpty)
        #expect(entries[0].rejection == "bare LF" && entries[0].headers.isEmpty && entries[0].method.isEmpty)
        #expect(try storedParts() == 3, "the shared request headers once, the login's answer headers and body")
        #expect(try journal.count(matching: JournalFilter(method: "GET", pathPrefix: "/app/t")) == 1)
        journal.record(sample("GET", "/new"))
        #expect(try journal.entries(matching: JournalFilter(limit: 1)).map(\.id) == [10])
    }
}
