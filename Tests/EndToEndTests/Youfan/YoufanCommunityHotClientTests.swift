import Testing
import Wire

/// The community "热门" page and the topic list of the earlier API generation, as GF requests them
/// (`utils/UrlUtils.java` `HOT`, `activity/Click_More_Activity.java`) and MB pages them (`page`),
/// over real sockets; every field GF's Gson beans bind (`bean/FashionCommunityBean.java`,
/// `bean/ClickMoreBean.java`) with the JSON type they need, and the list lengths GF indexes.
@Suite struct YoufanCommunityHotClientTests {
    static let shared = YoufanTestServer.forSuite()
    let server: YoufanTestServer

    init() async throws { server = try await Self.shared.value }

    /// GF's beans: everything a `String` except `look_num` (`int`).
    static let hotShape: KeyValuePairs<String, YoufanWireType> = [
        "status": .integer, "data": .array, "data.*.type": .digits, "data.*.name": .string, "data.*.title": .string,
        "data.*.config": .array,
        "data.0.config.*.id": .digits, "data.0.config.*.img": .url, "data.0.config.*.img_width": .digits,
        "data.0.config.*.img_height": .digits, "data.0.config.*.index": .digits, "data.0.config.*.jump_id": .digits,
        "data.0.config.*.jump_type": .digits, "data.0.config.*.is_h5": .digits, "data.0.config.*.tid": .digits,
        "data.0.config.*.type": .digits, "data.0.config.*.name": .string, "data.0.config.*.end_time": .string,
        "data.0.config.*.url": .string, "data.0.config.*.share": .digits,
        "data.1.config.*.id": .digits, "data.1.config.*.name": .string, "data.1.config.*.info": .string,
        "data.1.config.*.img": .url, "data.1.config.*.look_num": .integer, "data.1.config.*.top_index": .digits,
        "data.1.config.*.collocation_count": .digits, "data.1.config.*.obl": .string, "data.1.config.*.tag": .string,
        "data.1.config.*.collocation_list.*.id": .digits, "data.1.config.*.collocation_list.*.img": .url,
        "data.1.config.*.collocation_list.*.img_width": .digits, "data.1.config.*.collocation_list.*.img_height": .digits,
        "data.2.config.0.img_width": .digits, "data.2.config.0.img_height": .digits,
        "data.3.config.*.user_id": .digits, "data.3.config.*.nick_name": .string, "data.3.config.*.head_img": .url,
        "data.3.config.*.head_v_type": .digits, "data.3.config.*.collocationCount": .digits,
        "data.3.config.*.concernCount": .digits, "data.3.config.*.collocation_list.*.id": .digits,
        "data.3.config.*.collocation_list.*.img": .url,
    ]

    @Test func gfsLiteralHotURLAnswersTheSectionsItsAdapterIndexes() async throws {
        let page = try await server.literal("m=Home&a=getHotLayoutInfo")
        expectWireTypes(page, Self.hotShape, client: "GF HOT")
        let sections = page["data"]?.arrayValue ?? []
        #expect(sections.compactMap { $0["type"]?.stringValue } == ["9", "15", "99999", "14"])
        // GF RemenListViewAdapter reads collocation_list[0...3] of topics, [0...2] of stylists,
        // and a three-element rank-icon array by stylist position.
        for topic in page.values(at: "data.1.config.*") {
            #expect((topic["collocation_list"]?.arrayValue?.count ?? 0) >= 4)
        }
        let stylists = page.values(at: "data.3.config.*")
        #expect((1...3).contains(stylists.count))
        for stylist in stylists {
            #expect((stylist["collocation_list"]?.arrayValue?.count ?? 0) >= 3)
        }
    }

    @Test func mbPagesTheHotTopicsUntilAnEmptyPage() async throws {
        var ids: [String] = []
        for page in 0... {
            let answer = try await server.literal("m=Home&a=getHotLayoutInfo&page=\(page)")
            let topics = answer.values(at: "data.*").filter { $0["type"] == "15" }.flatMap { $0["config"]?.arrayValue ?? [] }
            if topics.isEmpty {
                #expect(answer["data"]?.arrayValue?.isEmpty == true)
                break
            }
            ids += topics.compactMap { $0["id"]?.stringValue }
        }
        #expect(ids.count > 10 && Set(ids).count == ids.count)
    }

    /// GF `bean/ClickMoreBean.java`.
    static let topicShape: KeyValuePairs<String, YoufanWireType> = [
        "status": .integer, "data": .array, "data.*.id": .digits, "data.*.name": .string, "data.*.info": .string,
        "data.*.img": .url, "data.*.obl": .string, "data.*.tag": .string, "data.*.top_index": .digits,
        "data.*.create_time": .string, "data.*.collocation_count": .digits, "data.*.collocation_list": .array,
        "data.*.collocation_list.*.id": .digits, "data.*.collocation_list.*.img": .url,
        "data.*.collocation_list.*.img_width": .digits, "data.*.collocation_list.*.img_height": .digits,
        "data.*.collocation_list.*.stick_img_url": .string, "data.*.collocation_list.*.video_url": .string,
    ]

    @Test func gfsLiteralTopicURLAndItsFollowingPagesAnswerTopics() async throws {
        let first = try await server.literal("m=Topic&a=getTopicList&page=0")
        expectWireTypes(first, Self.topicShape, client: "GF Click_More")
        #expect(first["data"]?.arrayValue?.count == 10)
        let second = try await server.literal("m=Topic&a=getTopicList&page=1")
        expectWireTypes(second, Self.topicShape, client: "MB page 1")
        let firstIDs = Set(first.values(at: "data.*.id").compactMap(\.stringValue))
        #expect(firstIDs.isDisjoint(with: second.values(at: "data.*.id").compactMap(\.stringValue)))
        // GF passes collocation_list[].id on to the collocation detail.
        let collocation = first.values(at: "data.0.collocation_list.0.id").first?.stringValue ?? ""
        let detail = try await server.literal("m=Collocation&a=getCollocationDetailsV2&cid=\(collocation)")
        #expect(detail["status"] == 1)
        let past = try await server.literal("m=Topic&a=getTopicList&page=999")
        #expect(past["data"]?.arrayValue?.isEmpty == true)
    }
}
