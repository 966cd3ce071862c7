import CaptureFormats
import Foundation
import Testing
@testable import Store

/// The journal's writer masks each answer body and cuts it to the cap (the request path hands
/// it over as sent), and stores a repeated answer as it stored the first only when that one
/// was stored as sent.
extension JournalTests {
    func answer(_ body: String, type: String = "application/json", at seconds: Double = 1_800_000_000) -> JournalEntry {
        var entry = sample("POST", "/app/user/login", at: seconds)
        entry.responseHeaders = [("content-type", type), ("X-Mock-Answered-By", "maka")]
        entry.responseBody = Array(body.utf8)
        return entry
    }

    /// Oldest first, as recorded.
    func storedAnswers(_ journal: Journal) throws -> [String] {
        try journal.entries(matching: JournalFilter()).reversed().map { String(decoding: $0.responseBody, as: UTF8.self) }
    }

    static let formType = "application/x-www-form-urlencoded"
    static let login = #"{"code":200,"data":{"uid":7,"token":"s3cr3t-answer","nickname":"小明"}}"#

    @Test func answersAreMaskedBeforeTheyAreCutToTheCap() throws {
        let journal = try open(bodyCap: 40)
        journal.record(answer(Self.login))
        let stored = try #require(try storedAnswers(journal).first)
        let masked = String(decoding: SecretMasking.standard.body(Array(Self.login.utf8), contentType: "application/json"),
                            as: UTF8.self)
        #expect(masked.contains(#""token":"[masked]""#))
        #expect(stored == String(decoding: Array(masked.utf8).prefix(40), as: UTF8.self), "cut after masking: \(stored)")
        #expect(!stored.contains("s3cr3t"))
    }

    /// The same bytes answered again: a plain answer is stored as sent, a cut one cut again, a
    /// masked one masked again, and bytes masked as a form are left alone as JSON (they do not
    /// parse), so the type of each answer still decides.
    @Test func repeatedAnswersAreStoredAsTheirFirstWasOnlyWhenItWasStoredAsSent() throws {
        let journal = try open(bodyCap: 80, flushDelay: .seconds(60))
        let long = #"{"list":[""# + String(repeating: "a", count: 90) + #""]}"#
        let form = "uid=7&token=s3cr3t-form"
        let sent = [
            answer(#"{"list":[1,2]}"#), answer(Self.login), answer(long), answer(form, type: Self.formType),
            answer(#"{"list":[1,2]}"#), answer(Self.login), answer(long), answer(form, type: "text/plain"),
            answer(form, type: Self.formType),
        ]
        sent.forEach(journal.record)
        let stored = try storedAnswers(journal)
        #expect(stored.count == 9)
        #expect(stored[0] == #"{"list":[1,2]}"# && stored[4] == stored[0])
        #expect(stored[1].contains(#""token":"[masked]""#) && !stored[1].contains("s3cr3t") && stored[5] == stored[1])
        #expect(stored[2] == String(long.prefix(80)) && stored[6] == stored[2])
        #expect(stored[3] == "uid=7&token=%5Bmasked%5D" && stored[8] == stored[3])
        #expect(stored[7] == form, "a text/plain answer is not a form")
    }

    @Test func keepingSecretsStoresAnswersInClear() throws {
        let journal = try open(masking: .keepingSecrets)
        journal.record(answer(Self.login))
        journal.record(answer(Self.login))
        #expect(try storedAnswers(journal) == [Self.login, Self.login])
    }
}

extension JournalTests {
    /// An entry like the one before it (same request fields, same answer bytes) but for its
    /// answer's type is masked by that type, not given the previous entry's stored answer.
    @Test func anAnswerLikeThePreviousButForItsTypeIsMaskedByItsOwn() throws {
        let journal = try open(flushDelay: .seconds(60))
        let form = "uid=7&token=s3cr3t-form"
        for type in [Self.formType, "text/plain", "text/plain", Self.formType] { journal.record(answer(form, type: type)) }
        #expect(try storedAnswers(journal) == ["uid=7&token=%5Bmasked%5D", form, form, "uid=7&token=%5Bmasked%5D"])
    }
}
