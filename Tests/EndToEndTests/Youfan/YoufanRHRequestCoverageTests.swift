import Testing
import Wire

/// RH (`fromUse/RecyclerView_Head`): its one request, `MainActivity.java`'s URL, bound by Gson
/// into `DataBean.java` (every brand member a string; RH shows `cname`, `ename`, `first_letter`).
@Suite struct YoufanRHRequestCoverageTests {
    static let shared = YoufanTestServer.forSuite()
    let server: YoufanTestServer

    init() async throws { server = try await Self.shared.value }

    @Test func brandsGroupedByInitial() async throws {
        let answer = try await server.okHttp("http://api.funwear.com/mbfun_server/index.php?m=BrandMb&a=getAppBrandListWithSort"
            + "&osVersion=22&appName=youfanguanfang&source=android&osName=YQ601&version=v4.2.2"
            + "&deviceId=00000000-35fa-0db9-0da8-19f962cce3ff&cid=1&token=&osCode=android")
        expectWireTypes(answer, YoufanTKRequestCoverageTests.groupedBrandsShape, client: "RH DataBean")
        let codes = answer.values(at: "data.*.brandInfo.*.brand_code").compactMap(\.stringValue)
        #expect(["puma", "adidas", "TP35", "RJKK"].allSatisfy(codes.contains), "the brands RH's sample names")
    }
}
