import Testing
import TestSupport
import Wire

/// Purchases as QT's `TemplatePreviewVC.m` asks about them (WIRE.md §4.5): `buyTemplate/status`
/// is true for a free template, and for a paid one only for the user who bought it. The seeds
/// give the QT account the paid template QT previews; a reset restores them.
@Suite struct MakaPurchaseTests {
    static let previewed = "T_6QE7W9IW"

    private func status(_ template: String, uid: Int, token: String, on port: Int) async throws -> JSON? {
        let answer = try await MakaWireRequest.get(
            "/app/buyTemplate/status/\(template)",
            [("templateId", template), ("timestamp", "1458616475750"), ("token", token), ("uid", "\(uid)")],
            headers: MakaWireRequest.qtHeaders
        ).send(to: port)
        #expect(answer.isSuccess, "\(answer.text)")
        return answer.data["status"]
    }

    @Test func aPaidTemplateIsUnlockedOnlyForItsBuyerAndAResetKeepsTheSeededPurchase() async throws {
        let server = try await MakaTestServer(seeded: true)
        let client = MakaClient(server: server)
        let template = try await client.get("/app/template/\(Self.previewed)")
        #expect(template.data["price"] == .string("19.90"), "the previewed template is paid")
        let free = try #require(try await client.get("/app/storeTemplates?cateId=-1&perPage=100").data["dataList"]?
            .arrayValue?.first { $0["price"] == .string("0.00") }?["id"]?.stringValue)

        let qt = try await client.login(MakaLoginWireTests.qtEmail, password: MakaLoginWireTests.qtPassword)
        let newcomer = try await client.register("newcomer@maka.im")
        #expect(try await status(Self.previewed, uid: qt.uid, token: qt.token, on: server.port) == .bool(true), "bought")
        #expect(try await status(Self.previewed, uid: newcomer.uid, token: newcomer.token, on: server.port) == .bool(false))
        #expect(try await status(free, uid: qt.uid, token: qt.token, on: server.port) == .bool(true))
        #expect(try await status(free, uid: newcomer.uid, token: newcomer.token, on: server.port) == .bool(true))
        // The uid parameter QT sends names nobody: the token decides whose purchases count.
        #expect(try await status(Self.previewed, uid: qt.uid, token: newcomer.token, on: server.port) == .bool(false))

        let reset = try await RawHTTPClient.exchangeUntilClose(port: server.port, "POST", "/__admin/reset", timeout: 60)
        #expect(reset.status == 200, "\(reset.text)")
        let again = try await client.login(MakaLoginWireTests.qtEmail, password: MakaLoginWireTests.qtPassword)
        #expect(try await status(Self.previewed, uid: again.uid, token: again.token, on: server.port) == .bool(true))
        await server.stop()
    }
}
