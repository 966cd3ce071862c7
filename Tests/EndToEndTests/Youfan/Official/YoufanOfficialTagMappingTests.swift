import Testing
import TestSupport
import Wire

/// The earlier detail screen's tag buttons (MB `MBController/MBCollocationDetails/
/// MBCollocationDetailsController.m`, `MBCollocationTagMappingModel`): `tagMapping` holds the
/// collocation's stored tags, `{showTagName, showTagId, sourceId}`, the ids as numbers.
@Suite struct YoufanOfficialTagMappingTests {
    @Test func theSeededTagsAreTheTagButtons() async throws {
        let app = try await YoufanOfficialApp.onSharedServer()
        let answer = try await app.get("Collocation", "WxCollocationBasicInfoFilter", [("ids", "7040"), ("LoginUserId", "")])
        let mapping = try #require(answer.results.first?["tagMapping"]?.arrayValue)
        #expect(mapping == [
            .object([("showTagName", "木棉集"), ("showTagId", 160301076), ("sourceId", 7040)]),
            .object([("showTagName", "失物招领"), ("showTagId", 160300916), ("sourceId", 7040)]),
        ], "\(answer.json.encodedString())")
    }

    @Test func aPostsTagsAreItsTagButtons() async throws {
        let app = YoufanOfficialApp(baseURL: try await YoufanOfficialCommunityTests.server.value.baseURL)
        let author = try await app.signedIn(userID: YoufanOfficialJourneyTests.newUserID(), nickName: "贴标签")
        #expect(try await author.post("Collocation", "pushUserCollocationV2", YoufanOfficialCommunityTests.publishForm("有标签")).status == 1)
        let id = try #require(try await author.get("Mine", "getMyCollocationList").list.first?["id"]?.stringValue)
        let answer = try await app.get("Collocation", "WxCollocationBasicInfoFilter", [("ids", id)])
        let mapping = try #require(answer.results.first?["tagMapping"]?.arrayValue)
        #expect(mapping.map { $0["showTagName"] } == ["木棉集"] && mapping.first?["showTagId"] == 160301076)
        #expect(mapping.first?["sourceId"]?.intValue == Int(id))
    }
}
