import CaptureFormats
import Foundation
import Testing
@testable import Store

/// The journal's writer masks each entry's target and both header lists (the request path hands
/// them over as sent), and stores a repeated header list as it stored the first only when that
/// one was stored as sent — never because an answer body of the same bytes was.
extension JournalTests {
    func sent(target: String = "/app/user/login", fields: [(name: String, value: String)],
              answerFields: [(name: String, value: String)] = []) -> JournalEntry {
        var entry = sample("POST", "/app/user/login")
        entry.target = target
        entry.headers = fields
        entry.responseHeaders = answerFields
        return entry
    }

    static let secretFields: [(name: String, value: String)] = [
        ("Host", "localhost"), ("Authorization", "Bearer s3cr3t-bearer"), ("Cookie", "sid=s3cr3t-sid; theme=dark"),
        ("X-Device-Token", "s3cr3t-device"),
    ]

    @Test func targetsAndBothHeaderListsAreMaskedByTheWriter() throws {
        let journal = try open()
        journal.record(sent(target: "/app/user/login?uid=7&access_token=s3cr3t-query", fields: Self.secretFields,
                            answerFields: [("Set-Cookie", "sid=s3cr3t-set; Path=/"), ("Content-Type", "application/json")]))
        let entry = try #require(try journal.entries(matching: JournalFilter()).first)
        #expect(entry.target == "/app/user/login?uid=7&access_token=%5Bmasked%5D")
        #expect(entry.headers.map(\.name) == ["Host", "Authorization", "Cookie", "X-Device-Token"])
        #expect(entry.headers.map(\.value) == ["localhost", "Bearer [masked]", "sid=[masked]; theme=[masked]", "[masked]"])
        #expect(entry.responseHeaders.map(\.value) == ["sid=[masked]; Path=/", "application/json"])
    }

    /// A batch's writer remembers the target it stored last: the same secret target sent again
    /// is stored masked again, and the next target is read for itself.
    @Test func aRepeatedTargetIsMaskedEveryTimeAndTheNextReadForItself() throws {
        let journal = try open(flushDelay: .seconds(60))
        let secret = "/app/user/login?access_token=s3cr3t-query"
        for target in [secret, secret, "/app/user/login?uid=7", secret] {
            journal.record(sent(target: target, fields: [("Host", "localhost")]))
        }
        let targets = try journal.entries(matching: JournalFilter()).reversed().map(\.target)
        let masked = "/app/user/login?access_token=%5Bmasked%5D"
        #expect(targets == [masked, masked, "/app/user/login?uid=7", masked])
    }

    /// The first list is masked, the second stored as sent, and both again: the writer's memory
    /// of what it stored as sent must not let the masked list through on its second write.
    @Test func aRepeatedListIsMaskedAgainAndAPlainOneStoredAsSent() throws {
        let journal = try open(flushDelay: .seconds(60))
        let plain: [(name: String, value: String)] = [("Host", "localhost"), ("Accept", "*/*")]
        for fields in [Self.secretFields, plain, Self.secretFields, plain] { journal.record(sent(fields: fields)) }
        let values = try journal.entries(matching: JournalFilter()).reversed().map { $0.headers.map(\.value) }
        let masked = ["localhost", "Bearer [masked]", "sid=[masked]; theme=[masked]", "[masked]"]
        #expect(values == [masked, ["localhost", "*/*"], masked, ["localhost", "*/*"]])
        #expect(try storedParts() == 2, "one masked list, one plain list; answers are empty")
    }

    /// An answer body of exactly a list's field lines holds no `token` or `password`, so it is
    /// stored as sent; a request list of the same lines still has its `Cookie` masked.
    @Test func anAnswerStoredAsSentDoesNotLetTheSameBytesThroughAsHeaderFields() throws {
        let journal = try open(flushDelay: .seconds(60))
        var answer = sent(fields: [("Host", "localhost")])
        answer.responseBody = Array("Cookie: sid=s3cr3t".utf8)
        journal.record(answer)
        journal.record(sent(fields: [("Cookie", "sid=s3cr3t")]))
        let entries = try journal.entries(matching: JournalFilter()).reversed().map { $0 }
        #expect(String(decoding: entries[0].responseBody, as: UTF8.self) == "Cookie: sid=s3cr3t")
        #expect(entries[1].headers.map(\.value) == ["sid=[masked]"])
    }

    @Test func keepingSecretsStoresTargetsAndFieldsInClear() throws {
        let journal = try open(masking: .keepingSecrets)
        journal.record(sent(target: "/a?token=s3cr3t-query", fields: Self.secretFields))
        let entry = try #require(try journal.entries(matching: JournalFilter()).first)
        #expect(entry.target == "/a?token=s3cr3t-query")
        #expect(entry.headers.map(\.value) == Self.secretFields.map(\.value))
    }
}
