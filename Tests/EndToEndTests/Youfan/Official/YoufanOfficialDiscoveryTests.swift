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

    @Test func theOlderCategoryScreenGetsTheSameThroughTheGateway() async throws {
        let token = try await app.accessToken()
        var request = URLRequest(url: URL(string: app.baseURL + "/CallCenter/InvokeSecurity.ashx")!)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(YoufanOfficialApp.encoded([("AccessToken", token), ("ServiceName", "Product"),
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
        let odd = try await app.get("Collocation", "getStickImgWithTabList", [("tid", ""), ("type", "2"), ("img_height", "999")])
        #expect(odd.status == 1 && odd.data?["stick"] == [], "no borders: the editor shows no border tab")
    }

    @Test func anUnknownTopicIsTheAppsParameterErrorAndTheEditorKeepsWorking() async throws {
        let answer = try await app.get("Collocation", "getStickImgWithTabList", [("tid", "99999999")])
        #expect(answer.httpStatus == 200 && answer.status == -100 && answer.info?.contains("tid=99999999") == true)
        #expect(answer.info?.contains("SQL") == false && answer.info?.contains("Error") == false)
        #expect(try await app.get("Collocation", "getStickImgWithTabList", [("tid", "")]).data?["stick"]?.arrayValue?.count == 12)
    }
}
