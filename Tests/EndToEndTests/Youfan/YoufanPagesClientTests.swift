import Testing
import Wire

/// The channel pages, brand wall, outfit feed and launch config as HC, TK and SP read them, over
/// real sockets, each field with the JSON type its parser needs (WIRE.md §1.3, §2.1–§2.4, §2.17,
/// §2.23).
@Suite struct YoufanPagesClientTests {
    static let shared = YoufanTestServer.forSuite()
    let server: YoufanTestServer

    init() async throws { server = try await Self.shared.value }

    /// HC `Models/HomePageModels/HCModule.m` (`isEqualToString:` on `is_more`), TK
    /// `domain/home/Module.java` and `Jump.java` (fastjson objects), SP `bean/shouye/ShouYe.java`.
    static let homeShape: KeyValuePairs<String, YoufanWireType> = [
        "status": .integer, "data.module": .array, "data.module.*.id": .digits, "data.module.*.is_more": .digits,
        "data.module.*.module_key": .string, "data.module.*.c_title": .string, "data.module.*.jump": .object,
        "data.module.*.data": .array, "data.module.*.data.*.img": .url, "data.module.*.data.*.title": .string,
        "data.module.*.data.*.jump": .object, "data.module.*.data.*.jump.id": .digits,
        "data.module.*.data.*.jump.type": .digits, "data.module.*.data.*.jump.is_h5": .digits,
        "data.module.*.data.*.jump.url": .url, "data.module.*.data.*.jump.tid": .string,
        "data.module.*.data.*.jump.ext": .string, "data.module.*.data.*.jump.name": .string,
        "data.updateNum.productNum": .integer, "data.updateNum.specialNum": .integer,
    ]

    /// HC `Models/CategoryPageModels/HCHotModule.m`, `HCHotModuleData.m` (`id` mapped).
    static let hotShape: KeyValuePairs<String, YoufanWireType> = [
        "data.topPicModul.id": .digits, "data.hotBrandModul.list.*.id": .digits,
        "data.hotCategoryModul.list.*.img": .url, "data.hotCategoryModul.list.*.cate_img": .url,
        "data.topPicModul.list.*.name": .string, "data.hotBrandModul.list.*.jump": .object,
    ]

    /// SP `bean/fenlei/PinLeiNan.java`, TK `domain/search/Parent.java`, `Sub.java`.
    static let categoryShape: KeyValuePairs<String, YoufanWireType> = [
        "data.*.id": .digits, "data.*.cate_name": .string, "data.*.img": .url,
        "data.*.subs.*.id": .digits, "data.*.subs.*.cate_name": .string, "data.*.subs.*.img": .url,
    ]

    /// SP `bean/fenlei/FenLeiPinPai.java`, TK `domain/search/Brand.java`, HC `HCBrand.h`.
    static let brandShape: KeyValuePairs<String, YoufanWireType> = [
        "data.*.id": .digits, "data.*.brand_code": .string, "data.*.logo_img": .url, "data.*.web_url": .url,
        "data.*.data_id": .digits, "data.*.sort": .digits,
    ]

    /// GF `bean/CollocationBean.java` (Gson), HC `HCInspirationByUsers.m`.
    static let collocationShape: KeyValuePairs<String, YoufanWireType> = [
        "data.*.id": .digits, "data.*.tag_list": .string, "data.*.is_love": .integer, "data.*.img": .url,
        "data.*.head_img": .url, "data.*.stick_img_url": .url, "data.*.video_url": .url,
        "data.*.nick_name": .string, "data.*.img_width": .digits,
    ]

    @Test(arguments: YoufanAppClient.Platform.allCases)
    func channelPagesHaveTheTypesTheParsersNeed(_ platform: YoufanAppClient.Platform) async throws {
        let app = YoufanAppClient(baseURL: server.baseURL, platform: platform)
        for cid in ["1", "2", "4"] {
            let home = try await app.call("Home", "getAppLayoutV2", [("page", "home"), ("cid", cid)])
            expectWireTypes(home.json, Self.homeShape, client: "HC/TK/SP home cid=\(cid)")
            for module in home.data?["module"]?.arrayValue ?? [] {
                let count = module["data"]?.arrayValue?.count ?? 0
                switch module["module_key"]?.stringValue {
                case "iconModule": #expect(count == 8)
                case "hotCateModule": #expect(count == 9)
                case "hotBrandModule": #expect(count == 6)
                case "imgListV1Module": #expect(count == 4)
                case "imgListV3Module": #expect(count == 2)
                case "imgListV4Module": #expect(count >= 7)
                case "newModule": #expect(count >= 4)
                default: #expect(count >= 1)
                }
            }
            let hot = try await app.call("Home", "getAppHotLayout", [("cid", cid)])
            expectWireTypes(hot.json, Self.hotShape, client: "HC hot cid=\(cid)")
            let categories = try await app.call("Category", "getCategoryList", [("cid", cid)])
            expectWireTypes(categories.json, Self.categoryShape, client: "SP categories cid=\(cid)")
            let brands = try await app.call("BrandMb", "getAppBrandList", [("cid", cid), ("pageIndex", "0"), ("pageSize", "45")])
            expectWireTypes(brands.json, Self.brandShape, client: "TK brands cid=\(cid)")
        }
    }

    @Test func menCategoriesCarryTheCapturedIDs() async throws {
        let app = YoufanAppClient(baseURL: server.baseURL, platform: .android)
        let tree = try await app.call("Category", "getCategoryList", [("cid", "1")])
        let groups = Dictionary(uniqueKeysWithValues: tree.list.compactMap { node in
            node["id"]?.stringValue.map { ($0, node["cate_name"]?.stringValue ?? "") } })
        #expect(groups["20"] == "男上装" && groups["1393"] == "男下装" && groups["22"] == "鞋靴")
        let subs = Set(tree.json.values(at: "data.*.subs.*.id").compactMap(\.stringValue))
        #expect(subs.isSuperset(of: ["209", "210", "205", "1705"]))
    }

    @Test func collocationFeedAndLaunchConfig() async throws {
        let app = YoufanAppClient(baseURL: server.baseURL, platform: .iOS)
        for userType in ["1", "2"] {
            let feed = try await app.call("Collocation", "getCollocationListByUserType", [("userType", userType), ("page", "0"), ("num", "10")])
            expectWireTypes(feed.json, Self.collocationShape, client: "GF userType=\(userType)")
            for card in feed.list {   // tag_list is JSON text GF parses itself
                #expect((try? JSON.parse(Array((card["tag_list"]?.stringValue ?? "").utf8)))?.arrayValue != nil)
            }
        }
        // GF opens a card with its id as `cid` (activity/Collocation_ClickItem_Activity.java).
        let card = try await app.call("Collocation", "getCollocationListByUserType", [("userType", "2"), ("page", "0")])
        let id = try #require(card.list.first?["id"]?.stringValue)
        let details = try await app.call("Collocation", "getCollocationDetailsV2", [("cid", id), ("token", "")])
        expectWireTypes(details.json, ["data.id": .digits, "data.tag_list": .string, "data.is_love": .integer,
                                       "data.isFind": .integer, "data.designer": .object, "data.designer.isConcerned": .boolean,
                                       "data.like_user_list": .array, "data.user_json": .string, "data.img": .url],
                        client: "GF CollocationItemBean")
        #expect(details.data?["id"]?.stringValue == id)
        #expect(try await app.call("Collocation", "getCollocationDetailsV2", [("cid", "1")]).status == -100)
        let config = try await app.call("Config", "getAppConfig", [("type", "1")], path: "/mbfun_config_server/index.php")
        expectWireTypes(config.json, ["data.config": .object, "data.config.LAUNCH_BANNER": .string], client: "HC config")
    }
}

/// The brand screens of TK, SP and RH: the story header by a hot brand's `jump.name`, in any case,
/// and the initial-sorted list TK's brand popup requests (`SORT_BRAND_BLACK_LIFE`).
@Suite struct YoufanBrandClientTests {
    static let shared = YoufanTestServer.forSuite()
    let server: YoufanTestServer

    init() async throws { server = try await Self.shared.value }

    @Test func storyOfAHotBrandByItsJumpNameInAnyCase() async throws {
        let home = try await server.literal("m=Home&a=getAppLayoutV2&page=home&cid=1&osCode=android")
        let hotBrand = home["data"]?["module"]?.arrayValue?.first { $0["module_key"] == "hotBrandModule" }
        let name = try #require(hotBrand?["data"]?.arrayValue?.first?["jump"]?["name"]?.stringValue)
        for code in [name, name.lowercased()] {   // SP sends no cid; TK adds inStock and pageSize
            let story = try await server.literal("m=BrandMb&a=getAppBrandDetail&brandCode=\(code)&inStock=1&pageSize=20")
            expectWireTypes(story, ["status": .integer, "data.id": .digits, "data.brand_code": .string,
                                    "data.logo_img": .url, "data.youfan_img": .url, "data.ename": .string,
                                    "data.look_num": .integer, "data.is_love": .integer, "data.tab": .array],
                            client: "SP PinPaiStory \(code)")
            #expect(story["data"]?["brand_code"]?.stringValue == name)
        }
        let unknown = try await server.literal("m=BrandMb&a=getAppBrandDetail&brandCode=nobrand")
        #expect(unknown["status"] == -100)
    }

    @Test func tkSortedBrandListIsGroupedByInitial() async throws {
        let sorted = try await server.literal("m=BrandMb&a=getAppBrandListWithSort&osCode=android&cid=4&pageIndex=0"
            + "&osVersion=19&token=&source=android&version=v4.2.2&osName=VPhone&pageSize=45&appName=youfanguanfang%E2%80%99")
        expectWireTypes(sorted, ["status": .integer, "data.*.sortString": .string, "data.*.brandInfo": .array,
                                 "data.*.brandInfo.*.id": .digits, "data.*.brandInfo.*.brand_code": .string,
                                 "data.*.brandInfo.*.logO_URL": .url, "data.*.brandInfo.*.first_letter": .string],
                        client: "TK GroupData")
        let letters = sorted.values(at: "data.*.sortString").compactMap(\.stringValue)
        #expect(!letters.isEmpty && letters == letters.sorted() && Set(letters).count == letters.count)
        let brands = try await server.literal("m=BrandMb&a=getAppBrandList&cid=4&pageIndex=0&pageSize=100")
        #expect(sorted.values(at: "data.*.brandInfo.*").count == brands["data"]?.arrayValue?.count)
    }
}
