import Dispatch
import Foundation
import Testing
@testable import Store
import Wire

/// Waiting entries are copied into records on the recording thread and read back by the writer:
/// every field comes back as it went in, a field seen again in the next record is the same value
/// (no copy made), and a block of records serves batch after batch.
extension JournalTests {
    @Test(arguments: [false, true])
    func anEntryReadBackFromItsRecordHoldsEveryFieldItHad(onTheRequestPath: Bool) {
        let entry = onTheRequestPath ? answered(target: "/app/user/10001?名=值", body: Array("{\"code\":0}".utf8))
            : JournalEntry(startedAt: Date(timeIntervalSince1970: 1_800_000_000.125), client: "", method: "", target: "",
                           path: "", headers: [], body: [], bodySize: 9_000, status: nil, durationMilliseconds: 0.25,
                           answeredBy: "fault", delayMilliseconds: nil, delaySource: nil, fault: "reset",
                           faultSource: "rule:3", rejection: "malformed")
        let records = JournalRecords()
        records.append(entry, bodyBytes: JournalPending.bodyBytes(of: entry))
        records.append(sample("POST", "/marks", status: nil, body: "中文"), bodyBytes: 6)
        let decoded = records.decoded()
        #expect(decoded.count == 2)
        #expect(decoded.first == entry)
        #expect(decoded.last == sample("POST", "/marks", status: nil, body: "中文"))
        #expect(records.bodyBytes == JournalPending.bodyBytes(of: entry) + 6)
    }

    @Test func aFieldWithTheBytesOfThePreviousRecordsIsItsValueAgain() {
        let body = Array(repeating: UInt8(ascii: "x"), count: 300)
        let records = JournalRecords()
        records.append(answered(target: "/app/user/10001?first", body: body), bodyBytes: 300)
        records.append(answered(target: "/app/user/10001?first", body: body), bodyBytes: 300)
        records.append(answered(target: "/app/user/10001?other", body: body), bodyBytes: 300)
        let decoded = records.decoded()
        let bodies = decoded.map { $0.responseBody.withUnsafeBufferPointer { $0.baseAddress } }
        #expect(bodies[0] == bodies[1] && bodies[1] == bodies[2], "one array for the three")
        #expect(decoded[1].target == "/app/user/10001?first" && decoded[2].target == "/app/user/10001?other")
        #expect(decoded[1].answerFields.isSameList(as: decoded[0].answerFields))
        #expect(decoded[2].requestFields.isSameList(as: decoded[0].requestFields))
        #expect(decoded[2].answeredBy == "youfan", "who answered, looked up in the answer's fields read back")
    }

    /// A body past `largestCopiedBody` is held, not copied: read back it is the same array, in
    /// the block it was recorded in or in the one the rest of a batch is moved to.
    @Test func aLargeBodyIsHeldNotCopiedAndMovesWithItsRecord() {
        let large = Array(repeating: UInt8(ascii: "L"), count: JournalRecords.largestCopiedBody + 1)
        var pending = JournalPending(capacity: 100, bodyBytesLimit: 1 << 30)
        pending.append(answered(target: "/small", body: [1, 2, 3]), bodyBytes: 3)
        pending.append(answered(target: "/large", body: large), bodyBytes: large.count)
        pending.append(answered(target: "/large", body: large), bodyBytes: large.count)
        #expect(pending.records.length < 3 * 1024, "neither large body copied")
        let first = pending.takeBatch(most: 1, bytes: 1 << 30)
        #expect(first.records?.decoded().map(\.responseBody) == [[1, 2, 3]])
        let rest = pending.records.decoded()
        #expect(rest.map(\.target) == ["/large", "/large"])
        let addresses = rest.map { $0.responseBody.withUnsafeBufferPointer { $0.baseAddress } }
        #expect(addresses == Array(repeating: large.withUnsafeBufferPointer { $0.baseAddress }, count: 2))
    }

    /// Lists of either form read back as received fields, with their fields in order, their
    /// known names looked up as before.
    @Test func listsOfEitherFormReadBackWithTheirFields() {
        let records = JournalRecords()
        let written = answered(target: "/a", body: [])
        var received = written
        received.requestFields = Self.received([("Host", "127.0.0.1:8080"), ("Accept", "*/*")])
        records.append(written, bodyBytes: 0)
        records.append(received, bodyBytes: 0)
        records.append(received, bodyBytes: 0)
        let decoded = records.decoded()
        #expect(decoded.allSatisfy { $0.headers.map(\.name) == ["Host", "Accept"] })
        #expect(decoded.allSatisfy { $0.requestFields[.host] == "127.0.0.1:8080" })
        #expect(decoded[2].requestFields.isSameList(as: decoded[1].requestFields))
        #expect(decoded[0].answerFields[.xMockAnsweredBy] == "youfan")
    }

    /// The block a batch was taken in, handed back, holds the next entries: no block is made or
    /// grown for them. One spare block at most is kept.
    @Test func aBatchsBlockHandedBackHoldsTheNextWaitingEntries() {
        var pending = JournalPending(capacity: 100, bodyBytesLimit: 1 << 20)
        for index in 1...40 { pending.append(sample("GET", "/w/\(index)"), bodyBytes: 0) }
        let first = pending.takeAll().records
        pending.append(sample("GET", "/w/41"), bodyBytes: 0)
        pending.recycle(first)
        let second = pending.takeAll().records
        #expect(second.decoded().map(\.path) == ["/w/41"])
        #expect(pending.records === first && first.isEmpty)
        pending.recycle(second)
        let third = JournalRecords()
        pending.recycle(third)
        _ = pending.takeAll()
        #expect(pending.records === second)
        _ = pending.takeAll()
        #expect(pending.records !== third, "a spare block was kept already: let go")
    }

    /// Records from several threads while batches are written: every entry is written once and
    /// numbered once.
    @Test func recordsFromSeveralThreadsWhileBatchesAreWritten() throws {
        let journal = try open(capacity: 10_000, flushDelay: .milliseconds(1), batchSize: 16)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for index in 1...500 { journal.record(sample("GET", "/t/\(thread)/\(index)")) }
        }
        let entries = try journal.entries(matching: JournalFilter())
        #expect(entries.count == 2_000)
        #expect(Set(entries.map(\.path)).count == 2_000)
        #expect(entries.map(\.id) == Array((1...2_000).reversed()))
    }

    /// An entry as the request path makes it: a monotonic start, who answered left in the
    /// answer's own fields, lists made by code.
    private func answered(target: String, body: [UInt8]) -> JournalEntry {
        JournalEntry(
            startedAtMonotonic: 123_456_789, client: "127.0.0.1:54321", method: "GET", target: target,
            path: String(target.prefix { $0 != "?" }), requestFields: HTTPHeaders([("Host", "127.0.0.1:8080"), ("Accept", "*/*")]),
            body: [], status: 200, durationMilliseconds: 0.04, answeredBy: nil, answeredByIsAnswers: true,
            delayMilliseconds: nil, delaySource: nil, fault: nil, faultSource: nil,
            answerFields: HTTPHeaders([("Content-Type", "application/json; charset=utf-8"), ("X-Mock-Answered-By", "youfan")]),
            responseBody: body)
    }

    /// `fields` as the request parser receives them.
    private static func received(_ fields: [(name: String, value: String)]) -> HTTPHeaders {
        var bytes: [UInt8] = []
        var spans: [ReceivedHeaderFields.Span] = []
        var known: UInt32 = 0
        for field in fields {
            let name = bytes.count..<(bytes.count + field.name.utf8.count)
            bytes += Array(field.name.utf8) + Array(": ".utf8)
            let value = bytes.count..<(bytes.count + field.value.utf8.count)
            bytes += Array(field.value.utf8) + Array("\r\n".utf8)
            spans.append(ReceivedHeaderFields.Span(name: name, value: value))
            known |= KnownHeader(field.name)?.bit ?? 0
        }
        let list = bytes.withUnsafeBufferPointer { bytes in
            spans.withUnsafeBufferPointer { ReceivedHeaderFields(bytes: bytes, spans: $0) }
        }
        return HTTPHeaders(received: list, knownNames: known)
    }
}
