import Dispatch
import Synchronization
import Testing
@testable import Store
import TestSupport

/// The public feed's pages sliced from the copy held in memory (`TableCopy`, maka.016)
/// against the statements they replace, on real SQLite files: every page and its total byte for
/// byte, and the copy current after every kind of write.
@Suite struct MakaPublicFeedCopyTests {
    let fixture: MakaStoreFixture
    let author: MakaUser

    /// 45 events: tag 1, tag 2 (every third) and 5 untagged, so the tags' items are runs of one
    /// and of several in the whole feed.
    init() throws {
        fixture = try MakaStoreFixture()
        author = try fixture.register("author@maka.im", nickname: "作者")
        try fixture.addTags(1...3)
        for number in 1...45 {
            let tag: Int64? = number > 40 ? nil : number % 3 == 0 ? 2 : 1
            try fixture.publish(by: author.uid, title: "活动\(number)", tagId: tag)
        }
    }

    /// Every page of every size the route takes edges of (and of each tag, an empty one, an
    /// unknown one), up to two past the last, equals the statements' answer.
    static func expectEveryPageMatchesTheStatements(_ feed: MakaPublicFeed,
                                                    sourceLocation: SourceLocation = #_sourceLocation) throws {
        for tagId in [nil, 1, 2, 3, 99] as [Int64?] {
            for size in [1, 2, 3, 7, 20, 100] {
                let pages = max(1, (try feed.pageBySQL(tagId: tagId, index: 1, size: size).total + size - 1) / size)
                for index in Array(1...(pages + 2)) + [999_999_999] {
                    let expected = try feed.pageBySQL(tagId: tagId, index: index, size: size)
                    let copied = try feed.page(tagId: tagId, index: index, size: size)
                    #expect(copied.items == expected.items && copied.total == expected.total,
                            "tag \(tagId.map(String.init) ?? "nil"), page \(index) of \(size)", sourceLocation: sourceLocation)
                }
            }
        }
    }

    @Test func everyPageIsTheStatementsByteForByte() throws {
        let feed = fixture.feed
        try Self.expectEveryPageMatchesTheStatements(feed)
        #expect(try feed.page(tagId: nil, index: 1, size: 3).items.map { String(decoding: $0, as: UTF8.self) }
                .allSatisfy { $0.hasPrefix("{\"id\":") && $0.hasSuffix("}") })
        #expect(feed.copy.builds == 1)
    }

    /// maka.016 gives an older database's feed its token: the pages come from the copy and are
    /// the statements'.
    @Test func anOlderDatabaseGetsItsTokenAndEveryPageIsTheStatements() throws {
        let directory = try TemporaryDirectory()
        let path = try MakaStoreFixture.olderDatabase(before: "maka.016-public-feed-version", in: directory) { connection in
            try connection.execute("""
                INSERT INTO maka_users (uid, email, password_hash, nickname, create_time)
                VALUES (10001, 'old@maka.im', 'hash', '老用户', '2015-03-02 10:00:00')
                """)
            for number in 1...12 {
                try MakaImport.upsertPublished(code: "EVENT\(100 + number)", uid: 10001, title: "活动\(number)",
                                               firstImgUrl: "", tagId: number % 4 == 0 ? nil : Int64(number % 2 + 1),
                                               pageCount: 1, publishTime: "2015-03-\(10 + number) 10:00:00", in: connection)
            }
            try MakaPublicFeed.rebuild(in: connection)
        }
        let upgraded = try Database(path: path, migrations: MakaSchema.migrations)
        #expect(try upgraded.read { try TableVersionToken.read(for: "maka_public_feed", in: $0) } != nil)
        let feed = MakaPublicFeed(database: upgraded)
        try Self.expectEveryPageMatchesTheStatements(feed)
        #expect(try feed.page(tagId: nil, index: 1, size: 20).total == 12)
        #expect(feed.copy.builds == 1)
    }

    @Test func theCopyFollowsPublishingRetaggingAndRenaming() throws {
        let feed = fixture.feed
        try Self.expectEveryPageMatchesTheStatements(feed)

        let published = try fixture.publish(by: author.uid, title: "新发布", tagId: 3)
        try Self.expectEveryPageMatchesTheStatements(feed)
        #expect(try fixture.titles(index: 1, size: 1) == ["新发布"])

        let retagged = try fixture.events.update(id: published.id, by: author.uid, changes: MakaEventChanges(title: "改名", tagId: 2))
        guard case .done = retagged else { Issue.record("update: \(retagged)"); return }
        try Self.expectEveryPageMatchesTheStatements(feed)
        #expect(try fixture.titles(tagId: 2, index: 1, size: 1) == ["改名"])
        #expect(try feed.page(tagId: 3, index: 1, size: 20).total == 0)

        _ = try fixture.users.update(uid: author.uid, changes: [(.nickname, .text("新作者"))])
        try Self.expectEveryPageMatchesTheStatements(feed)
        #expect(String(decoding: try feed.page(tagId: nil, index: 2, size: 5).items[0], as: UTF8.self).contains(#""author":"新作者""#))
    }

    @Test func theCopyFollowsAnotherDatabaseOnTheFileAndNotARolledBackWrite() throws {
        let feed = fixture.feed
        try Self.expectEveryPageMatchesTheStatements(feed)

        // Another `Database` on the file: its writer's turns are this file's too.
        let other = try Database(path: fixture.path, migrations: MakaSchema.migrations)
        try other.write { connection in
            try connection.execute(#"UPDATE maka_public_feed SET item = '{"title":"别处"}' WHERE seq = 45"#)
        }
        try Self.expectEveryPageMatchesTheStatements(feed)
        #expect(try feed.page(tagId: nil, index: 1, size: 1).items == [Array(#"{"title":"别处"}"#.utf8)])

        // A write that fails changes nothing, in the file or in the copy.
        struct Refused: Error {}
        #expect(throws: Refused.self) {
            try fixture.database.write { connection in
                try connection.execute("DELETE FROM maka_public_feed WHERE seq > 10")
                throw Refused()
            }
        }
        #expect(try feed.page(tagId: nil, index: 1, size: 20).total == 45)
        try Self.expectEveryPageMatchesTheStatements(feed)
    }

    @Test func aSessionsDatabaseHasItsOwnCopyAndARestoreBringsTheTemplatesBack() throws {
        let feed = fixture.feed
        try Self.expectEveryPageMatchesTheStatements(feed)
        let template = fixture.directory.path("template.sqlite")
        try fixture.database.copy(to: template)
        let sessionPath = fixture.directory.path("session.sqlite")
        try fixture.database.copy(to: sessionPath)

        let session = try Database(path: sessionPath, migrations: MakaSchema.migrations)
        try session.trackChangedTables()
        let sessionFeed = MakaPublicFeed(database: session)
        try Self.expectEveryPageMatchesTheStatements(sessionFeed)
        try Self.publish("会话里", by: author.uid, tagId: 1, in: session)
        try Self.expectEveryPageMatchesTheStatements(sessionFeed)
        #expect(try sessionFeed.page(tagId: nil, index: 1, size: 1).total == 46)
        #expect(try feed.page(tagId: nil, index: 1, size: 1).total == 45, "the session's write is not the main database's")

        _ = try session.restoreChangedTables(from: template)
        try Self.expectEveryPageMatchesTheStatements(sessionFeed)
        #expect(try sessionFeed.page(tagId: nil, index: 1, size: 20).items == feed.page(tagId: nil, index: 1, size: 20).items)
    }

    @Test func aDatabaseInMemoryReadsItsTokenForEveryPage() throws {
        let database = try Database(path: ":memory:", migrations: MakaSchema.migrations)
        let feed = MakaPublicFeed(database: database)
        guard case .created(let user) = try MakaUserRepository(database: database).register(
            email: "memory@maka.im", passwordHash: "$y$j9T$fake$hash", nickname: "内存", token: "token-memory")
        else { Issue.record("register"); return }
        try database.write { connection in
            try MakaImport.upsert(MakaTagCategory(id: 4, name: "标签4", sort: 4), in: connection)
        }
        for (number, tag) in [(1, 4), (2, nil), (3, 4)] as [(Int, Int64?)] {
            try Self.publish("活动\(number), 逗号},{括号\"", by: user.uid, tagId: tag, in: database)
        }
        try Self.expectEveryPageMatchesTheStatements(feed)
        #expect(try feed.page(tagId: 4, index: 1, size: 10).items.count == 2)
        try database.write { connection in
            try connection.execute("DELETE FROM maka_public_feed WHERE seq = 3")
        }
        #expect(try feed.page(tagId: 4, index: 1, size: 10).items.count == 1)
        try Self.expectEveryPageMatchesTheStatements(feed)
    }

    /// Creates and publishes an event, as the API does.
    static func publish(_ title: String, by uid: Int64, tagId: Int64?, in database: Database) throws {
        let events = MakaEventRepository(database: database)
        guard case .created(let draft) = try events.create(MakaEventDraft(uid: uid, title: title, tagId: tagId)),
              case .done = try events.publish(id: draft.id, by: uid)
        else { throw MakaStoreFixture.FixtureError.unexpected }
    }

    /// Many first readers at once build the copy once: the others read the statements meanwhile,
    /// and every answer is the same.
    @Test func concurrentFirstReadersBuildTheCopyOnce() throws {
        let feed = fixture.feed
        let expected = try feed.pageBySQL(tagId: nil, index: 2, size: 20)
        let answers = Mutex<[(items: [[UInt8]], total: Int)?]>(Array(repeating: nil, count: 32))
        DispatchQueue.concurrentPerform(iterations: 32) { reader in
            let page = try? feed.page(tagId: nil, index: 2, size: 20)
            answers.withLock { $0[reader] = page }
        }
        #expect(feed.copy.builds == 1)
        #expect(answers.withLock { $0.allSatisfy { $0?.items == expected.items && $0?.total == expected.total } })
    }
}
