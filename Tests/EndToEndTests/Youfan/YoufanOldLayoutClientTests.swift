import Testing
import Wire

/// `Home/getAppLayoutInfo` as GF requests it (`utils/UrlUtils.java`: `INDEX_PATH` `id=1&cid=null`,
/// the classify tabs `id=2&cid=…`), over real sockets; every field GF reads — its Gson bean
/// `bean/FashionIndexBean.java`, `org.json` in `fragment/FLInsideFragment.java` — with the JSON
/// type it needs (digit strings it parses with `Integer.parseInt`).
@Suite struct YoufanOldLayoutClientTests {
    static let shared = YoufanTestServer.forSuite()
    let server: YoufanTestServer

    init() async throws { server = try await Self.shared.value }

    static let sectionShape: KeyValuePairs<String, YoufanWireType> = [
        "status": .integer, "data": .array, "data.*.type": .digits, "data.*.name": .string, "data.*.title": .string,
        "data.*.config": .array,
        "data.0.config.*.id": .digits, "data.0.config.*.type": .digits, "data.0.config.*.index": .digits,
        "data.0.config.*.img": .url, "data.0.config.*.img_width": .digits, "data.0.config.*.img_height": .digits,
        "data.0.config.*.jump_id": .digits, "data.0.config.*.end_time": .string, "data.0.config.*.jump_type": .digits,
        "data.0.config.*.name": .string, "data.0.config.*.is_h5": .digits, "data.0.config.*.url": .string,
        "data.0.config.*.tid": .digits, "data.0.config.*.share": .digits,
    ]

    @Test func gfsHomeURLAnswersCarouselSpacerFreeLayoutAndSingleImage() async throws {
        let home = try await server.literal("m=Home&a=getAppLayoutInfo&id=1&cid=null")
        expectWireTypes(home, Self.sectionShape, client: "GF INDEX_PATH")
        expectWireTypes(home, [
            "data.1.config.0.img_width": .digits, "data.1.config.0.img_height": .digits,
            "data.2.config.0.config.*.img": .url, "data.2.config.0.config.*.width": .digits,
            "data.2.config.0.config.*.height": .digits, "data.2.config.0.config.*.temp_id": .digits,
            "data.2.config.0.config.*.x": .digits, "data.2.config.0.config.*.y": .digits,
            "data.2.config.0.config.*.jump_id": .digits, "data.2.config.0.config.*.jump.id": .digits,
            "data.2.config.0.config.*.jump.jump_type": .digits, "data.2.config.0.config.*.jump.is_h5": .digits,
            "data.2.config.0.config.*.jump.url": .url, "data.3.config.0.img_width": .digits,
            "data.3.config.0.img_height": .digits, "data.3.config.0.img": .url,
        ], client: "GF IndexListViewAdapter")
        #expect(home["data"]?.arrayValue?.compactMap { $0["type"]?.stringValue } == ["9", "99999", "101", "8"])
    }

    @Test func everyClassifyTabOfGFAnswersBrandsAndHotCategoriesThatOpen() async throws {
        var brandPages: Set<[String]> = []
        for cid in ["null", "4", "3", "9", "8", "5", "1", "6"] {
            let tab = try await server.literal("m=Home&a=getAppLayoutInfo&id=2&cid=\(cid)")
            expectWireTypes(tab, Self.sectionShape, client: "GF classify cid=\(cid)")
            expectWireTypes(tab, [
                "data.1.config.*.id": .digits, "data.1.config.*.brand_code": .string, "data.1.config.*.temp_id": .digits,
                "data.1.config.*.ename": .string, "data.1.config.*.logo_img": .url,
                "data.3.config.*.url": .url, "data.3.config.*.id": .digits, "data.3.config.*.index": .digits,
                "data.3.config.*.info": .string, "data.3.config.*.name": .string, "data.3.config.*.temp_id": .digits,
                "data.3.config.*.type": .string,
            ], client: "GF FLInsideFragment cid=\(cid)")
            brandPages.insert(tab.values(at: "data.1.config.*.brand_code").compactMap(\.stringValue))
            // GF HotItemActivity opens a hot category with its temp_id and searches data[0].subs[0].temp_id.
            let temp = try #require(tab.values(at: "data.3.config.0.temp_id").first?.stringValue)
            let inside = try await server.literal("m=Product&a=getProductCategoryList&cid=\(temp)")
            #expect(inside.values(at: "data.0.subs.0.temp_id").first?.stringValue?.isEmpty == false, "cid=\(cid)")
        }
        #expect(brandPages.count > 1)
    }

    @Test func anUnknownLayoutIdIsAParameterError() async throws {
        let answer = try await server.literal("m=Home&a=getAppLayoutInfo&id=77&cid=null")
        #expect(answer["status"] == -100)
    }
}
