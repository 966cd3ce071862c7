import Foundation
import Testing
import TestSupport
import Wire

/// The demo account starts with notices (`seeds/youfan/messages.json`, a captured
/// `Message/getMailList` of its token): the home badge (`Home/getHomeDeatDetails` `messCount`,
/// MB `Unico/SData/SDataCache.m`) is above zero and each notice opens a seeded collocation.
@Suite struct YoufanOfficialSeededMessageTests {
    static let seedFiles = ["accounts.json", "messages.json", "collocations.json"]

    @Test(.enabled(if: ServeBinary.isBuilt), .timeLimit(.minutes(5)))
    func theDemoAccountStartsWithUnreadNoticesThatSurviveARestartAndComeBackOnReset() async throws {
        let directory = try TemporaryDirectory("youfan-official-messages")
        defer { directory.remove() }
        let arguments = try YoufanTestServer.serveArguments(in: directory, seeding: Self.seedFiles)

        var serve = try await ServeBinary.launch(arguments)
        var demo = YoufanOfficialApp(baseURL: "http://127.0.0.1:\(serve.port)", token: YoufanOfficialStateTests.demoToken)
        #expect(try await demo.get("Home", "getHomeDeatDetails").data?["messCount"] == 4)
        let newcomer = try await demo.signedIn(userID: "20000077", nickName: "新人")
        #expect(try await newcomer.get("Home", "getHomeDeatDetails").data?["messCount"] == 0, "the notices are the demo's own")

        let mails = try await demo.get("Message", "getMailList", [("page", "0"), ("type", "")]).list
        #expect(mails.count == 4 && mails.allSatisfy { $0["is_read"] == 0 && $0["type"] == "1" })
        let titles = mails.compactMap { $0["title"]?.stringValue }
        #expect(titles.contains("欢迎来到有范"))
        for mail in mails {
            let collocation = try #require(mail["jump_id"]?.stringValue)
            #expect(try await demo.get("Collocation", "getCollocationDetails", [("cid", collocation)]).status == 1,
                    "notice \(mail["title"] ?? "") opens a seeded collocation")
        }
        #expect(try await demo.get("Home", "getHomeDeatDetails").data?["messCount"] == 0, "listed notices are read")
        serve.send(signal: SIGTERM)
        #expect(await serve.exitStatus() == 0)

        serve = try await ServeBinary.launch(arguments)
        demo = YoufanOfficialApp(baseURL: "http://127.0.0.1:\(serve.port)", token: YoufanOfficialStateTests.demoToken)
        #expect(try await demo.get("Home", "getHomeDeatDetails").data?["messCount"] == 0, "read stays read; a restart adds none")
        #expect(try await demo.get("Message", "getMailList", [("page", "0"), ("type", "")]).list.count == 4)

        let reset = try await RawHTTPClient.exchangeUntilClose(port: serve.port, "POST", "/__admin/reset", timeout: 60)
        #expect(reset.status == 200, "\(reset.text)")
        #expect(try await demo.get("Home", "getHomeDeatDetails").data?["messCount"] == 4, "the seeded notices are back, unread")
        serve.send(signal: SIGTERM)
        #expect(await serve.exitStatus() == 0)
    }
}
