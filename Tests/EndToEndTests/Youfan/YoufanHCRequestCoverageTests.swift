import APIRoutes
import Testing
import Wire

/// Every request of HC (`al-liu/HCFunwear-iOS`, YTKNetwork over AFNetworking), sent as HC sends
/// it: its `Models/Apis/*Api.m` arguments (GET; `cid` the selected channel 1, 2 or 4; `token=`
/// where the Api adds it) after the common arguments of `Global/GlobalConfig.m`. Each answer is
/// checked for every field HC's models and view models read, with the type its code needs
/// (URLs strings, `is_more` a string, `data` of the recommended list and the consult list
/// objects — WIRE.md §1.3).
@Suite struct YoufanHCRequestCoverageTests {
    static let shared = YoufanTestServer.forSuite()
    let server: YoufanTestServer

    init() async throws { server = try await Self.shared.value }

    /// The module keys HC registers a cell for (`Models/HomePageModels/HCHomeCollectionViewBindingHelper.m`).
    static let moduleKeys: Set<String> = [
        "topImgModule", "iconModule", "bannerModule", "newModule", "hotCateModule", "hotBrandModule",
        "colloSpecialModule", "imgModule", "imgListV1Module", "imgListV3Module", "imgListV4Module", "likeModule", "noticeModule",
    ]

    /// The item counts HC's views draw (WIRE.md §2.1).
    static let exactCounts = ["iconModule": 8, "hotCateModule": 9, "hotBrandModule": 6, "imgListV1Module": 4, "imgListV3Module": 2]

    @Test(arguments: ["1", "2", "4"])
    func homeAndCategoryPages(_ cid: String) async throws {
        // HomeLayoutApi → HomePageViewModel, HCModule, HCModuleData, HCJump.
        let home = try await server.hc([("cid", cid), ("a", "getAppLayoutV2"), ("m", "Home"), ("page", "home"), ("token", "")])
        expectWireTypes(home, ["status": .integer, "info": .string, "data": .object, "data.module": .array,
                               "data.module.*.id": .digits, "data.module.*.module_key": .string, "data.module.*.c_title": .string,
                               "data.module.*.e_title": .string, "data.module.*.is_more": .string, "data.module.*.jump": .object,
                               "data.module.*.data": .array, "data.module.*.data.*.img": .url, "data.module.*.data.*.title": .string,
                               "data.module.*.data.*.jump": .object, "data.module.*.data.*.jump.id": .digits,
                               "data.module.*.data.*.jump.url": .url], client: "HC home cid=\(cid)")
        let modules = try #require(home["data"]?["module"]?.arrayValue)
        for module in modules {
            let key = module["module_key"]?.stringValue ?? ""
            let count = module["data"]?.arrayValue?.count ?? 0
            #expect(Self.moduleKeys.contains(key) && key != "likeProductModule", "HC cannot dequeue \(key)")
            #expect(["0", "1"].contains(module["is_more"]?.stringValue ?? ""))
            if let exact = Self.exactCounts[key] { #expect(count == exact, "\(key) has \(count)") }
            if key == "newModule" { #expect(count >= 4 && module.values(at: "data.*.product_price").count >= 3) }
            if key == "imgListV4Module" { #expect(count >= 7) }
        }

        // CategroyLayoutApi → HCCategoryLayout, HCHotModule, HCHotModuleData.
        let hot = try await server.hc([("cid", cid), ("a", "getAppHotLayout"), ("m", "Home"), ("token", "")])
        for module in ["topPicModul", "hotBrandModul", "hotCategoryModul"] {
            expectWireTypes(hot, ["data.\(module)": .object, "data.\(module).id": .digits, "data.\(module).name": .string,
                                  "data.\(module).key": .string, "data.\(module).list": .array, "data.\(module).list.*.id": .digits,
                                  "data.\(module).list.*.img": .url, "data.\(module).list.*.name": .string,
                                  "data.\(module).list.*.cate_img": .url, "data.\(module).list.*.jump": .object],
                            client: "HC hot cid=\(cid)")
        }

        // GetCategoryListApi → HCCategory.
        let categories = try await server.hc([("cid", cid), ("a", "getCategoryList"), ("m", "Category"), ("token", "")])
        expectWireTypes(categories, ["status": .integer, "data": .array, "data.*.id": .digits, "data.*.cate_name": .string,
                                     "data.*.img": .url, "data.*.subs.*.id": .digits, "data.*.subs.*.cate_name": .string,
                                     "data.*.subs.*.img": .url], client: "HC categories cid=\(cid)")

        // GetAppBrandListApi pages from 0, 30 a page (CategoryPageViewModel).
        var pages: [[JSON]] = []
        for index in 0..<2 {
            let brands = try await server.hc([("cid", cid), ("a", "getAppBrandList"), ("m", "BrandMb"), ("pageIndex", String(index)),
                                              ("pageSize", "30"), ("token", "")])
            expectWireTypes(brands, ["status": .integer, "data": .array, "data.*.id": .digits, "data.*.data_id": .digits,
                                     "data.*.sort": .digits, "data.*.brand_code": .string, "data.*.logo_img": .url],
                            client: "HC brands cid=\(cid) page \(index)")
            pages.append(brands["data"]?.arrayValue ?? [])
        }
        #expect(pages[0].count == 30 && !pages[1].isEmpty, "HC pages its brand wall")
    }

    @Test(arguments: ["1", "2", "4"])
    func recommendedProductsAndTheProductPage(_ cid: String) async throws {
        // GetRecommedProductListApi → HomePageViewModel reads value[data][productList] → HCProduct.
        var codes: [String] = []
        for page in 0..<2 {
            let recommended = try await server.hc([("cid", cid), ("a", "getRecommedProductList"), ("m", "Product"),
                                                   ("page", String(page)), ("token", "")])
            expectWireTypes(recommended, ["status": .integer, "data": .object, "data.name": .string, "data.productList": .array,
                                          "data.productList.*.product_sys_code": .digits, "data.productList.*.product_name": .string,
                                          "data.productList.*.price": .price, "data.productList.*.brandName": .string,
                                          "data.productList.*.product_url": .url], client: "HC recommended cid=\(cid)")
            codes += recommended.values(at: "data.productList.*.product_sys_code").compactMap(\.stringValue)
        }
        #expect(codes.count == 40)
        for code in codes.prefix(3) + (cid == "1" ? ["831236", "847964"] : []) {
            try await productPage(code, cid: cid)
        }
    }

    /// GetProductDetailsApi, GetProductConsultListApi, ProductFilterApi and GetCommentListApi of
    /// one product, as HC's product page sends them.
    private func productPage(_ code: String, cid: String) async throws {
        let details = try await server.hc([("cid", cid), ("a", "getProductDetails"), ("m", "Product"), ("token", ""), ("code", code)])
        expectWireTypes(details, ["status": .integer, "data.clsInfo.brand": .string, "data.clsInfo.marketPrice": .price,
                                  "data.clsInfo.name": .string, "data.clsInfo.sale_price": .price,
                                  "data.proPicUrl.*.filE_PATH": .url, "data.clsPicUrl.*.filE_PATH": .url,
                                  "data.brandDispatchGoods": .object, "data.brandDispatchGoods.img": .url,
                                  "data.brandDispatchGoods.url": .url, "data.activity": .array], client: "HC details \(code)")

        let consults = try await server.hc([("cid", cid), ("a", "getProductConsultList"), ("m", "Product"), ("token", ""), ("code", code)])
        expectWireTypes(consults, ["status": .integer, "data": .object, "data.sys": .array], client: "HC consults \(code)")
        if !(consults["data"]?["sys"]?.arrayValue?.isEmpty ?? true) {
            expectWireTypes(consults, ["data.sys.*.question": .string, "data.sys.*.answer": .string,
                                       "data.sys.*.create_time": .string], client: "HC consults \(code)")
        }

        // HCProductDetailStyleViewModel groups consecutive rows by coloR_ID and reads each row's size.
        let filter = try await server.hc([("cid", cid), ("a", "ProductFilter"), ("m", "Product"), ("token", ""), ("prodClsIdList", code)])
        expectWireTypes(filter, ["isSuccess": .integer, "message": .string, "total": .integer, "results": .array,
                                 "results.*.coloR_ID": .string, "results.*.coloR_NAME": .string, "results.*.coloR_FILE_PATH": .url,
                                 "results.*.price": .integer, "results.*.salE_PRICE": .integer, "results.*.speC_ID": .string,
                                 "results.*.speC_NAME": .string, "results.*.lisT_QTY": .integer], client: "HC style \(code)")
        let colourRuns = filter.values(at: "results.*.coloR_ID").compactMap(\.stringValue)
        let runStarts = colourRuns.indices.filter { $0 == 0 || colourRuns[$0] != colourRuns[$0 - 1] }.map { colourRuns[$0] }
        #expect(runStarts.count == Set(colourRuns).count, "HC needs the rows of a colour together: \(colourRuns)")

        let comments = try await server.hc([("cid", cid), ("a", "getCommentList"), ("m", "Comment"), ("type", "2"), ("tid", code),
                                            ("page", "0")])
        expectWireTypes(comments, ["status": .integer, "data": .array], client: "HC comments \(code)")
        if !(comments["data"]?.arrayValue?.isEmpty ?? true) {
            expectWireTypes(comments, ["data.*.id": .digits, "data.*.nick_name": .string, "data.*.head_img": .url,
                                       "data.*.info": .string, "data.*.create_time": .string, "data.*.product_color": .string,
                                       "data.*.product_size": .string, "data.*.img_list": .array, "data.*.subs": .array],
                            client: "HC comments \(code)")
        }
    }

    @Test(arguments: ["1", "2", "4"])
    func inspirationPage(_ cid: String) async throws {
        // HCGetCollocationListByUserTypeApi (no userType: the PHP default 1), pages from 0.
        for page in 0..<2 {
            let feed = try await server.hc([("cid", cid), ("a", "getCollocationListByUserType"), ("m", "Collocation"),
                                             ("page", String(page)), ("token", ""), ("userId", "")])
            expectWireTypes(feed, ["status": .integer, "data": .array, "data.*.id": .digits, "data.*.img": .url,
                                   "data.*.head_img": .url, "data.*.stick_img_url": .url, "data.*.video_url": .url],
                            client: "HC collocations page \(page)")
        }
        // HCGetSpecialListForInspApi: every tab of data.attr, pages from 1, PageSize 10.
        let first = try await server.hc(specials(cid: cid, aid: "", page: 1))
        let tabs = first.values(at: "data.attr.*.id").map { $0.stringValue ?? $0.intValue.map(String.init) ?? "?" }
        #expect(tabs == ["", "101", "103", "95", "2245", "96", "99", "104"])
        for aid in tabs {
            for page in 1...2 {
                let answer = try await server.hc(specials(cid: cid, aid: aid, page: page))
                expectWireTypes(answer, ["status": .integer, "data.attr": .array, "data.attr.*.name": .string, "data.list": .array,
                                         "data.list.*.id": .digits, "data.list.*.title": .string, "data.list.*.img": .url,
                                         "data.list.*.url": .url], client: "HC specials aid=\(aid) page \(page)")
            }
        }
    }

    private func specials(cid: String, aid: String, page: Int) -> [(String, String)] {
        [("cid", cid), ("a", "getSpecialListForInsp"), ("m", "Special"), ("pageIndex", String(page)), ("PageSize", "10"),
         ("token", ""), ("aid", aid)]
    }

    @Test func launchConfigurationOnTheConfigHost() async throws {
        // GetAppConfigApi: its own absolute URL, the common arguments again, idfa and type=1.
        let arguments = YoufanClientWire.hcCommonArguments + [
            ("cid", "1"), ("idfa", "6D0E3A5C-2B1F-4C8A-9E7D-1F2A3B4C5D6E"), ("a", "getAppConfig"), ("m", "Config"),
            ("token", ""), ("type", "1"),
        ]
        let config = try await server.hc(arguments, path: YoufanParameters.configPath)
        expectWireTypes(config, ["status": .integer, "data.config": .object, "data.config.LAUNCH_BANNER": .string],
                        client: "HC AppConfigModel")
        let banner = try JSON.parse(Array(try #require(config["data"]?["config"]?["LAUNCH_BANNER"]?.stringValue).utf8))
        expectWireTypes(banner, ["banner.img": .url, "banner.url": .url], client: "HC launch banner")
    }
}
