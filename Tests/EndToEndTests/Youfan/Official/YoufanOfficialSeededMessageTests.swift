import Foundation
import Testing
import TestSupport
import Wire

/// The demo account starts with notices (`seeds/youfan/messages.json`, a captured
/// `Message/getMailList` of its token): the home badge (`Home/getHomeDeatDetails` `messCount`,
/// MB `Unico/SData/SDataCache.m`) is above zero and each notice opens a seeded collocation.
/// Seeds go into a database once (`CaptureSeeding`): what the user did to them stays across
/// restarts, and `/__admin/reset` brings them back whole.
@Suite struct YoufanOfficialSeededMessageTests {
    static let seedFiles = ["accounts.json", "messages.json", "collocations.json"]

    func badge(_ app: YoufanOfficialApp) async throws -> JSON? {
        try await app.get("Home", "getHomeDeatDetails").data?["messCount"]
    }

    func mails(_ app: YoufanOfficialApp) async throws -> [JSON] {
        try await app.get("Message", "getMailList", [("page", "0"), ("type", "")]).list
    }

    @Test(.enabled(if: ServeBinary.isBuilt), .timeLimit(.minutes(5)))
    func theDemoAccountsNoticesStayAsTheUserLeftThemAcrossARestartAndComeBackOnReset() async throws {
        let directory = try TemporaryDirectory("youfan-official-messages")
        defer { directory.remove() }
        let arguments = try YoufanTestServer.serveArguments(in: directory, seeding: Self.seedFiles)

        var serve = try await ServeBinary.launch(arguments)
        var demo = YoufanOfficialApp(baseURL: "http://127.0.0.1:\(serve.port)", token: YoufanOfficialStateTests.demoToken)
        #expect(try await badge(demo) == 4)
        let newcomer = try await demo.signedIn(userID: "20000077", nickName: "新人")
        #expect(try await badge(newcomer) == 0, "the notices are the demo's own")

        let seeded = try await mails(demo)
        #expect(seeded.count == 4 && seeded.allSatisfy { $0["is_read"] == 0 && $0["type"] == "1" })
        let titles = seeded.compactMap { $0["title"]?.stringValue }
        #expect(titles.contains("欢迎来到有范"))
        for mail in seeded {
            let collocation = try #require(mail["jump_id"]?.stringValue)
            #expect(try await demo.get("Collocation", "getCollocationDetails", [("cid", collocation)]).status == 1,
                    "notice \(mail["title"] ?? "") opens a seeded collocation")
        }
        #expect(try await badge(demo) == 0, "listed notices are read")
        let deleted = try #require(seeded.first?["id"]?.stringValue)
        #expect(try await demo.get("Message", "deMailByid", [("mid", deleted)]).status == 1)
        serve.send(signal: SIGTERM)
        #expect(await serve.exitStatus() == 0)

        serve = try await ServeBinary.launch(arguments)
        demo = YoufanOfficialApp(baseURL: "http://127.0.0.1:\(serve.port)", token: YoufanOfficialStateTests.demoToken)
        #expect(try await badge(demo) == 0, "read stays read; a restart adds none")
        let kept = try await mails(demo)
        #expect(kept.count == 3 && !kept.contains { $0["id"]?.stringValue == deleted }, "deleted stays deleted")
        #expect(kept.allSatisfy { $0["is_read"] == 1 })

        let reset = try await RawHTTPClient.exchangeUntilClose(port: serve.port, "POST", "/__admin/reset", timeout: 60)
        #expect(reset.status == 200, "\(reset.text)")
        #expect(try await badge(demo) == 4, "the seeded notices are back, unread")
        #expect(Set(try await mails(demo).compactMap { $0["title"]?.stringValue }) == Set(titles))
        serve.send(signal: SIGTERM)
        #expect(await serve.exitStatus() == 0)
    }

    /// A database seeded by the build before notices and feed tabs (no `messages.json`, cards
    /// without `tab_str`) starts as it was with this build's seeds beside it; reset takes them.
    @Test(.enabled(if: ServeBinary.isBuilt), .timeLimit(.minutes(5)))
    func aDatabaseSeededByAnOlderBuildStartsAsItWasAndResetTakesTheCurrentSeeds() async throws {
        let directory = try TemporaryDirectory("youfan-official-older-seeds")
        defer { directory.remove() }
        let arguments = try YoufanTestServer.serveArguments(in: directory, seeding: ["accounts.json", "collocations.json"])
        let seeds = directory.url.appendingPathComponent("seeds")
        let collocations = seeds.appendingPathComponent("collocations.json")
        let current = try String(contentsOf: collocations, encoding: .utf8)
        let older = current.replacing(/,"tab_str":"[^"]*"/, with: "")
        #expect(older != current && !older.contains("tab_str"))
        try older.write(to: collocations, atomically: true, encoding: .utf8)
        let tab = [("page", "0"), ("tabstr", "最有范")]

        var serve = try await ServeBinary.launch(arguments)
        var demo = YoufanOfficialApp(baseURL: "http://127.0.0.1:\(serve.port)", token: YoufanOfficialStateTests.demoToken)
        #expect(try await badge(demo) == 0)
        #expect(try await demo.get("Home", "getCollocationListForMain", tab).list.isEmpty)
        serve.send(signal: SIGTERM)
        #expect(await serve.exitStatus() == 0)

        try current.write(to: collocations, atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(at: URL(fileURLWithPath: YoufanTestServer.seedsDirectory).appendingPathComponent("messages.json"),
                                         to: seeds.appendingPathComponent("messages.json"))
        serve = try await ServeBinary.launch(arguments)
        #expect(serve.port > 0, "starts: \(serve.listeningLine)")
        demo = YoufanOfficialApp(baseURL: "http://127.0.0.1:\(serve.port)", token: YoufanOfficialStateTests.demoToken)
        #expect(try await badge(demo) == 0, "the new seeds are not imported over the database")
        #expect(try await demo.get("Home", "getCollocationListForMain", [("page", "0"), ("tabstr", "")]).list.count == 10,
                "the older seeds still serve")

        let reset = try await RawHTTPClient.exchangeUntilClose(port: serve.port, "POST", "/__admin/reset", timeout: 60)
        #expect(reset.status == 200, "\(reset.text)")
        #expect(try await badge(demo) == 4, "reset imports this build's notices")
        let filed = try await demo.get("Home", "getCollocationListForMain", tab).list
        #expect(filed.count == 10 && filed.allSatisfy { $0["tab_str"]?.stringValue?.contains("最有范") == true },
                "and its feed tabs")
        serve.send(signal: SIGTERM)
        #expect(await serve.exitStatus() == 0)
    }
}
