import Testing
import TestSupport
import Wire

/// A post keeps what the publish screen sent about it (MB `Unico/UploadCollection/SPublishViewController.m`
/// `uploadProductDataWithImage:URL:`): its tabs (`tabList`, a JSON array of names) come back as
/// `tab_str`, the comma-separated text `SCollocationDetailModel setTab_str:` splits, and the wearer
/// (`userJson`) as `user_json`, the JSON text `setUser_json:` parses. On the community suite's
/// own server, where posts do not disturb the shared feeds.
@Suite struct YoufanOfficialPostDetailTests {
    static let wearer = #"{"type":"2","info":"女","height":"165cm","age":"25岁","weight":"50kg"}"#

    let app: YoufanOfficialApp

    init() async throws { app = YoufanOfficialApp(baseURL: try await YoufanOfficialCommunityTests.server.value.baseURL) }

    static func form(_ content: String, tabList: String) -> [(String, String)] {
        YoufanOfficialCommunityTests.publishForm(content).map { name, value in
            switch name {
            case "tabList": (name, tabList)
            case "userJson": (name, wearer)
            default: (name, value)
            }
        }
    }

    @Test func theDetailAnswersTheTabsAndTheWearerSent() async throws {
        let author = try await app.signedIn(userID: YoufanOfficialJourneyTests.newUserID(), nickName: "标签控")
        let published = try await author.post("Collocation", "pushUserCollocationV2", Self.form("通勤穿搭", tabList: #"["通勤","街拍"]"#))
        #expect(published.status == 1 && published.data == 1, "\(published.json.encodedString())")
        let id = try #require(try await author.get("Mine", "getMyCollocationList").list.first?["id"]?.stringValue)

        let detail = try #require(try await app.get("Collocation", "getCollocationDetails", [("cid", id)]).data)
        #expect(detail["tab_str"] == "通勤,街拍")
        #expect(detail["user_json"]?.stringValue == Self.wearer)
        let parsed = try JSON.parse(try #require(detail["user_json"]?.stringValue))
        #expect(parsed["height"] == "165cm" && parsed["info"] == "女", "the text parses as the screen parses it")
        let v2 = try #require(try await app.get("Collocation", "getCollocationDetailsV2", [("cid", id)]).data)
        #expect(v2["tab_str"] == "通勤,街拍" && v2["user_json"]?.stringValue == Self.wearer)
        #expect(v2.objectValue?.filter { $0.key == "tab_str" }.count == 1, "one tab_str, not the placeholder beside it")
    }

    @Test func aBrokenTabListIsRefusedAndNothingIsPosted() async throws {
        let author = try await app.signedIn(userID: YoufanOfficialJourneyTests.newUserID(), nickName: "手滑")
        let refused = try await author.post("Collocation", "pushUserCollocationV2", Self.form("坏标签", tabList: #"["通勤""#))
        #expect(refused.status == -100 && refused.info == "参数错误: tabList 不是合法的 JSON", "\(refused.json.encodedString())")
        #expect(try await author.get("Mine", "getMyCollocationList").list.isEmpty)
        let kept = try await author.post("Collocation", "pushUserCollocationV2", Self.form("好标签", tabList: "[]"))
        #expect(kept.status == 1, "the server keeps serving")
        let id = try #require(try await author.get("Mine", "getMyCollocationList").list.first?["id"]?.stringValue)
        #expect(try await app.get("Collocation", "getCollocationDetails", [("cid", id)]).data?["tab_str"] == "")
    }
}
