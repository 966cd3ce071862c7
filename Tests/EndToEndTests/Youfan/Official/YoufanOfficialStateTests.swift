import Foundation
import Testing
import TestSupport
import Wire

/// Per-user state lives in the SQLite file: the built `serve` started again on the same file
/// still has it, and `POST /__admin/reset` removes it and brings back the seeded demo account.
@Suite struct YoufanOfficialStateTests {
    /// The demo account of `seeds/youfan/accounts.py` (documented in docs/api.md).
    static let demoUserID = "10000001"
    static let demoAccount = "13800138000"
    static let demoToken = "cb09d09800d6c6b4f4f29b6633b3bcce"

    /// The bundled seed files this test needs (the demo account, brands, stock rows): the whole
    /// set is imported at each start and reset, which a loaded machine makes slow.
    static let seedFiles = ["accounts.json", "brands.json", "product-filters.json"]

    @Test(.enabled(if: ServeBinary.isBuilt), .timeLimit(.minutes(5)))
    func aRestartKeepsTheStateAndAResetRemovesIt() async throws {
        let directory = try TemporaryDirectory("youfan-official-state")
        defer { directory.remove() }
        let arguments = try YoufanTestServer.serveArguments(in: directory, seeding: Self.seedFiles)

        var serve = try await ServeBinary.launch(arguments)
        var demo = YoufanOfficialApp(baseURL: "http://127.0.0.1:\(serve.port)", token: Self.demoToken)
        let barcode = try #require(try await demo.get("Product", "ProductFilter", [("prodClsIdList", "160300001")])
            .results.first?["barcode_sys_code"]?.stringValue)
        let added = try await demo.post("Cart", "ShoppingCartCreateList", [("lstCreateDto", #"[{"barcode":"\#(barcode)","Qty":"2"}]"#)])
        #expect(added.json["isSuccess"] == 1, "the seeded demo token is signed in: \(added.json.encodedString())")
        let newcomer = try await demo.signedIn(userID: "20000042", nickName: "新人")
        _ = try await newcomer.get("BrandMb", "likeBrand", [("brandCode", "B1001")])
        _ = try await newcomer.post("Product", "uploadUserProduct", YoufanOfficialUserProductTests.tags("kept"))
        let accessToken = try await demo.accessToken()
        let booked = try await demo.gatewayText("/CallCenter/InvokeSecurity.ashx", [
            ("AccessToken", accessToken), ("ServiceName", "Product"), ("MethodName", "SaveBillAppointment"),
            ("Message", YoufanOfficialFittingRoomTests.booking("20000042")), ("token", newcomer.token)])
        #expect(booked.status == 200 && booked.text.contains(#""result":1"#))
        serve.send(signal: SIGTERM)
        #expect(await serve.exitStatus() == 0)

        serve = try await ServeBinary.launch(arguments)
        demo = YoufanOfficialApp(baseURL: "http://127.0.0.1:\(serve.port)", token: Self.demoToken)
        let moved = YoufanOfficialApp(baseURL: demo.baseURL, token: newcomer.token)
        #expect(try await demo.get("Cart", "ShoppingCartFilter").results.first?["cartInfo"]?["qty"] == 2)
        #expect(try await moved.get("BrandMb", "getMyLikeBrandListWithItem").list.count == 1, "the token still signs in")
        #expect(try await moved.get("Product", "getUserProductListByCategory").results.count == 1, "the upload is kept")
        let browse = [("AccessToken", accessToken), ("ServiceName", "Product"), ("MethodName", "GET:ProductFilter"),
                      ("Message", #"{"prodClsIdList":"160300001"}"#)]
        #expect(try await demo.gatewayText("/CallCenter/InvokeSecurity.ashx", browse).status == 200, "the access token is kept")
        let bookings = try await demo.gatewayText("/CallCenter/InvokeSecurity.ashx", [
            ("AccessToken", accessToken), ("ServiceName", "Product"), ("MethodName", "APP_GetBillAppointment"),
            ("Message", #"{"userID":"20000042"}"#)])
        #expect(try JSON.parse(Array(bookings.text.utf8))["appointmentInfos"]?.arrayValue?.count == 1, "the booking is kept")

        let reset = try await RawHTTPClient.exchangeUntilClose(port: serve.port, "POST", "/__admin/reset", timeout: 60)
        #expect(reset.status == 200, "\(reset.text)")
        #expect(try await demo.get("Cart", "ShoppingCartFilter").results.isEmpty, "the demo account is back, empty")
        let gone = try await moved.get("BrandMb", "getMyLikeBrandListWithItem")
        #expect(gone.status == -103 && gone.info == "token错误", "the newcomer's token is gone")
        let demoUploads = try await demo.get("Product", "getUserProductListByCategory")
        #expect(demoUploads.json["isSuccess"] == 1 && demoUploads.results.isEmpty)
        #expect(try await demo.gatewayText("/CallCenter/InvokeSecurity.ashx", browse).status == 401, "the access token is gone")
        let login = try await YoufanOfficialApp(baseURL: demo.baseURL).get("User", "login", [
            ("account", Self.demoAccount), ("pwd", "MTIzNDU2"), ("json", #"{"id":"\#(Self.demoUserID)","nickName":"有范体验官"}"#),
            ("sign", YoufanOfficialApp.sign(account: Self.demoAccount, userID: Self.demoUserID))])
        #expect(login.status == 1 && login.data?.stringValue?.count == 32)
        serve.send(signal: SIGTERM)
        #expect(await serve.exitStatus() == 0)
    }
}
