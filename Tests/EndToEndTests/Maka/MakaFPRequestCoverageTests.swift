import Testing
import Wire

/// The one Maka request `frost-htx/FROSTPlatform` (FP) sends (`Demo/DemoRequestAPI.m`, driven
/// by `Demo/DemoViewModel.m`): `GET /app/storeTemplates?` on `http://test.api.maka.im/`, built by
/// `FRTNetWorkAgent.m` as host + path, so the target starts `//` and the query `?&`; parameters
/// `cateId=-1`, `order=` (empty), the literal `pageNumber=20`, no `perPage`, and a `timestamp`
/// printed with `%f`. YYModel binds `DemoModel {cateId, perPage: NSString, dataList: [DataList]}`
/// and `DataList {title, price, discount, author, firstImg: NSString}` (`Demo/DemoModel.h`).
/// (Its other requests go to `img1.maka.im` and `m.zuzuche.com`, which are not this API.)
@Suite struct MakaFPRequestCoverageTests {
    @Test func fpsStoreRequestIsAnsweredInTheShapeDemoModelBinds() async throws {
        let server = try await MakaTestServer(seeded: true)
        let request = MakaWireRequest(
            method: "GET", target: "//app/storeTemplates?&cateId=-1&order=&pageNumber=20&timestamp=1474272000000.000000",
            headers: MakaWireRequest.fpHeaders
        )
        let answer = try await request.send(to: server.port)
        #expect(answer.isSuccess, "\(answer.text)")
        #expect(answer.data["cateId"] == .string("-1"), "DemoModel.cateId is an NSString")
        #expect(answer.data["perPage"] == .string("20"), "DemoModel.perPage is an NSString")
        let list = try #require(answer.data["dataList"]?.arrayValue)
        #expect(list.count == 20, "page 20 of the whole store is full: more than 420 templates")
        for item in list {
            for key in ["title", "price", "discount", "author", "firstImg"] {
                #expect(item[key]?.isWireString == true, "DataList.\(key) is an NSString: \(item)")
                #expect(item[key]?.stringValue?.isEmpty == false, "DataList.\(key) is shown")
            }
        }
        await server.stop()
    }
}
