import APIRoutes
import Testing
import Wire

/// The apps' own journeys over real sockets, once as the iOS client and once as the Android
/// client: launch config, the three channels' home, hot and category pages, every page of every
/// list to its end, and every recommended product followed into details, comments, consult and
/// colours.
@Suite struct YoufanClientFlowTests {
    static let shared = YoufanTestServer.forSuite()
    static let channels = [1, 2, 4]
    static let brandCounts = [1: 31, 2: 35, 4: 34]
    static let productCounts = [1: 391, 2: 448, 4: 388]

    let server: YoufanTestServer

    init() async throws { server = try await Self.shared.value }

    func client(_ platform: YoufanAppClient.Platform) -> YoufanAppClient {
        YoufanAppClient(baseURL: server.baseURL, platform: platform)
    }

    @Test(arguments: YoufanAppClient.Platform.allCases)
    func launchConfigAndChannelPages(_ platform: YoufanAppClient.Platform) async throws {
        let app = client(platform)
        let config = try await app.call("Config", "getAppConfig", [("type", "1")], path: YoufanParameters.configPath)
        #expect(config.httpStatus == 200 && config.status == 1 && config.info == "")
        #expect(config.contentType == "application/json; charset=utf-8")
        let banner = try JSON.parse(Array((config.data?["config"]?["LAUNCH_BANNER"]?.stringValue ?? "").utf8))
        #expect(banner["banner"]?["img"]?.stringValue?.hasPrefix("http://img.funwear.com/") == true)

        var moduleLists: Set<[String]> = []
        for cid in Self.channels {
            let home = try await app.call("Home", "getAppLayoutV2", [("page", "home"), ("cid", String(cid))])
            #expect(home.status == 1 && home.data?["page"] == "home" && home.data?["id"] == .string(String(cid)))
            let modules = home.data?["module"]?.arrayValue ?? []
            let keys = modules.compactMap { $0["module_key"]?.stringValue }
            #expect(Set(keys).count >= 8)
            moduleLists.insert(keys)
            for module in modules {
                #expect(module["sort"]?.stringValue != nil && module["c_title"]?.stringValue != nil)
                #expect(module["data"]?.arrayValue?.isEmpty == false && module["jump"]?.objectMembers != nil)
                #expect(module["data"]?.arrayValue?.allSatisfy { $0["jump"]?["type"]?.stringValue != nil } == true)
            }
            #expect(home.data?["updateNum"]?["productNum"]?.isInteger == true)

            let hot = try await app.call("Home", "getAppHotLayout", [("cid", String(cid))])
            for key in ["topPicModul", "hotBrandModul", "hotCategoryModul"] {
                let list = hot.data?[key]?["list"]?.arrayValue ?? []
                #expect(!list.isEmpty && list.allSatisfy { $0["jump"]?["type"]?.stringValue != nil && $0["sort"]?.stringValue != nil })
            }

            let categories = try await app.call("Category", "getCategoryList", [("cid", String(cid))])
            #expect(categories.status == 1 && depth(of: categories.list, parent: "1") == 3)
        }
        #expect(moduleLists.count == 3)   // every channel has its own module list
    }

    /// The deepest `level` of the tree (groups are level 2, their categories level 3, SP
    /// `bean/fenlei/PinLeiNan.java`), checking each node's `parent_id` and `level` on the way down.
    func depth(of nodes: [JSON], parent: String, level: Int = 2) -> Int {
        guard !nodes.isEmpty else { return level - 1 }
        return nodes.map { node -> Int in
            guard node["parent_id"]?.stringValue == parent, node["level"]?.intValue == level,
                  let id = node["id"]?.stringValue else { return -100 }
            return depth(of: node["subs"]?.arrayValue ?? [], parent: id, level: level + 1)
        }.max() ?? 0
    }

    @Test(arguments: YoufanAppClient.Platform.allCases)
    func brandPagesWalkToTheEndAtEitherPageSize(_ platform: YoufanAppClient.Platform) async throws {
        let app = client(platform)
        for cid in Self.channels {
            let pages = try await app.walk("BrandMb", "getAppBrandList", pageParameter: "pageIndex",
                                           [("cid", String(cid)), ("pageSize", "30")], expectedPageSize: 30)
            let codes = pages.joined().compactMap { $0["brand_code"]?.stringValue }
            #expect(codes.count == Self.brandCounts[cid] && Set(codes).count == codes.count)
            #expect(pages.joined().allSatisfy { $0["sort"]?.stringValue != nil && $0["logo_img"]?.stringValue != nil })
            let wide = try await app.walk("BrandMb", "getAppBrandList", pageParameter: "pageIndex",
                                          [("cid", String(cid)), ("pageSize", "45")], expectedPageSize: 45)
            #expect(wide.joined().compactMap { $0["brand_code"]?.stringValue } == codes)
        }
    }

    @Test(arguments: YoufanAppClient.Platform.allCases)
    func recommendedProductsLeadToDetailsCommentsConsultAndColours(_ platform: YoufanAppClient.Platform) async throws {
        let app = client(platform)
        var followed = 0
        var expected = 0
        var withReplies = 0
        for cid in Self.channels {
            let pages = try await app.walk("Product", "getRecommedProductList", pageParameter: "page",
                                           [("cid", String(cid))], expectedPageSize: 20)
            let products = Array(pages.joined())
            #expect(products.count == Self.productCounts[cid])
            // iOS follows every fifth product, Android every twentieth, to keep the suite quick.
            let followedHere = products.enumerated().filter { $0.offset % (platform == .iOS ? 5 : 20) == 0 }.map(\.element)
            expected += followedHere.count
            for product in followedHere {
                let code = try #require(product["product_sys_code"]?.stringValue)
                let details = try await app.call("Product", "getProductDetails", [("code", code)])
                let info = details.data?["clsInfo"]
                #expect(details.status == 1 && info?["code"]?.stringValue == code)
                #expect(info?["sale_price"] == product["price"] && info?["sale_price"]?.stringValue?.contains(".") == true)
                #expect((details.data?["proPicUrl"]?.arrayValue?.count ?? 0) >= 3)

                let colours = try await app.call("Product", "ProductFilter", [("prodClsIdList", code)])
                #expect(colours.json["isSuccess"] == 1 && !colours.results.isEmpty && colours.results.allSatisfy {
                    $0["proD_CLS_NUM"]?.stringValue == code && $0["speC_NAME"]?.stringValue?.isEmpty == false
                })

                let consult = try await app.call("Product", "getProductConsultList", [("code", code)])
                let questions = consult.data?["sys"]?.arrayValue
                #expect(consult.status == 1 && questions?.allSatisfy { $0["answer"]?.stringValue != nil } == true)

                let comments = try await app.walk("Comment", "getCommentList", pageParameter: "page",
                                                  [("type", "2"), ("tid", code)], expectedPageSize: 10)
                // The server is process-wide: another suite may comment on this product meanwhile,
                // so the walk's count lies between the detail screen's before and after it.
                let countAfter = try await app.call("Product", "getProductDetails", [("code", code)])
                    .data?["commentCount"]?.intValue
                let counts = try [#require(details.data?["commentCount"]?.intValue), #require(countAfter)]
                #expect(counts.min()!...counts.max()! ~= comments.joined().count)
                withReplies += comments.joined().filter { $0["subs"]?.arrayValue?.isEmpty == false }.count
                followed += 1
            }
        }
        #expect(followed == expected && expected > 0)
        #expect(withReplies > 0)
    }

    @Test(arguments: YoufanAppClient.Platform.allCases)
    func collocationsAndSpecialsWalkToTheEndNewestFirst(_ platform: YoufanAppClient.Platform) async throws {
        let app = client(platform)
        for (userType, count) in [("1", 40), ("2", 24)] {
            let pages = try await app.walk("Collocation", "getCollocationListByUserType", pageParameter: "page",
                                           [("userType", userType), ("num", "10"), ("userId", "")], expectedPageSize: 10)
            let ids = pages.joined().compactMap { $0["id"]?.intValue }
            #expect(ids.count == count && ids == ids.sorted(by: >))
        }

        let first = try await app.call("Special", "getSpecialListForInsp", [("pageIndex", "0"), ("PageSize", "10")])
        let tabs = first.data?["attr"]?.arrayValue?.dropFirst().compactMap { $0["id"]?.intValue.map(String.init) } ?? []
        #expect(tabs.count == 7 && first.data?["total"] == "121" && first.data?["layoutType"] == 6)
        var all: [Int] = []
        for index in 1... {   // HC counts specials pages from 1
            let page = try await app.call("Special", "getSpecialListForInsp", [("pageIndex", String(index)), ("PageSize", "10")])
            let list = page.data?["list"]?.arrayValue ?? []
            if list.isEmpty { #expect(page.status == 1 && page.data?["total"] == "121"); break }
            all += list.compactMap { $0["id"]?.intValue }
        }
        #expect(all.count == 121 && all == all.sorted(by: >))
        var perTab: [Int] = []
        for tab in tabs {
            var items: [JSON] = []
            for index in 1... {
                let page = try await app.call("Special", "getSpecialListForInsp",
                                              [("pageIndex", String(index)), ("PageSize", "10"), ("aid", tab)])
                #expect(page.status == 1 && page.data?["total"] == "11")
                let list = page.data?["list"]?.arrayValue ?? []
                if list.isEmpty { break }
                items += list
            }
            #expect(items.count == 11 && items.allSatisfy { $0["tab_id"]?.stringValue == tab })
            perTab += items.compactMap { $0["id"]?.intValue }
        }
        // The listed tabs hold all but the specials of the four tabs asked for by `aid` only.
        #expect(Set(perTab).isSubset(of: Set(all)) && perTab.count == 77 && Set(perTab).count == 77)
    }
}
