import Testing
@testable import Store
import TestSupport

/// Databases made by older versions keep their data through the later Maka migrations:
/// `maka.004-user-profile` gives users the client's fields; `maka.008-wire-keys` drops the
/// columns no client reads and re-encodes the feed without `avatar` and with `uid` as text,
/// `maka.009-event-content` gives events their share text (the title), and purchases start empty.
@Suite struct MakaOlderDatabaseMigrationTests {
    @Test func oldUsersGainEmptyProfileFields() throws {
        let directory = try TemporaryDirectory()
        let path = try MakaStoreFixture.olderDatabase(before: "maka.004-user-profile", in: directory) { connection in
            try connection.execute("""
                INSERT INTO maka_users (uid, email, password_hash, nickname, avatar, create_time)
                VALUES (10001, 'old@maka.im', 'hash', '老用户', 'http://img.maka.im/a.jpg', '2015-03-02 10:00:00')
                """)
        }
        let upgraded = try Database(path: path, migrations: MakaSchema.migrations)
        let user = try #require(try MakaUserRepository(database: upgraded).user(uid: 10001))
        #expect(user.nickname == "老用户")
        #expect(user.avatar == "http://img.maka.im/a.jpg")
        #expect(user.company == "" && user.mobile == "" && user.industry == "")
        #expect(user.accountBalance == 0 && user.level == 0 && user.templateNumber == 0)
    }

    @Test func usersEventsAndTheFeedSurviveAndSpeakTheClientsShapes() throws {
        let directory = try TemporaryDirectory()
        let path = try MakaStoreFixture.olderDatabase(before: "maka.008-wire-keys", in: directory) { connection in
            try connection.execute("""
                INSERT INTO maka_users (uid, email, password_hash, nickname, avatar, gender, signature, create_time)
                VALUES (10001, 'old@maka.im', 'hash', '老用户', 'http://img.maka.im/a.jpg', 2, '签名', '2015-03-02 10:00:00')
                """)
            try connection.execute("""
                INSERT INTO maka_events (code, uid, title, status, create_time, update_time, publish_time)
                VALUES ('ABCDEFGH', 10001, '我们结婚啦', 1, '2015-03-02 10:00:00', '2015-03-02 10:00:00', '2015-03-03 10:00:00')
                """)
            // The feed item as the older schema encoded it: `uid` a number, the author's `avatar`.
            try connection.execute("""
                INSERT INTO maka_public_feed (seq, event_id, item)
                SELECT 1, id, '{"id":"ABCDEFGH","title":"我们结婚啦","uid":10001,"avatar":"http://img.maka.im/a.jpg"}'
                FROM maka_events
                """)
        }
        let upgraded = try Database(path: path, migrations: MakaSchema.migrations)
        let user = try #require(try MakaUserRepository(database: upgraded).user(uid: 10001))
        #expect(user.nickname == "老用户" && user.avatar == "http://img.maka.im/a.jpg")
        let columns = try upgraded.read { try $0.query("SELECT name FROM pragma_table_info('maka_users')").map { try $0.string(at: 0) } }
        #expect(!columns.contains("gender") && !columns.contains("signature"))
        let page = try MakaPublicFeed(database: upgraded).page(tagId: nil, index: 1, size: 20)
        let item = String(decoding: try #require(page.items.first), as: UTF8.self)
        #expect(page.total == 1)
        #expect(item.contains("\"uid\":\"10001\"") && !item.contains("avatar"), "\(item)")
        let event = try #require(try MakaEventRepository(database: upgraded).event(code: "ABCDEFGH"))
        #expect(event.content == "我们结婚啦")
        #expect(try !MakaCatalogRepository(database: upgraded).hasBought("T_6QE7W9IW", uid: 10001))
    }

    @Test func oldUsersGetTheirProfileJSON() throws {
        let directory = try TemporaryDirectory()
        let path = try MakaStoreFixture.olderDatabase(before: "maka.011-user-json", in: directory) { connection in
            try connection.execute("""
                INSERT INTO maka_users (uid, email, password_hash, nickname, create_time, city, account_balance, level)
                VALUES (10001, 'old@maka.im', 'hash', '老"用户', '2015-03-02 10:00:00', '上海', 5, 2),
                       (10002, NULL, NULL, '作者', '2015-03-03 10:00:00', '', 0, 0)
                """)
        }
        let users = MakaUserRepository(database: try Database(path: path, migrations: MakaSchema.migrations))
        var owner: [UInt8] = []
        #expect(try users.appendProfileJSON(uid: 10001, forOwner: true, to: &owner))
        #expect(String(decoding: owner, as: UTF8.self) == #"""
            {"uid":10001,"username":"","nickname":"老\"用户","thumb":"","company":"","province":"","city":"上海",\#
            "industry":"","level":2,"templateNumber":0,"createTime":"2015-03-02 10:00:00","email":"old@maka.im",\#
            "mobile":"","truename":"","accountBalance":5,"acountBalance":5}
            """#)
        var author: [UInt8] = []
        #expect(try users.appendProfileJSON(uid: 10002, forOwner: false, to: &author))
        #expect(String(decoding: author, as: UTF8.self) == #"""
            {"uid":10002,"username":"","nickname":"作者","thumb":"","company":"","province":"","city":"",\#
            "industry":"","level":0,"templateNumber":0,"createTime":"2015-03-03 10:00:00"}
            """#)
    }
}
