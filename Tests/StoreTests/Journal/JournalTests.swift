import CaptureFormats
import Foundation
import Testing
@testable import Store
import TestSupport

@Suite struct JournalTests {
    let directory: TemporaryDirectory
    init() throws { directory = try TemporaryDirectory() }

    func open(capacity: Int = 100, bodyCap: Int = 1024, masking: SecretMasking = .standard,
              flushDelay: DispatchTimeInterval = .milliseconds(5), batchSize: Int = 512,
              batchBytes: Int = 1 << 20, pendingBytes: Int = 16 << 20) throws -> Journal {
        let database = try Database(path: directory.path("journal.sqlite"), migrations: JournalRepository.migrations)
        return Journal(database: database, capacity: capacity, bodyCap: bodyCap, masking: masking,
                       flushDelay: flushDelay, batchSize: batchSize, batchBytes: batchBytes, pendingBytes: pendingBytes)
    }

    /// Entries in the file as another connection sees them, once `expected` are there or
    /// after 30 s (a loaded two-core machine may wait seconds for a background thread).
    func writtenCount(reaching expected: Int) async throws -> Int {
        let reader = try Database(path: directory.path("journal.sqlite"), migrations: JournalRepository.migrations)
        let deadline = Date().addingTimeInterval(30)
        var written = 0
        while written < expected, Date() < deadline {
            written = try reader.read { try JournalRepository.count(matching: JournalFilter(), in: $0) }
            if written < expected { try await Task.sleep(for: .milliseconds(2)) }
        }
        return written
    }

    func sample(_ method: String = "GET", _ path: String, status: Int? = 200, at seconds: Double = 1_800_000_000,
               body: String = "") -> JournalEntry {
        JournalEntry(startedAt: Date(timeIntervalSince1970: seconds), client: "127.0.0.1:5000", method: method,
                     target: path + "?x=1", path: path, headers: [("Host", "localhost"), ("X-Trace", "a: b")],
                     body: Array(body.utf8), bodySize: body.utf8.count, status: status, durationMilliseconds: 1.5,
                     answeredBy: "maka", delayMilliseconds: 20, delaySource: "header", fault: nil, faultSource: nil)
    }

    @Test func readsSeeWhatWasJustRecordedEvenBeforeTheBackgroundWrite() throws {
        let journal = try open(flushDelay: .seconds(60))
        journal.record(sample("GET", "/app/templates", body: "中文 body"))
        let entries = try journal.entries(matching: JournalFilter())
        #expect(entries.count == 1)
        var expected = sample("GET", "/app/templates", body: "中文 body")
        expected.id = entries[0].id
        #expect(entries[0] == expected)
    }

    @Test func backgroundWriteHappensWithoutARead() async throws {
        let journal = try open(flushDelay: .milliseconds(1))
        journal.record(sample("GET", "/app/events"))
        #expect(try await writtenCount(reaching: 1) == 1)
    }

    @Test func aFullBatchIsWrittenWithoutWaitingForTheDelay() async throws {
        let journal = try open(flushDelay: .seconds(60), batchSize: 3)
        for path in ["/app/events", "/app/templates", "/app/user/7"] { journal.record(sample("GET", path)) }
        #expect(try await writtenCount(reaching: 3) == 3)
    }

    /// Large bodies start a write before the batch is full in entries: pending bodies are what
    /// held the memory under load. The batch keeps to the byte limit: the second page, which
    /// would pass it, waits for the next batch (or the delay, or a read).
    @Test func bodiesReachingTheByteLimitAreWrittenWithoutWaitingForTheDelay() async throws {
        let journal = try open(flushDelay: .seconds(60), batchSize: 512, batchBytes: 1_000)
        let page = String(repeating: "列", count: 200)
        for path in ["/app/events", "/app/templates"] { journal.record(sample("POST", path, body: page)) }
        #expect(try await writtenCount(reaching: 1) == 1)
        #expect(try journal.entries(matching: JournalFilter()).map(\.body.count) == [600, 600])
    }

    /// 63 entries in one flush are one batch: they come back in order, numbered on, every field
    /// intact, including nils and the capacity's cut inside the batch.
    @Test func aBatchOfEveryInsertSizeKeepsOrderIdsAndFields() throws {
        let journal = try open(capacity: 60, flushDelay: .seconds(60))
        let recorded = (0..<63).map { index in
            sample(index.isMultiple(of: 2) ? "GET" : "POST", "/app/e\(index)", status: index == 5 ? nil : 200,
                   at: 1_800_000_000 + Double(index), body: "b\(index) 中文")
        }
        recorded.forEach(journal.record)
        let entries = try journal.entries(matching: JournalFilter())
        #expect(entries.count == 60, "the capacity keeps the newest 60")
        let ids = entries.map(\.id)
        #expect(ids == Array((4...63).reversed()).map(Int64.init), "\(ids)")
        for entry in entries {
            var expected = recorded[Int(entry.id) - 1]
            expected.id = entry.id
            #expect(entry == expected)
        }
    }

    /// A batch's entries share one blob: empty texts stay empty (not nil), nil stays nil, and each
    /// value keeps its own bytes next to its neighbours'.
    @Test func emptyAndAbsentValuesAndAnswersKeepTheirOwnBytesInABatch() throws {
        let journal = try open(flushDelay: .seconds(60))
        let answered = JournalEntry(
            startedAt: Date(timeIntervalSince1970: 1_800_000_000), client: "[::1]:5001", method: "POST",
            target: "/app/user/login?token=%5Bmasked%5D", path: "/app/user/login",
            headers: [("Host", "localhost"), ("Content-Type", "application/json"), ("X-Empty", "")],
            body: Array(#"{"email":"a@b.c","password":"[masked]"}"#.utf8), bodySize: 40, status: 200,
            durationMilliseconds: 0.25, answeredBy: "", delayMilliseconds: nil, delaySource: nil, fault: nil,
            faultSource: nil, rejection: nil,
            responseHeaders: [("Content-Type", "application/json; charset=utf-8"), ("X-Mock-Answered-By", "maka")],
            responseBody: Array(#"{"code":200,"data":{"nickname":"小明"}}"#.utf8))
        let rejected = JournalEntry(
            startedAt: Date(timeIntervalSince1970: 1_800_000_001), client: "", method: "", target: "", path: "",
            headers: [], body: [], bodySize: 0, status: 400, durationMilliseconds: 0, rejection: "bare LF")
        let entries = [answered, rejected, answered]
        entries.forEach(journal.record)
        let stored = try journal.entries(matching: JournalFilter()).reversed()
        #expect(stored.count == 3)
        for (entry, recorded) in zip(stored, entries) {
            var expected = recorded
            expected.id = entry.id
            #expect(entry == expected)
        }
        #expect(stored.first?.answeredBy == "", "an empty text is not NULL")
        #expect(stored.dropFirst().first?.answeredBy == nil)
    }

    @Test func filtersAndCountsAgree() throws {
        let journal = try open()
        journal.record(sample("GET", "/app/templates", status: 200, at: 100))
        journal.record(sample("POST", "/app/user/login", status: 200, at: 200))
        journal.record(sample("GET", "/app/user/7", status: 404, at: 300))
        journal.record(sample("GET", "/mbfun_server/index.php", status: nil, at: 400))
        let filters: [(JournalFilter, [String])] = [
            (JournalFilter(), ["/mbfun_server/index.php", "/app/user/7", "/app/user/login", "/app/templates"]),
            (JournalFilter(method: "GET"), ["/mbfun_server/index.php", "/app/user/7", "/app/templates"]),
            (JournalFilter(pathPrefix: "/app/user"), ["/app/user/7", "/app/user/login"]),
            (JournalFilter(method: "GET", pathPrefix: "/app/"), ["/app/user/7", "/app/templates"]),
            (JournalFilter(status: 404), ["/app/user/7"]),
            (JournalFilter(since: Date(timeIntervalSince1970: 300)), ["/mbfun_server/index.php", "/app/user/7"]),
            (JournalFilter(pathPrefix: "/app%"), []),
        ]
        for (filter, paths) in filters {
            #expect(try journal.entries(matching: filter).map(\.path) == paths, "\(filter)")
            var limited = filter
            limited.limit = 1
            #expect(try journal.entries(matching: limited).map(\.path) == Array(paths.prefix(1)))
            #expect(try journal.count(matching: limited) == paths.count)
        }
    }

    @Test func oldestAreDroppedPastCapacity() throws {
        let journal = try open(capacity: 3)
        for index in 0..<5 { journal.record(sample("GET", "/p/\(index)")) }
        try journal.flush()
        journal.record(sample("GET", "/p/5"))
        #expect(try journal.entries(matching: JournalFilter()).map(\.path) == ["/p/5", "/p/4", "/p/3"])
        #expect(try journal.count(matching: JournalFilter()) == 3)
    }

    @Test func bodiesAreCutToTheCapButKeepTheirSize() throws {
        let journal = try open(bodyCap: 4)
        journal.record(sample("GET", "/b", body: "abcdefgh"))
        let stored = try #require(try journal.entries(matching: JournalFilter()).first)
        #expect(stored.body == Array("abcd".utf8))
        #expect(stored.bodySize == 8)
    }

    @Test func clearForgetsPendingAndWrittenThenKeepsRecording() throws {
        let journal = try open(flushDelay: .seconds(60))
        journal.record(sample("GET", "/a"))
        try journal.flush()
        journal.record(sample("GET", "/b"))
        #expect(try journal.clear() == 2)
        #expect(try journal.count(matching: JournalFilter()) == 0)
        journal.record(sample("GET", "/c"))
        #expect(try journal.entries(matching: JournalFilter()).map(\.path) == ["/c"])
    }
}
