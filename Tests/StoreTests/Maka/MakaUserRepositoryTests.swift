import Testing
@testable import Store

@Suite struct MakaUserRepositoryTests {
    let fixture: MakaStoreFixture

    init() throws { fixture = try MakaStoreFixture() }

    @Test func registrationNumbersUsersFrom10001AndIssuesAToken() throws {
        let first = try fixture.register("a@maka.im", nickname: "小鱼儿")
        let second = try fixture.register("b@maka.im")
        #expect(first.uid == 10001)
        #expect(second.uid == 10002)
        #expect(first.nickname == "小鱼儿")
        #expect(first.email == "a@maka.im")
        #expect(try fixture.users.uid(forToken: "token-a@maka.im") == 10001)
        #expect(try fixture.users.uid(forToken: "no-such-token") == nil)
    }

    @Test func aTakenEmailIsRefusedAndNothingIsWritten() throws {
        _ = try fixture.register("a@maka.im")
        let again = try fixture.users.register(email: "a@maka.im", passwordHash: "x", nickname: "n", token: "t2")
        #expect(again == .emailTaken)
        #expect(try fixture.users.uid(forToken: "t2") == nil)
        #expect(try fixture.users.user(uid: 10002) == nil)
    }

    @Test func credentialsAreFoundByEmailOnlyForUsersWithAPassword() throws {
        let user = try fixture.register("a@maka.im")
        #expect(try fixture.users.credentials(email: "a@maka.im") == .init(uid: user.uid, passwordHash: "$y$j9T$fake$hash"))
        #expect(try fixture.users.credentials(email: "nobody@maka.im") == nil)
        try fixture.database.write { connection in
            try MakaImport.upsertAuthor(uid: 20000, nickname: "作者", avatar: "", createTime: "2015-01-01 00:00:00", in: connection)
        }
        #expect(try fixture.users.user(uid: 20000)?.nickname == "作者")
        #expect(try fixture.users.exists(email: "a@maka.im"))
        #expect(try !fixture.users.exists(email: "b@maka.im"))
    }

    @Test func severalTokensPerUser() throws {
        let user = try fixture.register("a@maka.im")
        try fixture.users.issueToken("second", uid: user.uid)
        #expect(try fixture.users.uid(forToken: "second") == user.uid)
        #expect(try fixture.users.uid(forToken: "token-a@maka.im") == user.uid)
    }

    @Test func profileUpdateChangesFieldsAndTheAuthorShownOnPublishedEvents() throws {
        let user = try fixture.register("a@maka.im", nickname: "旧名字")
        try fixture.publish(by: user.uid, title: "婚礼请柬")
        let updated = try #require(try fixture.users.update(uid: user.uid, changes: [
            (.nickname, .text("新名字")), (.industry, .text("婚庆")), (.city, .text("上海")),
        ]))
        #expect(updated.nickname == "新名字")
        #expect(updated.industry == "婚庆")
        #expect(updated.city == "上海")
        let item = String(decoding: try fixture.feed.page(tagId: nil, index: 1, size: 20).items[0], as: UTF8.self)
        #expect(item.contains("\"author\":\"新名字\""))
        #expect(try fixture.users.update(uid: 99999, changes: [(.city, .text("北京"))]) == nil)
    }
}
