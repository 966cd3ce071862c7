import Testing
@testable import APIRoutes
import Store
import TestSupport

/// The JSON each user's row keeps (`MakaSchema.userJSON`, maintained by triggers) against the
/// server's own writer of the User (`MakaUserWire`), on a real database: whatever wrote the row
/// and whatever its text holds, the profile read copies exactly the bytes the writer would make.
@Suite struct MakaUserJSONTests {
    let directory: TemporaryDirectory
    let database: Database
    var users: MakaUserRepository { MakaUserRepository(database: database) }

    init() throws {
        directory = try TemporaryDirectory("maka-user-json")
        database = try Database(path: directory.path("m.sqlite"), migrations: MakaSchema.migrations)
    }

    /// Every control character, both escaped quotes, backslashes before `b`, `f`, `u` (which
    /// SQLite's `json_quote` would confuse with its own `\b` and `\f`), DEL, U+2028, CJK, emoji.
    static let awkward = String(decoding: (0..<0x20).map { UInt8($0) }, as: UTF8.self)
        + #"" \ \\ \b \f \u0008 \\b "# + "\u{7F}\u{2028}婚礼😀\u{8}\u{C}"

    @Test func aCapturedUserWithAwkwardTextReadsAsTheWriterWritesIt() throws {
        let user = MakaUser(uid: 10001, email: "a@maka.im", nickname: Self.awkward, avatar: "http://img/\u{8}a",
                            city: "\t城市\n", createTime: "2015-06-01 12:00:00", username: Self.awkward,
                            company: "\"\\", truename: Self.awkward, mobile: "\u{C}", province: "\u{0}",
                            industry: "\r", accountBalance: -42, level: 7, templateNumber: 123_456_789)
        #expect(try database.write { try MakaImport.upsertRegistered(user, passwordHash: "$y$x", in: $0) })
        try expectStoredJSON(uid: 10001, equals: user)
    }

    @Test func anAuthorWithoutEmailReadsWithAnEmptyEmail() throws {
        try database.write {
            try MakaImport.upsertAuthor(uid: 20000, nickname: "作者\u{8}", avatar: "", createTime: "2015-01-01 00:00:00", in: $0)
        }
        let stored = try #require(try users.user(uid: 20000))
        #expect(stored.email == nil)
        try expectStoredJSON(uid: 20000, equals: stored)
    }

    @Test func registrationEditsAndReimportsShowInTheNextRead() throws {
        guard case .created(let registered) = try users.register(email: "b@maka.im", passwordHash: "$y$x",
                                                                 nickname: "b", token: "t") else {
            Issue.record("not registered")
            return
        }
        try expectStoredJSON(uid: registered.uid, equals: registered)
        let edited = try #require(try users.update(uid: registered.uid, changes: [
            (.nickname, .text(Self.awkward)), (.thumb, .text("https://x/\\")), (.mobile, .text("138")),
        ]))
        try expectStoredJSON(uid: registered.uid, equals: edited)
        try users.replacePasswordHash(uid: registered.uid, with: "$y$other")
        try expectStoredJSON(uid: registered.uid, equals: edited)
        var reimported = edited
        reimported.city = "上海\u{1F}"
        reimported.accountBalance = 99
        #expect(try database.write { try MakaImport.upsertRegistered(reimported, passwordHash: "$y$x", in: $0) })
        try expectStoredJSON(uid: registered.uid, equals: reimported)
        try database.write {
            try MakaImport.upsertAuthor(uid: registered.uid, nickname: "改名", avatar: "", createTime: "2000-01-01 00:00:00", in: $0)
        }
        reimported.nickname = "改名"
        try expectStoredJSON(uid: registered.uid, equals: reimported)
    }

    @Test func anUnknownUidAppendsNothing() throws {
        var output: [UInt8] = Array("keep".utf8)
        #expect(try !users.appendProfileJSON(uid: 424242, forOwner: true, to: &output))
        #expect(output == Array("keep".utf8))
    }

    /// The stored JSON, as the owner and as anyone else reads it, is `MakaUserWire`'s for `user`,
    /// which is also what the row now holds.
    private func expectStoredJSON(uid: Int64, equals user: MakaUser,
                                  sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try users.user(uid: uid) == user, sourceLocation: sourceLocation)
        for isOwner in [false, true] {
            var expected: [UInt8] = []
            MakaUserWire.write(user, forOwner: isOwner, into: &expected)
            var stored: [UInt8] = []
            #expect(try users.appendProfileJSON(uid: uid, forOwner: isOwner, to: &stored), sourceLocation: sourceLocation)
            #expect(String(decoding: stored, as: UTF8.self) == String(decoding: expected, as: UTF8.self),
                    "owner: \(isOwner)", sourceLocation: sourceLocation)
            #expect(stored == expected, sourceLocation: sourceLocation)
        }
    }
}
