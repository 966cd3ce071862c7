import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
import Wire

/// The official app's screens that summarise the catalogue, sending their requests as the app does:
/// - `Product/ProductCategorySubItemFilter` without parameters (`productGetRequestPath`, and through
///   the SOA gateway from the older category screen);
/// - `Collocation/getStickImgWithTabList` with `tid`, and for borders `type` 2 and `img_height`;
/// - `Home/getFindHomeLayoutInfo` (`SDataCache quickGet`);
/// - `Search/getSearchKey`, a bare AFNetworking GET without `_platform` or `token`.
@Suite struct YoufanOfficialDiscoveryTests {
    let app: YoufanOfficialApp

    init() async throws { app = try await YoufanOfficialApp.onSharedServer() }

    func isText(_ value: JSON?) -> Bool { value?.stringValue?.isEmpty == false }

    // MARK: Product/ProductCategorySubItemFilter

    @Test func theCategoryScreenReadsSubItemIntoBothModels() async throws {
        let answer = try await app.get("Product", "ProductCategorySubItemFilter")
        #expect(answer.json["isSuccess"] == 1 && answer.results.count == 13 && answer.json["total"] == 13)
        for row in answer.results {
            #expect(row["subItems"] == nil, "BrandModel would store raw dictionaries from subItems")
            let subItem = row["subItem"]?.arrayValue ?? []
            #expect(!subItem.isEmpty, "\(row.encodedString())")
            for category in [row] + subItem {
                #expect(category["id"]?.intValue != nil && category["parent_id"]?.intValue != nil && category["sorT_NO"]?.intValue != nil)
                #expect(category["parent_Id"] == category["parent_id"], "GoodCategoryObj spells it parent_Id")
                for key in ["code", "name", "url", "flaT_URL", "tiP_FLAG"] {
                    #expect(category[key]?.stringValue != nil, "GoodCategoryObj's \(key) goes into a dictionary literal")
                }
            }
            #expect(subItem.allSatisfy { $0["parent_id"] == row["id"] })
        }
        let men = try #require(answer.results.first)
        let firstSub = men["subItem"]?.arrayValue?.first
        #expect(men["name"] == "男上装" && firstSub?["name"] == "T恤")
        let tshirts = try #require(firstSub?["id"]?.intValue)
        let products = try await app.get("Product", "ProductClsCommonSearchFilter", [("CategoryId", String(tshirts))])
        #expect(products.json["isSuccess"] == 1 && !products.results.isEmpty, "a sub-item opens its products")
    }

    /// The older category screen names the service `WXSC_Product` (the app's `MBServerNameType`);
    /// the shop's own name, `Product`, answers the same.
    @Test(arguments: ["WXSC_Product", "Product"])
    func theOlderCategoryScreenGetsTheSameThroughTheGateway(service: String) async throws {
        let token = try await app.accessToken()
        var request = URLRequest(url: URL(string: app.baseURL + "/CallCenter/InvokeSecurity.ashx")!)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(YoufanOfficialApp.encoded([("AccessToken", token), ("ServiceName", service),
                                                           ("MethodName", "GET:ProductCategorySubItemFilter")]).utf8)
        let answer = try await app.send(request)
        let direct = try await app.get("Product", "ProductCategorySubItemFilter")
        #expect(answer.json["isSuccess"] == 1 && answer.results == direct.results)
    }

    // MARK: Collocation/getStickImgWithTabList

    @Test func theStickerEditorGetsStickersAndThePublishScreenGetsTags() async throws {
        let answer = try await app.get("Collocation", "getStickImgWithTabList", [("tid", "")])
        #expect(answer.status == 1)
        let stickers = answer.data?["stick"]?.arrayValue ?? []
        #expect(stickers.count == 12 && stickers.allSatisfy { $0["img"]?.stringValue?.hasPrefix("http://") == true })
        #expect(Set(stickers.compactMap { $0["img"]?.stringValue }).count == 12)
        let tags = answer.data?["tab"]?.arrayValue ?? []
        #expect(tags.count == 5 && tags.allSatisfy { isText($0) }, "STagScrollView reads each tag as an NSString")
        let topic = try #require(try await app.get("Topic", "getTopicRandomList").list.first?["id"]?.stringValue)
        #expect(try await app.get("Collocation", "getStickImgWithTabList", [("tid", topic)]).data?["stick"]?.arrayValue?.count == 12)
    }

    @Test func bordersFitThePhotoHeightTheEditorAsksFor() async throws {
        for height in ["750", "1000", "1334"] {
            let answer = try await app.get("Collocation", "getStickImgWithTabList", [("tid", ""), ("type", "2"), ("img_height", height)])
            let borders = answer.data?["stick"]?.arrayValue ?? []
            #expect(answer.status == 1 && borders.count == 6, "height \(height)")
            #expect(borders.allSatisfy { $0["img_height"]?.stringValue == height && $0["img"]?.stringValue?.contains("x\(height)/") == true })
        }
        for height in ["999", "abc", ""] {
            let odd = try await app.get("Collocation", "getStickImgWithTabList", [("tid", ""), ("type", "2"), ("img_height", height)])
            #expect(odd.status == 1 && odd.data?["stick"] == [], "no borders for \(height): the editor shows no border tab")
            #expect(odd.data?["tab"]?.arrayValue?.count == 5)
        }
    }

    @Test func anUnknownTopicIsTheAppsParameterErrorAndTheEditorKeepsWorking() async throws {
        let answer = try await app.get("Collocation", "getStickImgWithTabList", [("tid", "99999999")])
        #expect(answer.httpStatus == 200 && answer.status == -100 && answer.info?.contains("tid=99999999") == true)
        #expect(answer.info?.contains("SQL") == false && answer.info?.contains("Error") == false)
        #expect(try await app.get("Collocation", "getStickImgWithTabList", [("tid", "")]).data?["stick"]?.arrayValue?.count == 12)
    }

    // MARK: Home/getFindHomeLayoutInfo

    func config(_ data: JSON?, _ section: String) -> [JSON] { data?[section]?["config"]?.arrayValue ?? [] }

    @Test func theDiscoveryPageLaysOutSectionsThatOpenWhatTheCatalogueHolds() async throws {
        let page = try await app.get("Home", "getFindHomeLayoutInfo")
        #expect(page.status == 1, "\(page.json.encodedString())")
        let data = page.data

        let carousel = data?["banner"]?["1001"]?.arrayValue ?? []
        #expect(carousel.count == 3 && carousel.allSatisfy { isText($0["img"]) && $0["img_width"] == "750" && $0["img_height"] == "344" })
        for slide in carousel {
            #expect(slide["jump_type"] == "4")
            let topic = try await app.get("Topic", "getTopicDetails", [("tid", slide["tid"]?.stringValue ?? "")])
            #expect(topic.status == 1 && topic.data?["name"] == slide["name"], "a slide opens its topic")
        }
        let activities = data?["banner"]?["1002"]?.arrayValue ?? []
        #expect(!activities.isEmpty && activities.allSatisfy { $0["jump_type"] == "7" && isText($0["img"]) && isText($0["img_width"]) })
        let activity = try await app.get("Promotion", "PlatFormRangeDetail", [("id", activities.first?["tid"]?.stringValue ?? "")])
        #expect(activity.json["isSuccess"] == 1, "a tile opens its promotion")

        let topics = config(data, "pos_1")
        #expect(!topics.isEmpty && topics.allSatisfy { isText($0["id"]) && isText($0["name"]) && isText($0["img"]) })

        let collocations = config(data, "pos_2")
        #expect(collocations.count == 6)
        for collocation in collocations {
            let id = try #require(collocation["id"]?.stringValue)
            #expect(Int(id) != nil && isText(collocation["img"]) && isText(collocation["head_img"]), "the tag is BASE + intValue of id")
            #expect(try await app.get("Collocation", "getCollocationDetails", [("cid", id)]).status == 1)
        }

        let stylists = config(data, "pos_3")
        #expect(!stylists.isEmpty && stylists.allSatisfy { isText($0["user_id"]) && isText($0["nick_name"]) && $0["head_img"]?.stringValue != nil })

        let brands = config(data, "pos_4")
        let brandIDs = brands.compactMap { $0["temp_id"]?.stringValue.flatMap { Int($0) } }
        #expect(brands.count == 8 && brandIDs.count == 8 && Set(brandIDs).count == 8, "the screen tells brands apart by intValue of temp_id")
        for brand in brands {
            #expect(isText(brand["logo_img"]))
            let lovers = try await app.get("BrandMb", "getBrandLikeUserList", [("brandCode", brand["brand_code"]?.stringValue ?? "")])
            #expect(lovers.status == 1, "brand_code names a catalogue brand: \(brand.encodedString())")
        }

        let categories = config(data, "pos_5")
        let categoryScreen = try await app.get("Product", "ProductCategorySubItemFilter")
        let screenNames = Set(categoryScreen.results.compactMap { $0["name"]?.stringValue })
        #expect(categories.count == 8 && categories.allSatisfy { isText($0["item_img"]) })
        #expect(categories.allSatisfy { screenNames.contains($0["name"]?.stringValue ?? "") }, "a tap selects the category screen's row of that name")

        let tabs = config(data, "pos_6")
        #expect(tabs.first?["name"] == "全部" && tabs.first?["is_seleted"] == 1)
        #expect(tabs.enumerated().allSatisfy { $0.element["index"]?.intValue == $0.offset && isText($0.element["id"]) })
        let feed = try await app.get("Home", "getCollocationListForMain", [("page", "0"), ("tabstr", tabs.last?["name"]?.stringValue ?? "")])
        #expect(feed.status == 1 && !feed.list.isEmpty)
    }

    // MARK: Search/getSearchKey

    /// `SFilterCollectionViewController.m` GETs `SERVER_URL` with only its own parameters.
    func bareGet(_ module: String, _ action: String, _ parameters: [(String, String)] = []) async throws -> YoufanAppClient.Answer {
        let query = YoufanOfficialApp.encoded([("m", module), ("a", action)] + parameters)
        return try await app.send(URLRequest(url: URL(string: app.baseURL + YoufanOfficialApp.serverPath + "?" + query)!))
    }

    func subFilter(_ answer: YoufanAppClient.Answer, _ code: String) -> [JSON] {
        answer.results.compactMap { $0["subFilters"]?.arrayValue }.flatMap { $0 }
            .first { $0["code"]?.stringValue == code }?["values"]?.arrayValue ?? []
    }

    @Test func theFilterScreenGetsPricesSizesColoursBrandsAndTheCategoryTree() async throws {
        let answer = try await bareGet("Search", "getSearchKey")
        #expect(answer.json["isSuccess"] == 1)
        #expect(!answer.results.contains { $0["parentCategory"] != nil }, "no cid: no chosen category")
        let prices = subFilter(answer, "price")
        #expect(prices.count == 6 && prices.allSatisfy { $0["code"]?.intValue != nil && $0["min_Price"]?.intValue != nil && isText($0["name"]) })
        let sizes = subFilter(answer, "size")
        #expect(sizes.count > 1 && sizes.allSatisfy { isText($0["code"]) && isText($0["name"]) && ($0["count"]?.intValue ?? 0) > 0 })
        #expect(sizes.map { $0["sortIndex"]?.intValue } == Array(1...sizes.count))
        let colours = subFilter(answer, "color")
        #expect(colours.count == 16 && colours.allSatisfy { $0["coloR_CODE"]?.intValue != nil && isText($0["coloR_NAME"]) && isText($0["series_img"]) })
        let brands = subFilter(answer, "brand")
        #expect(!brands.isEmpty && brands.allSatisfy { isText($0["sortString"]) && !($0["brandInfo"]?.arrayValue?.isEmpty ?? true) })

        let channels = answer.results.compactMap { $0["currentCategory"]?.arrayValue }.first ?? []
        #expect(channels.compactMap { $0["name"]?.stringValue } == ["男士", "女士", "生活"])
        let leaves = channels.flatMap { $0["subs"]?.arrayValue ?? [] }.flatMap { $0["subs"]?.arrayValue ?? [] }
        #expect(leaves.count > 10 && leaves.allSatisfy { isText($0["id"]) && isText($0["parent_id"]) && isText($0["url"]) && isText($0["name"]) })
    }

    @Test func aChosenSubCategoryNarrowsTheChoicesAndNamesItsPath() async throws {
        let answer = try await bareGet("Search", "getSearchKey", [("cid", "209")])
        let path = answer.results.compactMap { $0["parentCategory"]?["subs"]?.arrayValue }.first ?? []
        #expect(path.count == 3 && path[0]["catId"] == "209" && path[0]["catName"] == "T恤", "subs[0] is the sub-category")
        #expect(path.count == 3 && path[1]["catName"] == "男上装" && path[2]["catName"] == "男士", "subs[2] is named in front of it")

        let tshirts = try await app.get("Product", "ProductClsCommonSearchFilter", [("CategoryId", "209"), ("pageSize", "100")])
        let tshirtBrands = Set(tshirts.results.compactMap { $0["clsInfo"]?["brandCode"]?.stringValue })
        let offered = Set(subFilter(answer, "brand").flatMap { $0["brandInfo"]?.arrayValue ?? [] }.compactMap { $0["brand_code"]?.stringValue })
        #expect(!offered.isEmpty && offered == tshirtBrands, "only the brands of T恤")
        #expect(subFilter(answer, "size").allSatisfy { ($0["count"]?.intValue ?? 0) <= tshirts.results.count })

        let oneBrand = try await bareGet("Search", "getSearchKey", [("brand", "b1002")])
        let brandCodes = subFilter(oneBrand, "brand").flatMap { $0["brandInfo"]?.arrayValue ?? [] }.compactMap { $0["brand_code"]?.stringValue }
        #expect(brandCodes == ["B1002"], "brand codes match in any case")

        let nothing = try await bareGet("Search", "getSearchKey", [("keyword", "没有这种商品")])
        #expect(nothing.json["isSuccess"] == 1 && subFilter(nothing, "size").isEmpty && subFilter(nothing, "color").isEmpty)
        #expect(subFilter(nothing, "brand").isEmpty && subFilter(nothing, "price").count == 6)
    }

    @Test func anUnknownCategoryOrBrandIsRefusedAndTheScreenKeepsWorking() async throws {
        for (name, value) in [("cid", "99999"), ("cid", "20"), ("brand", "NOPE")] {
            let answer = try await bareGet("Search", "getSearchKey", [(name, value)])
            #expect(answer.httpStatus == 200 && answer.json["isSuccess"] == 0 && answer.results.isEmpty, "\(name)=\(value)")
            #expect(answer.json["message"]?.stringValue == "参数错误: \(name)=\(value) 不存在", "\(answer.json.encodedString())")
        }
        #expect(try await bareGet("Search", "getSearchKey", [("cid", "209")]).json["isSuccess"] == 1)
    }
}
