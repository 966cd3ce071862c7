import Foundation
import Testing
import TestSupport
import Wire

/// Merge-patch overrides over the real stateful answers: a Maka public event's title, a Youfan
/// product's price set to 0 and one of its lists emptied, called as the shipped apps call them.
@Suite struct StubOverrideEndToEndTests {
    /// A seeded Youfan server of these tests' own (stubs must not reach the shared Youfan suites).
    static let youfan = SharedFixture { try YoufanTestServer() }

    @Test func aPatchAtRenamesTheFirstMakaPublicEventOnly() async throws {
        let maka = try await MakaTestServer(seeded: true)
        let admin = StubsAdminClient(base: maka.baseURL)
        let before = try await admin.send("GET", "/app/publicEvents?page=1&pageSize=3").json
        let events = try #require(before["data"]?.arrayValue)
        #expect(events.count == 3)
        try await admin.stub(#"""
            {"id":"title","request":{"method":"GET","path":"/app/publicEvents"},
             "patchAt":"$.data[0]","patch":{"title":"改过的标题"}}
            """#)
        let reply = try await admin.send("GET", "/app/publicEvents?page=1&pageSize=3")
        #expect(reply.status == 200)
        #expect(reply.answeredBy == "stub:title")
        let after = try #require(reply.json["data"]?.arrayValue)
        #expect(after[0]["title"] == "改过的标题")
        #expect(after[0]["id"] == events[0]["id"])
        #expect(Array(after[1...]) == Array(events[1...]))
        #expect(reply.json["page"] == before["page"])
        #expect(reply.json["code"] == 200)
        await maka.stop()
    }

    @Test func aYoufanProductCostsNothingAndShowsNoPictures() async throws {
        let server = try await Self.youfan.value
        let admin = StubsAdminClient(base: server.baseURL)
        let app = YoufanAppClient(baseURL: server.baseURL, platform: .iOS)
        let code = "160300001"
        let before = try await app.call("Product", "getProductDetails", [("code", code)])
        #expect(before.data?["clsInfo"]?["sale_price"] == "198.000000")
        #expect(before.data?["proPicUrl"]?.arrayValue?.isEmpty == false)
        try await admin.stub(#"""
            {"request":{"action":{"m":"Product","a":"getProductDetails"},"params":{"code":{"equalTo":"\#(code)"}}},
             "patch":{"data":{"clsInfo":{"sale_price":"0.000000"},"proPicUrl":[]}}}
            """#)
        for post in [false, true] {
            let after = try await app.call("Product", "getProductDetails", [("code", code)], post: post)
            #expect(after.status == 1)
            #expect(after.data?["clsInfo"]?["sale_price"] == "0.000000")
            #expect(after.data?["clsInfo"]?["marketPrice"] == before.data?["clsInfo"]?["marketPrice"])
            #expect(after.data?["proPicUrl"] == [])
            #expect(after.data?["clsPicUrl"] == before.data?["clsPicUrl"])
        }
        let other = try await app.call("Product", "getProductDetails", [("code", "160300002")])
        #expect(other.data?["clsInfo"]?["sale_price"] != "0.000000")
    }
}
