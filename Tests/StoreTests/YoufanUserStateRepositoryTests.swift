import Testing
import Store
import TestSupport

/// The official app's per-user tables on a real SQLite file: tokens name their user, marks are
/// set once per user and target and counted per target, objects are listed per owner, newest
/// first, and everything is still there when the file is opened again.
@Suite struct YoufanUserStateRepositoryTests {
    let directory: TemporaryDirectory
    let database: Database

    /// The test's SQLite file, opened (again) with every Youfan migration.
    static func open(_ directory: TemporaryDirectory) throws -> Database {
        try Database(path: directory.path("youfan.sqlite"), migrations: YoufanSchema.migrations)
    }

    init() throws {
        let directory = try TemporaryDirectory()
        (self.directory, database) = (directory, try Self.open(directory))
    }

    @Test func aLoginCreatesTheUserAndEveryLoginAddsAToken() throws {
        let accounts = YoufanAccountRepository(database: database)
        try accounts.signIn(userID: "1", account: "a", profile: Array(#"{"nick_name":"x"}"#.utf8), token: "t1")
        try accounts.signIn(userID: "1", account: "a", profile: Array(#"{"nick_name":"y"}"#.utf8), token: "t2")
        #expect(try accounts.userID(token: "t1") == "1" && accounts.userID(token: "t2") == "1")
        #expect(try accounts.userID(token: "t3") == nil)
        #expect(try accounts.profile(userID: "1") == Array(#"{"nick_name":"y"}"#.utf8))
        #expect(try !accounts.register(userID: "1", account: "wx", profile: Array("{}".utf8)), "an existing user stays")
        #expect(try accounts.updateProfile(userID: "1", profile: Array("{}".utf8)))
        #expect(try !accounts.updateProfile(userID: "2", profile: Array("{}".utf8)))
    }

    @Test func marksAreSetOnceAndCountedPerTarget() throws {
        let marks = YoufanMarkRepository(database: database)
        #expect(try marks.set("like", userID: "1", targets: ["c1", "c1", "c2"], marked: true) == 2)
        #expect(try marks.set("like", userID: "2", targets: ["c1"], marked: true) == 1)
        #expect(try marks.count("like", target: "c1") == 2 && marks.count("follow", target: "c1") == 0)
        let liked = try marks.targets("like", userID: "1", page: YoufanPage(index: 0, size: 10))
        #expect(liked.targets == ["c2", "c1"] && liked.total == 2, "newest first")
        #expect(try marks.set("like", userID: "1", targets: ["c1", "c9"], marked: false) == 1)
        #expect(try marks.isMarked("like", userID: "2", target: "c1") && !marks.isMarked("like", userID: "1", target: "c1"))
    }

    @Test func objectsBelongToTheirOwnerAndSurviveReopening() throws {
        let objects = YoufanUserObjectRepository(database: database)
        let first = try objects.insert("cart", userID: "1", target: "b1", state: "", body: Array(#"{"qty":1}"#.utf8))
        let second = try objects.insert("cart", userID: "1", target: "b2", state: "", body: Array(#"{"qty":2}"#.utf8))
        _ = try objects.insert("cart", userID: "2", target: "b1", state: "", body: Array("{}".utf8))
        _ = try objects.insert("order", userID: "1", target: "", state: "unpaid", body: Array("{}".utf8))
        let page = try objects.objects("cart", userID: "1", page: YoufanPage(index: 0, size: 10))
        #expect(page.objects.map(\.id) == [second, first] && page.total == 2)
        #expect(try objects.objects("cart", userID: "1", target: "b1", page: YoufanPage(index: 0, size: 10)).objects.map(\.id) == [first])
        #expect(try objects.objects("order", userID: "1", states: ["cancelled"], page: YoufanPage(index: 0, size: 10)).total == 0)
        #expect(try objects.object("order", id: first) == nil, "ids are per collection")
        try database.write { connection in
            try YoufanUserObjectRepository.update(id: first, state: "x", body: Array(#"{"qty":5}"#.utf8), in: connection)
            try YoufanUserObjectRepository.delete(id: second, in: connection)
        }
        let reopened = YoufanUserObjectRepository(database: try Self.open(directory))
        let stored = try #require(try reopened.object("cart", id: first))
        #expect(stored.state == "x" && stored.body == Array(#"{"qty":5}"#.utf8) && stored.userID == "1" && stored.target == "b1")
        #expect(try reopened.object("cart", id: second) == nil)
        #expect(try reopened.objects("cart", target: "b1", page: YoufanPage(index: 0, size: 10)).total == 2)
    }
}
