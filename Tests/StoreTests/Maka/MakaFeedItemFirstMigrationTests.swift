import Testing
@testable import Store
import TestSupport

/// `maka.014-feed-item-first` rebuilds an older database's public feed with `item` beside `seq`:
/// every page answers what it answered before, byte for byte, the indexes are the same, and
/// publishing afterwards still tops the feed and its tag.
@Suite struct MakaFeedItemFirstMigrationTests {
    private static let migration = "maka.014-feed-item-first"
    /// First, later, last and past-the-end pages, of the whole feed, of two tags and of an unused tag.
    private static let reads: [(tagId: Int64?, index: Int, size: Int)] = [
        (nil, 1, 20), (nil, 2, 20), (nil, 2, 7), (nil, 25, 1), (nil, 26, 1), (nil, 3, 20),
        (1, 1, 20), (1, 3, 7), (1, 4, 7), (2, 1, 3), (2, 3, 3), (9, 1, 20),
    ]

    @Test func anOlderFeedAnswersTheSamePagesAfterTheRebuild() throws {
        let directory = try TemporaryDirectory()
        let path = try MakaStoreFixture.olderDatabase(before: Self.migration, in: directory) { connection in
            try connection.execute("""
                INSERT INTO maka_users (uid, email, password_hash, nickname, create_time)
                VALUES (10001, 'old@maka.im', 'hash', '老"用户', '2015-03-02 10:00:00')
                """)
            for number in 1...25 {
                try MakaImport.upsertPublished(code: "EVENT\(100 + number)", uid: 10001, title: "活动 \\\(number)",
                                               firstImgUrl: "http://img.maka.im/\(number).jpg", tagId: number % 3 == 0 ? 2 : 1,
                                               pageCount: number, publishTime: "2015-03-\(10 + number) 10:00:00", in: connection)
            }
            try MakaPublicFeed.rebuild(in: connection)
        }
        // Read by the statements: the copy's token (maka.016) is not there yet.
        let older = try Database(path: path, migrations: Array(MakaSchema.migrations.prefix { $0.name != Self.migration }))
        let before = try Self.reads.map { try MakaPublicFeed(database: older).pageBySQL(tagId: $0.tagId, index: $0.index, size: $0.size) }
        #expect(before[0].items.count == 20 && before[0].total == 25)

        let upgraded = try Database(path: path, migrations: MakaSchema.migrations)
        let after = try Self.pages(of: upgraded)
        #expect(after.map(\.items) == before.map(\.items))
        #expect(after.map(\.total) == before.map(\.total))
        let columns = try upgraded.read { try $0.query("SELECT name FROM pragma_table_info('maka_public_feed')").map { try $0.string(at: 0) } }
        #expect(columns == ["seq", "item", "event_id", "tag_id", "tag_seq"])
        let indexes = try upgraded.read { try $0.query("SELECT name FROM pragma_index_list('maka_public_feed')").map { try $0.string(at: 0) } }
        #expect(Set(indexes) == ["maka_public_feed_tag_items", "sqlite_autoindex_maka_public_feed_1"])

        let feed = MakaPublicFeed(database: upgraded)
        let events = MakaEventRepository(database: upgraded)
        guard case .created(let draft) = try events.create(MakaEventDraft(uid: 10001, title: "迁移后", tagId: 2)),
              case .done = try events.publish(id: draft.id, by: 10001, now: "2016-01-01 10:00:00") else {
            Issue.record("the draft was not published")
            return
        }
        let top = try feed.page(tagId: nil, index: 1, size: 1)
        #expect(top.total == 26)
        #expect(String(decoding: try #require(top.items.first), as: UTF8.self).contains(#""title":"迁移后""#))
        let tagTop = try feed.page(tagId: 2, index: 1, size: 1)
        #expect(tagTop.total == 9)
        #expect(tagTop.items == top.items)
    }

    private static func pages(of database: Database) throws -> [(items: [[UInt8]], total: Int)] {
        let feed = MakaPublicFeed(database: database)
        return try reads.map { try feed.page(tagId: $0.tagId, index: $0.index, size: $0.size) }
    }
}
