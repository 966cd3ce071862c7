import Foundation
import Testing
@testable import Store
import Wire

/// Entries as the request path makes them: started at a monotonic reading that the writer makes
/// a time, who answered left in the answer's `X-Mock-Answered-By` for the writer to look up, and
/// the mock controls' marks absent unless one is set.
extension JournalTests {
    func madeOnTheRequestPath(answeredBy: String? = nil, answeredByIsAnswers: Bool = true, answer: String = "maka",
                              fault: String? = nil, client: String = "127.0.0.1:5000") -> JournalEntry {
        JournalEntry(
            startedAtMonotonic: JournalStart.monotonicNow(), client: client, method: "GET",
            target: "/app/user/10001", path: "/app/user/10001", requestFields: HTTPHeaders([("Host", "localhost")]),
            body: [], status: 200, durationMilliseconds: 0.25, answeredBy: answeredBy,
            answeredByIsAnswers: answeredByIsAnswers, delayMilliseconds: nil, delaySource: nil, fault: fault,
            faultSource: fault == nil ? nil : "header",
            answerFields: HTTPHeaders([("Content-Type", "application/json"), ("X-Mock-Answered-By", answer)]),
            responseBody: Array(#"{"code":0}"#.utf8))
    }

    @Test func aMonotonicStartReadsBackAsTheWallClockTimeItWasTakenAt() throws {
        let journal = try open(flushDelay: .seconds(60))
        let before = Date()
        let entry = madeOnTheRequestPath()
        let after = Date()
        #expect(entry.startedAt >= before.addingTimeInterval(-0.01) && entry.startedAt <= after.addingTimeInterval(0.01))
        journal.record(entry)
        try journal.flush()
        let stored = try journal.entries(matching: JournalFilter())
        #expect(stored.count == 1)
        #expect(stored[0].startedAt >= before.addingTimeInterval(-0.01) && stored[0].startedAt <= after.addingTimeInterval(0.01))
        #expect(try journal.count(matching: JournalFilter(since: before.addingTimeInterval(-0.01))) == 1)
        #expect(try journal.count(matching: JournalFilter(since: after.addingTimeInterval(1))) == 0)
    }

    @Test func whoAnsweredIsTheAnswersFieldWhenLeftToIt() throws {
        let journal = try open(flushDelay: .seconds(60))
        let recorded = [
            madeOnTheRequestPath(), madeOnTheRequestPath(), madeOnTheRequestPath(client: "127.0.0.1:5001"),
            madeOnTheRequestPath(answer: "youfan"), madeOnTheRequestPath(answer: "youfan"),
            madeOnTheRequestPath(answeredBy: "fault", answeredByIsAnswers: false, fault: "status:503"),
            madeOnTheRequestPath(answeredBy: nil, answeredByIsAnswers: false), madeOnTheRequestPath(),
        ]
        #expect(recorded.map(\.answeredBy) == ["maka", "maka", "maka", "youfan", "youfan", "fault", nil, "maka"])
        for entry in recorded { journal.record(entry) }
        let stored = try journal.entries(matching: JournalFilter()).reversed()
        #expect(stored.map(\.answeredBy) == ["maka", "maka", "maka", "youfan", "youfan", "fault", nil, "maka"])
        #expect(stored.map(\.fault) == [nil, nil, nil, nil, nil, "status:503", nil, nil])
        #expect(stored.map(\.faultSource) == [nil, nil, nil, nil, nil, "header", nil, nil])
    }

    /// The request path records its fields without making an entry: read back, they are the
    /// entry of the same arguments, its request body cut to the cap and its marks kept.
    @Test func anAnsweredRequestRecordedFromItsFieldsReadsBackAsItsEntry() throws {
        let journal = try open(bodyCap: 4, flushDelay: .seconds(60))
        let start = JournalStart.monotonicNow()
        let answer = HTTPHeaders([("Content-Type", "application/json"), ("X-Mock-Answered-By", "youfan")])
        for (delay, fault) in [(nil, nil), (30, nil), (nil, "reset")] as [(Int?, String?)] {
            journal.recordAnswered(
                startedAtMonotonic: start, client: "127.0.0.1:5000", method: "POST", target: "/m/?a=1", path: "/m/",
                requestFields: HTTPHeaders([("Host", "localhost")]), body: Array("123456".utf8),
                status: fault == nil ? 201 : nil, durationMilliseconds: 0.5, answeredBy: fault == nil ? nil : "fault",
                answeredByIsAnswers: fault == nil, delayMilliseconds: delay, delaySource: delay == nil ? nil : "header",
                fault: fault, faultSource: fault == nil ? nil : "rule:1", answerFields: answer, responseBody: Array("{}".utf8))
        }
        let stored = try journal.entries(matching: JournalFilter()).reversed().map { $0 }
        #expect(stored.count == 3)
        #expect(stored.map(\.body) == Array(repeating: Array("1234".utf8), count: 3))
        #expect(stored.map(\.bodySize) == [6, 6, 6])
        #expect(stored.map(\.status) == [201, 201, nil])
        #expect(stored.map(\.answeredBy) == ["youfan", "youfan", "fault"])
        #expect(stored.map(\.delayMilliseconds) == [nil, 30, nil])
        #expect(stored.map(\.fault) == [nil, nil, "reset"])
        #expect(stored.map(\.responseHeaders.count) == [2, 2, 2])
        #expect(stored.allSatisfy { $0.target == "/m/?a=1" && $0.method == "POST" && $0.responseBody == Array("{}".utf8) })
    }

    @Test func marksSetThenClearedAreNoMarks() {
        var entry = sample("GET", "/app/user/7")
        let unmarked = sample("GET", "/app/user/7")
        entry.fault = "reset"
        entry.faultSource = "rule:slow"
        #expect(entry != unmarked)
        entry.fault = nil
        entry.faultSource = nil
        #expect(entry == unmarked)
        entry.delayMilliseconds = nil
        entry.delaySource = nil
        entry.rejection = "bare LF"
        #expect(entry.delayMilliseconds == nil && entry.delaySource == nil && entry.rejection == "bare LF")
    }
}
