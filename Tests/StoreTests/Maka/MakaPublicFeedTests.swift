import Testing
@testable import Store
import TestSupport

@Suite struct MakaPublicFeedTests {
    let fixture: MakaStoreFixture
    let author: MakaUser

    init() throws {
        fixture = try MakaStoreFixture()
        author = try fixture.register("author@maka.im", nickname: "作者")
        try fixture.addTags(1...2)
        for number in 1...45 {
            try fixture.publish(by: author.uid, title: "活动\(number)", tagId: number % 3 == 0 ? 2 : 1)
        }
    }

    @Test func pagesAreNewestFirstRangesWithTheTotal() throws {
        let first = try fixture.feed.page(tagId: nil, index: 1, size: 20)
        #expect(first.total == 45)
        #expect(try fixture.titles(index: 1, size: 20).prefix(2) == ["活动45", "活动44"])
        #expect(try fixture.titles(index: 3, size: 20) == (1...5).reversed().map { "活动\($0)" })
        #expect(try fixture.feed.page(tagId: nil, index: 4, size: 20).items.isEmpty)
        #expect(try fixture.feed.page(tagId: nil, index: 4, size: 20).total == 45)
        #expect(try fixture.titles(index: 45, size: 1) == ["活动1"])
        #expect(try fixture.feed.page(tagId: nil, index: 1, size: 100).items.count == 45)
    }

    @Test func aTagHasItsOwnDenseSequence() throws {
        #expect(try fixture.feed.page(tagId: 2, index: 1, size: 20).total == 15)
        #expect(try fixture.titles(tagId: 2, index: 1, size: 2) == ["活动45", "活动42"])
        #expect(try fixture.titles(tagId: 2, index: 8, size: 2) == ["活动3"])
        #expect(try fixture.feed.page(tagId: 1, index: 1, size: 20).total == 30)
        #expect(try fixture.feed.page(tagId: 7, index: 1, size: 20).total == 0)
    }

    @Test func itemsAreCompleteJSONObjects() throws {
        let item = String(decoding: try fixture.feed.page(tagId: nil, index: 1, size: 1).items[0], as: UTF8.self)
        #expect(item.hasPrefix("{\"id\":"))
        for field in ["\"title\":\"活动45\"", "\"author\":\"作者\"", "\"firstImgUrl\":\"\"", "\"uid\":\"10001\"",
                      "\"tagId\":2", "\"publishTime\":\"", "\"url\":\"http://viewer.maka.im/k/", "\"QRcodeImg\":\"http://img1.maka.im/qrcode/",
                      "\"thumb\":\"\""] {
            #expect(item.contains(field), "\(field) missing in \(item)")
        }
    }

    @Test func rebuildOrdersByPublishTimeAndKeepsSequencesDense() throws {
        try fixture.database.write { connection in
            try MakaImport.upsertPublished(code: "YWEXMMMH", uid: author.uid, title: "最早", firstImgUrl: "", tagId: 2,
                                           pageCount: 3, publishTime: "2000-01-01 00:00:00", in: connection)
            try MakaPublicFeed.rebuild(in: connection)
        }
        #expect(try fixture.feed.page(tagId: nil, index: 1, size: 1).total == 46)
        #expect(try fixture.titles(index: 46, size: 1) == ["最早"])
        #expect(try fixture.titles(tagId: 2, index: 16, size: 1) == ["最早"])
        #expect(try fixture.titles(index: 1, size: 1) == ["活动45"])
    }

    @Test func theFeedSurvivesAReopen() throws {
        try fixture.reopen()
        #expect(try fixture.feed.page(tagId: nil, index: 1, size: 20).total == 45)
        try fixture.publish(by: author.uid, title: "重启后", tagId: 1)
        #expect(try fixture.titles(index: 1, size: 1) == ["重启后"])
    }

    /// `maka.012-feed-tag-items` indexes the items a database already holds: an older database's
    /// tag pages (first, later, past the end) come from the new index, the old one is gone.
    @Test func anOlderDatabasesTagPagesComeFromTheItemIndex() throws {
        let directory = try TemporaryDirectory()
        let path = try MakaStoreFixture.olderDatabase(before: "maka.012-feed-tag-items", in: directory) { connection in
            try connection.execute("""
                INSERT INTO maka_users (uid, email, password_hash, nickname, create_time)
                VALUES (10001, 'old@maka.im', 'hash', '老用户', '2015-03-02 10:00:00')
                """)
            for (number, code) in ["AAAAAAAA", "BBBBBBBB", "CCCCCCCC"].enumerated() {
                try connection.execute("""
                    INSERT INTO maka_events (code, uid, title, tag_id, status, create_time, update_time, publish_time)
                    VALUES (?, 10001, ?, 5, 1, '2015-03-02 10:00:00', '2015-03-02 10:00:00', '2015-03-03 10:00:00')
                    """, [.text(code), .text("活动\(number + 1)")])
                try connection.execute("""
                    INSERT INTO maka_public_feed (seq, event_id, tag_id, tag_seq, item)
                    SELECT ?1, id, 5, ?1, '{"title":"' || title || '"}' FROM maka_events WHERE code = ?2
                    """, [.integer(Int64(number + 1)), .text(code)])
            }
        }
        let upgraded = try Database(path: path, migrations: MakaSchema.migrations)
        let feed = MakaPublicFeed(database: upgraded)
        let first = try feed.page(tagId: 5, index: 1, size: 2)
        #expect(first.items.map { String(decoding: $0, as: UTF8.self) } == [#"{"title":"活动3"}"#, #"{"title":"活动2"}"#])
        #expect(first.total == 3)
        let second = try feed.page(tagId: 5, index: 2, size: 2)
        #expect(second.items.map { String(decoding: $0, as: UTF8.self) } == [#"{"title":"活动1"}"#])
        #expect(second.total == 3)
        let beyond = try feed.page(tagId: 5, index: 3, size: 2)
        #expect(beyond.items.isEmpty && beyond.total == 3)
        let indexes = try upgraded.read { try $0.query("SELECT name FROM pragma_index_list('maka_public_feed')").map { try $0.string(at: 0) } }
        #expect(indexes.contains("maka_public_feed_tag_items") && !indexes.contains("maka_public_feed_tag"))
    }
}
