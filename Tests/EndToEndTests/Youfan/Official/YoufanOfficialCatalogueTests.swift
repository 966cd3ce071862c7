import Foundation
import Testing
import TestSupport
import Wire

/// The official app's catalogue reads (WIRE.md §3.2: Product, Item, Brand, BrandMb, Search,
/// Designer, Home) as its screens send them: the keys and JSON types each model reads, paging,
/// search and filters over the seeded catalogue, the viewer's favourites and follows, and the
/// app's failure envelope for unknown ids.
@Suite struct YoufanOfficialCatalogueTests {
    let app: YoufanOfficialApp

    init() async throws { app = try await YoufanOfficialApp.onSharedServer() }

    /// One read per action, with the members (and JSON kinds) its model reads on the first row.
    @Test(arguments: [
        Read("Product", "getProductListBySameCodeV2", [("code", "160300001"), ("page", "0"), ("num", "10")], soa: true,
             row: ["clsInfo": .object, "prodClsTag": .array]),
        Read("Product", "searchProductListByUpload", [("brandCode", "B1002"), ("page", "0"), ("num", "20")], soa: true,
             row: ["clsInfo": .object]),
        Read("Product", "ProductClsByBrandIdFilter", [("branD_ID", "B1002"), ("pageIndex", "1"), ("pageSize", "14")], soa: true,
             row: ["clsInfo": .object]),
        Read("Item", "getItemListForClsV2", [("tid", "209"), ("page", "0"), ("num", "10"), ("orderType", "0")],
             row: ["clsInfo": .object, "prodClsTag": .array]),
        Read("Product", "BrandFilter", [("pageIndex", "1"), ("pageSize", "20")], soa: true,
             row: ["brandID": .string, "brandCode": .string, "logoImg": .string, "brand": .string]),
        Read("Product", "BrandOrderFilter", [("pageIndex", "1"), ("pageSize", "100")], soa: true,
             row: ["sortString": .string, "brandInfo": .array]),
        Read("BrandMb", "getBrandListForMore", [("page", "0"), ("fid", "1")],
             row: ["id": .string, "name": .string, "img": .string, "width": .string, "height": .string, "temp_id": .string,
                   "brand_code": .string, "type": .string, "brand_img": .string, "banner": .array,
                   "brand_banner_type": .string, "brand_list": .array, "fixed_list": .array]),
        Read("Brand", "getBrandListForMore", [("page", "0"), ("fid", "2")], row: ["brand_code": .string, "logo_img": .string]),
        Read("BrandMb", "getBrandCateList", [], row: ["id": .string, "name": .string, "temp_id": .string, "brand_list": .array]),
        Read("Designer", "getAllDesignerList", [("page", "0")],
             row: ["show_type": .number, "user_id": .string, "nick_name": .string, "head_img": .string]),
        Read("Designer", "getStarDesignerList", [("page", "0")],
             row: ["show_type": .number, "user_id": .string, "nick_name": .string, "head_img": .string, "head_v_type": .string,
                   "collocationCount": .string, "concernCount": .string, "is_like": .string, "collocation_list": .array]),
        Read("WXSC_Account", "DesignerSearchFilter", [("keyWord", ""), ("pageIndex", "1"), ("pageSize", "10"), ("sortField", "Gradle")],
             soa: true, post: true,
             row: ["userId": .string, "userName": .string, "headPortrait": .string, "userSignature": .string, "grade": .string,
                   "points": .number, "concernsCount": .number, "designCount": .number, "fansCount": .number, "isConcerned": .bool]),
    ])
    func aReadAnswersTheKeysItsModelReads(_ read: Read) async throws {
        let answer = read.post ? try await app.post(read.module, read.action, read.parameters)
            : try await app.get(read.module, read.action, read.parameters)
        let rows = read.soa ? answer.results : answer.list
        if read.soa {
            #expect(answer.json["isSuccess"] == 1 && (answer.json["total"]?.intValue ?? 0) >= rows.count, "\(read.action)")
        } else {
            #expect(answer.status == 1, "\(read.action)")
        }
        let row = try #require(rows.first, "\(read.action) answered no rows: \(answer.json.encodedString())")
        for (key, kind) in read.row {
            #expect(row[key].map(kind.matches) == true, "\(read.action): \(key) in \(row.encodedString())")
        }
    }

    @Test func productListsFilterSortAndPage() async throws {
        let cheapest = try await app.get("Item", "getItemListForClsV2", [("tid", "209"), ("page", "0"), ("num", "50"), ("orderType", "1")]).list
        let prices = cheapest.compactMap { $0["clsInfo"]?["sale_price"]?.intValue }
        #expect(prices.count == 50 && prices == prices.sorted())
        let dearest = try await app.get("Item", "getItemListForClsV2", [("tid", "209"), ("page", "0"), ("num", "50"), ("orderType", "2")]).list
        let dearer = dearest.compactMap { $0["clsInfo"]?["sale_price"]?.intValue }
        #expect(dearer == dearer.sorted(by: >) && dearer.first ?? 0 >= prices.last ?? .max)
        let second = try await app.get("Item", "getItemListForClsV2", [("tid", "209"), ("page", "1"), ("num", "50"), ("orderType", "1")]).list
        #expect(second.count == 15, "65 products in category 209")

        let sameBrand = try await app.get("Product", "getProductListBySameCodeV2", [("code", "160300001"), ("page", "0"), ("num", "100")])
        #expect(!sameBrand.results.isEmpty && sameBrand.results.allSatisfy { $0["clsInfo"]?["brandCode"] == "B1002" })
        let byBrand = try await app.get("Product", "ProductClsByBrandIdFilter", [("branD_ID", "b1002"), ("pageIndex", "2"), ("pageSize", "14")])
        #expect(byBrand.json["total"] == 21 && byBrand.results.count == 7)
    }

    @Test func searchesMatchTheKeywordOrOfferTheHotList() async throws {
        let search = try await app.get("Search", "getProductListByKey", [("keyword", "T恤"), ("sortField", "1"), ("sortType", "1"),
                                                                       ("page", "0"), ("pageSize", "10")])
        let list = try #require(search.data?["list"]?.arrayValue)
        #expect(search.status == 1 && list.count == 10 && search.data?["hotlist"] == [] && search.data?["priceRange"] == [])
        #expect(list.allSatisfy { $0["clsInfo"]?["name"]?.stringValue?.contains("T恤") == true })
        let prices = list.compactMap { $0["clsInfo"]?["sale_price"]?.intValue }
        #expect(prices == prices.sorted(), "sortField 1, sortType 1: cheapest first")
        let nothing = try await app.get("Search", "getProductListByKey", [("keyword", "不存在的商品"), ("page", "0"), ("pageSize", "10")])
        #expect(nothing.data?["list"] == [] && nothing.data?["hotlist"]?.arrayValue?.count == 10)

        let brands = try await app.get("Search", "getBrandListByKey", [("keyword", "peace"), ("page", "0"), ("pageSize", "500")])
        let found = try #require(brands.data?["list"]?.arrayValue)
        #expect(found.first?["brand_code"] == "B1001" && found.first?["cname"] == "太平鸟" && found.first?["temp_id"] != nil)
        #expect(found.allSatisfy { $0["ename"]?.stringValue?.hasPrefix("PEACEBIRD") == true })
        let everyone = try await app.post("WXSC_Account", "DesignerSearchFilter", [("keyWord", ""), ("pageIndex", "1"), ("pageSize", "100")])
        let stylist = try #require(everyone.results.last)
        let name = try #require(stylist["userName"]?.stringValue)
        let designers = try await app.post("WXSC_Account", "DesignerSearchFilter", [("keyWord", name), ("pageIndex", "1"), ("pageSize", "100")])
        #expect(designers.results.contains { $0["userId"] == stylist["userId"] })
        #expect(designers.results.allSatisfy { $0["userName"]?.stringValue?.contains(name) == true })
        #expect((everyone.json["total"]?.intValue ?? 0) > (designers.json["total"]?.intValue ?? .max))
    }

    @Test func brandWallsAndPavilions() async throws {
        let wall = try await app.get("BrandMb", "getAllBrandListWithItem", [("page", "0")])
        #expect(wall.data?["banner"]?["1020"] == [] && wall.data?["brandList"]?.arrayValue?.count == 10)
        #expect(wall.data?["brandList"]?.arrayValue?.first?["show_type"] == 0)
        let pavilions = try await app.get("BrandMb", "getBrandCateList").list
        #expect(pavilions.map { $0["temp_id"] } == ["1", "2", "4"] && pavilions.allSatisfy { $0["brand_list"]?.arrayValue?.count == 6 })
        let more = try await app.get("BrandMb", "getBrandListForMore", [("fid", "2"), ("page", "3")]).list
        #expect(more.count == 5, "35 brands in channel 2")
    }

    @Test func followsAndFavouritesShowInTheCatalogue() async throws {
        let fanID = YoufanOfficialJourneyTests.newUserID()
        let fan = try await app.signedIn(userID: fanID, nickName: "追随者")
        #expect(try await fan.get("Home", "getCollocationListFollows", [("page", "0")]).data?["collocation"] == [])
        _ = try await fan.post("WXSC_Account", "UserConcernCreate", [("ConcernId", "300102"), ("ConcernType", "造型师")])
        let follows = try await fan.get("Home", "getCollocationListFollows", [("page", "0")])
        let posts = try #require(follows.data?["collocation"]?.arrayValue)
        #expect(!posts.isEmpty && posts.allSatisfy { $0["user_id"] == "300102" && $0["is_love"] == 0 })
        #expect(follows.data?["recommend"]?["isConcerned"] == "0" && follows.data?["recommend"]?["user_id"] != "300102")
        let designers = try await fan.post("WXSC_Account", "DesignerSearchFilter", [("pageIndex", "1"), ("pageSize", "100")]).results
        let designer = designers.first { $0["userId"] == "300102" }
        #expect(designer?["isConcerned"] == true && (designer?["fansCount"]?.intValue ?? 0) >= 1)
        #expect(designers.filter { $0["isConcerned"] == true }.count == 1)
        let anonymous = try await app.post("WXSC_Account", "DesignerSearchFilter", [("pageIndex", "1"), ("pageSize", "100")]).results
        #expect(anonymous.first { $0["userId"] == "300102" }?["isConcerned"] == false)

        _ = try await fan.post("Product", "FavoriteCreateList", [("favoriteList", #"[{"sourcE_TYPE":1,"product_code":160300001}]"#)])
        let rows = try await fan.get("Product", "getProductListBySameCodeV2", [("code", "160300001"), ("num", "100")]).results
        let favourite = rows.first { $0["clsInfo"]?["code"] == "160300001" }
        #expect(favourite?["clsInfo"]?["isFavorite"] == true)
        #expect(rows.filter { $0["clsInfo"]?["isFavorite"] == true }.count == 1)

        _ = try await fan.get("BrandMb", "likeBrand", [("brandCode", "B1053")])
        let lovers = try await app.get("BrandMb", "getBrandLikeUserList", [("brandCode", "b1053"), ("page", "0")]).list
        #expect(lovers.first?["userId"] == .string(fanID) && lovers.first?["nickName"] == "追随者")
        #expect(lovers.first?["concernCount"] == 1 && lovers.first?["isConcerned"] == 0)
        let mine = try await fan.get("Product", "BrandOrderFilterWithUse", [("pageIndex", "1"), ("pageSize", "100")]).json["results"]
        #expect(mine?["myBrand"]?.arrayValue?.map { $0["brand_code"] } == ["B1053"])
        let groups = try #require(mine?["brandList"]?.arrayValue)
        let initials = groups.compactMap { $0["sortString"]?.stringValue }
        #expect(initials == initials.sorted() && Set(initials).count == initials.count && initials.count > 5)
        #expect(groups.allSatisfy { group in
            group["brandInfo"]?.arrayValue?.allSatisfy { $0["first_letter"]?.stringValue?.uppercased().hasPrefix(group["sortString"]?.stringValue ?? "?") == true } == true
        })
    }

    @Test func itemPagesAndTheFashionFeed() async throws {
        let card = try #require(try await app.get("Home", "getCollocationListHot", [("page", "0")]).list.first)
        let code = try #require(card["product_list"]?.arrayValue?.first?["product_sys_code"]?.stringValue)
        let item = try await app.get("Item", "getItemDetails", [("tid", code)])
        let middle = try #require(item.data?["middle"]?.arrayValue)
        #expect(item.status == 1 && middle.contains { $0["id"] == card["id"] } && item.data?["banner"]?["1007"] == [])
        #expect(middle.allSatisfy { $0["is_love"] == 0 && $0["like_count"]?.stringValue != nil && $0["img"]?.stringValue != nil })

        let fanID = YoufanOfficialJourneyTests.newUserID()
        let fan = try await app.signedIn(userID: fanID, nickName: "细看")
        _ = try await fan.post("Order", "FavoriteCreateList", [("favoriteList", #"[{"sourcE_TYPE":1,"sourcE_ID":"\#(code)"}]"#)])
        let header = try await fan.get("Item", "getItemDetailsV2", [("tid", code)])
        #expect(header.status == 1 && header.data?["clsInfo"]?["code"] == .string(code) && header.data?["isFavorite"] == true)
        #expect(header.data?["tag"]?.arrayValue != nil && header.data?["colorList"]?.arrayValue != nil)
        #expect(try await app.get("Item", "getItemDetailsV2", [("tid", code)]).data?["isFavorite"] == false)
        #expect(try await app.get("Item", "getItemDetailsV2", [("tid", "404")]).status == -100)
        #expect(try await app.get("Item", "getItemDetails", [("tid", "404")]).info == "参数错误: 商品不存在: code=404")

        let category = try await app.get("Item", "getItemClsDetails", [("fid", "20")])
        let subs = try #require(category.data?["middle"]?.arrayValue)
        #expect(category.data?["info"] == "男上装" && subs.first?["temp_id"] == "209" && subs.first?["name"] == "T恤")
        #expect(subs.allSatisfy { $0["fixed_id"] == "20" && $0["small_img"]?.stringValue != nil })
        let more = try await app.get("Item", "getItemClsListForMore", [("fid", "20")]).list
        #expect(more.map { $0["temp_id"] } == subs.map { $0["temp_id"] } && more.first?["brand_code"] == "")
        let products = try await app.get("Item", "getItemListForClsV2", [("tid", "209")]).list
        #expect(!products.isEmpty, "a sub-category's temp_id lists its products")
        #expect(try await app.get("Item", "getItemClsDetails", [("fid", "99999")]).info == "参数错误: fid=99999 不存在")

        let fashion = try await app.get("Fashion", "getAllFashionList", [("page", "0")]).list
        #expect(fashion.count == 10)
        for key in ["img", "img_width", "img_height", "name", "info", "url"] {
            #expect(fashion.allSatisfy { $0[key]?.stringValue != nil }, "\(key)")
        }
        let next = try await app.get("Fashion", "getAllFashionList", [("page", "1")]).list
        #expect(!next.isEmpty && next.first?["id"] != fashion.first?["id"])
    }

    @Test func unknownIdsAndMissingParametersGetTheAppsFailureAndChangeNothing() async throws {
        let fan = try await app.signedIn(userID: YoufanOfficialJourneyTests.newUserID(), nickName: "稳")
        _ = try await fan.post("WXSC_Account", "UserConcernCreate", [("ConcernId", "300101")])
        // The cards' ids: their like counts belong to every suite on the shared server.
        let before = try await fan.get("Home", "getCollocationListFollows").data?["collocation"]?.arrayValue?.map { $0["id"] }
        #expect(before?.isEmpty == false)

        let unknown = try await fan.get("Product", "getProductListBySameCodeV2", [("code", "404")])
        #expect(unknown.httpStatus == 200 && unknown.json["isSuccess"] == 0 && unknown.json["message"] == "参数错误: code=404 不存在")
        let missing = try await fan.get("Item", "getItemListForClsV2", [("page", "0")])
        #expect(missing.status == -100 && missing.info == "参数错误或者未定义:tid" && missing.data?.isNull == true)
        let brand = try await fan.get("BrandMb", "getBrandLikeUserList", [("brandCode", "nope")])
        #expect(brand.status == -100 && brand.info == "参数错误: brandCode=nope 不存在")
        let anonymous = try await app.get("Home", "getCollocationListFollows", [("page", "0")])
        #expect(anonymous.status == -103 && anonymous.info == "token错误")
        let emptyChannel = try await app.get("BrandMb", "getBrandListForMore", [("fid", "abc")])
        #expect(emptyChannel.status == 1 && emptyChannel.list.isEmpty)
        #expect(try await fan.get("Home", "getCollocationListFollows").data?["collocation"]?.arrayValue?.map { $0["id"] } == before, "nothing changed")
    }

    /// A read as the app sends it and what its first row must carry.
    struct Read: Sendable, CustomTestStringConvertible {
        let module: String
        let action: String
        let parameters: [(String, String)]
        var soa = false
        var post = false
        let row: [String: Kind]

        init(_ module: String, _ action: String, _ parameters: [(String, String)], soa: Bool = false, post: Bool = false,
             row: [String: Kind]) {
            (self.module, self.action, self.parameters, self.soa, self.post, self.row) = (module, action, parameters, soa, post, row)
        }

        var testDescription: String { "\(module)/\(action)" }
    }

    /// The JSON kinds the app's models tell apart.
    enum Kind: Sendable {
        case string, number, bool, array, object

        func matches(_ value: JSON) -> Bool {
            switch (self, value) {
            case (.string, .string), (.bool, .bool), (.array, .array), (.object, .object): true
            case (.number, .int), (.number, .number), (.number, .numberText): true
            default: false
            }
        }
    }
}
