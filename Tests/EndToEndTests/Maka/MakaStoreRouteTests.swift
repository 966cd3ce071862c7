import Testing
import Wire

/// The store routes the public clients call (WIRE.md §4.5), sent as they send them.
@Suite struct MakaStoreRouteTests {
    let server: MakaTestServer
    let client: MakaClient

    init() async throws {
        server = try await MakaTestServer(seeded: true)
        client = MakaClient(server: server)
    }

    /// QT `BuyTemplateMainVC.m` → `CategoryItem.m` binds `ID ← id` (NSInteger) and `name`; the
    /// ids are the `cateId`s of the store and the ids of `specialCategories`.
    @Test func categoryAppListsIntegerIdsAndNamesLikeSpecialCategories() async throws {
        let reply = try await client.send("GET", "/app/categoryApp?timestamp=1474272000000", headers: MakaLoginWireTests.qtHeaders)
        #expect(reply.code == 200, "\(reply.text)")
        #expect(reply.items.count == 10)
        for item in reply.items {
            #expect(item["id"]?.isWireInteger == true)
            #expect(item["name"]?.isWireString == true)
            #expect(item["name"]?.stringValue?.isEmpty == false)
        }
        let special = try await client.get("/app/specialCategories")
        #expect(reply.items.map { $0["id"]?.intValue } == special.items.map { $0["id"]?.intValue })
        #expect(reply.items.first?["name"]?.stringValue == "婚礼请柬")
    }
}
