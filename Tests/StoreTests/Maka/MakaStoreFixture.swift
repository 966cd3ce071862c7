@testable import Store
import TestSupport

/// A Maka database on a temporary file, with helpers to add users, tags and published events.
final class MakaStoreFixture {
    let directory: TemporaryDirectory
    let path: String
    private(set) var database: Database

    init() throws {
        directory = try TemporaryDirectory()
        path = directory.path("maka.sqlite")
        database = try Database(path: path, migrations: MakaSchema.migrations)
    }

    var users: MakaUserRepository { MakaUserRepository(database: database) }
    var events: MakaEventRepository { MakaEventRepository(database: database) }
    var feed: MakaPublicFeed { MakaPublicFeed(database: database) }
    var catalog: MakaCatalogRepository { MakaCatalogRepository(database: database) }

    /// A database file made by the Maka migrations before `migration` and filled by `fill`, as an
    /// older version left it; closed, so a test can open it with every migration.
    static func olderDatabase(before migration: String, in directory: TemporaryDirectory,
                              fill: (Connection) throws -> Void) throws -> String {
        let path = directory.path("old.sqlite")
        let before = Array(MakaSchema.migrations.prefix { $0.name != migration })
        precondition(before.count < MakaSchema.migrations.count, "no migration \(migration)")
        try Database(path: path, migrations: before).write(fill)
        return path
    }

    /// Closes and reopens the same file, as a server restart does.
    func reopen() throws {
        database = try Database(path: path, migrations: MakaSchema.migrations)
    }

    func register(_ email: String, nickname: String = "昵称") throws -> MakaUser {
        guard case .created(let user) = try users.register(
            email: email, passwordHash: "$y$j9T$fake$hash", nickname: nickname, token: "token-\(email)")
        else { throw FixtureError.unexpected }
        return user
    }

    func addTags(_ ids: ClosedRange<Int64>) throws {
        try database.write { connection in
            for id in ids {
                try MakaImport.upsert(MakaTagCategory(id: id, name: "标签\(id)", sort: Int(id)), in: connection)
            }
        }
    }

    func draft(by uid: Int64, title: String, tagId: Int64? = nil, templateId: String? = nil) throws -> MakaEvent {
        guard case .created(let event) = try events.create(
            MakaEventDraft(uid: uid, title: title, templateId: templateId, tagId: tagId))
        else { throw FixtureError.unexpected }
        return event
    }

    @discardableResult
    func publish(by uid: Int64, title: String, tagId: Int64? = nil, at time: String = MakaTimestamp.now()) throws -> MakaEvent {
        let event = try draft(by: uid, title: title, tagId: tagId)
        guard case .done(let published) = try events.publish(id: event.id, by: uid, now: time) else {
            throw FixtureError.unexpected
        }
        return published
    }

    /// The titles on one feed page, decoded from the stored item JSON.
    func titles(tagId: Int64? = nil, index: Int, size: Int) throws -> [String] {
        try feed.page(tagId: tagId, index: index, size: size).items.map { item in
            let text = String(decoding: item, as: UTF8.self)
            guard let start = text.range(of: "\"title\":\"")?.upperBound,
                  let end = text[start...].firstIndex(of: "\"") else { return "?" }
            return String(text[start..<end])
        }
    }

    enum FixtureError: Error { case unexpected }
}
