import Foundation
import Testing
import TestSupport
import Wire

/// The community actions of the official app as its screens send them: publishing a collocation
/// (MB `Unico/UploadCollection/SPublishViewController.m`), its likers, what it wears, removing it,
/// comment scores and reports. A server of these tests' own: a post leads every feed, which the
/// shared server's suites read.
@Suite struct YoufanOfficialCommunityTests {
    static let server = SharedFixture { try YoufanTestServer() }

    let app: YoufanOfficialApp

    init() async throws { app = YoufanOfficialApp(baseURL: try await Self.server.value.baseURL) }

    /// The form `pushUserCollocationV2` posts: sizes as `%f`, tags and lists as JSON text.
    static func publishForm(_ content: String, tagJson: String = tagWearing160301076) -> [(String, String)] {
        [("imgUrl", "http://img.funwear.com/upload/look.jpg"), ("imgWidth", "640.000000"), ("imgHeight", "853.000000"),
         ("contentInfo", content), ("tagJson", tagJson), ("brandList", #"["B1048"]"#), ("tabList", "[]"),
         ("stickImgUrl", ""), ("videoUrl", ""), ("userType", "2"),
         ("userJson", #"{"type":"2","info":"女","height":"","age":"","weight":""}"#), ("sysUserId", ""), ("isShow", "1")]
    }

    static let tagWearing160301076 = #"[{"x":"0.300000","y":"0.400000","attributes":{"type":"100","id":"160301076","code":"160301076","flip":"0"},"text":"木棉集","brandCode":"B1048"}]"#

    @Test func aPublishedCollocationIsListedLikedAndRemovedOnlyByItsAuthor() async throws {
        let author = try await app.signedIn(userID: YoufanOfficialJourneyTests.newUserID(), nickName: "发布者")
        let published = try await author.post("Collocation", "pushUserCollocationV2", Self.publishForm("周末<出街>"))
        #expect(published.status == 1 && published.data == 1, "the app's \"published\": \(published.json.encodedString())")

        let mine = try await author.get("Mine", "getMyCollocationList").list
        let card = try #require(mine.first)
        #expect(mine.count == 1)
        let id = try #require(card["id"]?.stringValue)
        #expect(card["nick_name"] == "发布者" && card["content_info"] == "周末&lt;出街&gt;" && card["user_type"] == "2")
        #expect(card["img_width"] == "640" && card["img_height"] == "853" && card["is_love"] == 0 && card["like_count"] == "0")
        #expect(card["product_list"]?.arrayValue?.first?["product_sys_code"] == "160301076")
        let feed = try await app.get("Collocation", "getCollocationListForDetails").list
        #expect(feed.contains { $0["id"] == .string(id) }, "among the newest (the suite's other tests post too)")
        #expect(try await app.get("Collocation", "getCollocationDetails", [("cid", id)]).data?["user_id"] == card["user_id"])
        let worn = try await app.get("Collocation", "getCollocationListById", [("cid", id)])
        #expect(worn.list.first?["id"] == .string(id) && worn.list.first?["itemList"]?.arrayValue?.first?["id"] == "160301076")

        let fanID = YoufanOfficialJourneyTests.newUserID()
        let fan = try await app.signedIn(userID: fanID, nickName: "点赞者")
        #expect(try await fan.get("Collocation", "likeCollocation", [("cid", id)]).data == "1")
        let lovers = try await app.get("Collocation", "getCollocationLikeUserList", [("cid", id), ("page", "0")])
        #expect(lovers.status == 1 && lovers.list.map { $0["nickName"] } == ["点赞者"])
        #expect(lovers.list.first?["userId"] == .string(fanID))
        #expect(try await author.get("Mine", "getMyCollocationList").list.first?["like_count"] == "1")

        let refused = try await fan.get("Collocation", "delCollocationInfo", [("cid", id)])
        #expect(refused.status == -100 && refused.info == "参数错误: cid=\(id) 不存在或不是你发布的搭配")
        let seeded = try await fan.get("Collocation", "delCollocationInfo", [("cid", "7040")])
        #expect(seeded.status == -100)
        #expect(try await app.get("Collocation", "getCollocationDetails", [("cid", "7040")]).status == 1, "a seeded one stays")
        #expect(try await author.get("Mine", "getMyCollocationList").list.count == 1, "another user cannot remove it")

        let removed = try await author.get("Collocation", "delCollocationInfo", [("cid", id)])
        #expect(removed.status == 1 && removed.data == [])
        #expect(try await author.get("Mine", "getMyCollocationList").list.isEmpty)
        #expect(try await app.get("Collocation", "getCollocationDetails", [("cid", id)]).status == -100)
        #expect(try await author.get("Collocation", "delCollocationInfo", [("cid", id)]).status == -100, "gone")
    }

    @Test func theEarlierPublishScreenPostsToo() async throws {
        let author = try await app.signedIn(userID: YoufanOfficialJourneyTests.newUserID(), nickName: "老版本")
        let published = try await author.get("Collocation", "pushUserCollocation", [
            ("media_type", "1"), ("imgUrl", "http://img.funwear.com/upload/old.jpg"), ("videoUrl", ""), ("contentInfo", "老页面"),
            ("imgWidth", "320.5"), ("imgHeight", "480"), ("itemJson", "[]"), ("tagJson", "[]"), ("tabStr", ""), ("stickImgUrl", "")])
        #expect(published.status == 1)
        let card = try #require(try await author.get("Mine", "getMyCollocationList").list.first)
        #expect(card["content_info"] == "老页面" && card["user_type"] == "1" && card["img_width"] == "320" && card["product_list"] == [])
    }

    @Test func commentScoresCountWhatIsWrittenAndReportsAreKeptPerUser() async throws {
        let before = try await app.get("Comment", "getCommentInfo", [("type", "1"), ("tid", "7039")])
        let count = try #require(before.data?["count_score"]?.intValue)
        let total = try #require(before.data?["total_score"]?.doubleValue)
        let critic = try await app.signedIn(userID: YoufanOfficialJourneyTests.newUserID(), nickName: "评论者")
        let comment = try await critic.post("Comment", "addCommentInfo", [("type", "1"), ("tid", "7039"), ("info", "好看"),
                                                                          ("score", "4"), ("toUserId", "")])
        let commentID = try #require(comment.list.first?["id"]?.stringValue)
        let after = try await app.get("Comment", "getCommentInfo", [("type", "1"), ("tid", "7039")])
        #expect(after.data?["count_score"] == .int(Int64(count + 1)) && after.data?["total_score"]?.doubleValue == total + 4)
        guard case .int = after.data?["count_score"] else { Issue.record("count_score is an integer"); return }

        let reporterID = YoufanOfficialJourneyTests.newUserID()
        let reporter = try await app.signedIn(userID: reporterID, nickName: "举报者")
        let report = try await reporter.get("Complaints", "addComplaintsInfo", [("tid", commentID), ("type", "2")])
        #expect(report.status == 1 && report.list.first?["id"]?.stringValue?.isEmpty == false)
        let database = try await Self.server.value.database
        let stored = try database.read { connection in
            try connection.query("SELECT user_id, target FROM youfan_user_objects WHERE collection = 'complaint'")
                .map { [try $0.string("user_id"), try $0.string("target")] }
        }
        #expect(stored.contains([reporterID, "2:\(commentID)"]))
        var anonymous = app
        anonymous.token = ""
        let refused = try await anonymous.get("Complaints", "addComplaintsInfo", [("tid", commentID), ("type", "2")])
        #expect(refused.status == -103 && refused.info == "token错误")
    }

    @Test func unknownIdsAndBadInputAreRefusedAndTheServerKeepsServing() async throws {
        let author = try await app.signedIn(userID: YoufanOfficialJourneyTests.newUserID(), nickName: "稳")
        _ = try await author.post("Collocation", "pushUserCollocationV2", Self.publishForm("留着"))
        let mine = try await author.get("Mine", "getMyCollocationList").json
        let cases: [(String, String, [(String, String)], String)] = [
            ("Collocation", "getCollocationLikeUserList", [("cid", "999999")], "参数错误: cid=999999 不存在"),
            ("Collocation", "getCollocationListById", [("cid", "nope")], "参数错误: cid=nope 不存在"),
            ("Comment", "getCommentInfo", [("type", "1"), ("tid", "nope")], "参数错误: tid=nope 不存在"),
            ("Comment", "getCommentInfo", [("type", "2")], "参数错误或者未定义:tid"),
            ("Collocation", "pushUserCollocationV2", Self.publishForm("").filter { $0.0 != "contentInfo" }, "参数错误或者未定义:contentInfo"),
            ("Collocation", "pushUserCollocationV2", Self.publishForm("坏", tagJson: "[{"), "参数错误: tagJson 不是合法的 JSON"),
            ("Collocation", "delCollocationInfo", [], "参数错误或者未定义:cid"),
        ]
        for (module, action, parameters, message) in cases {
            let answer = try await author.post(module, action, parameters)
            #expect(answer.httpStatus == 200 && answer.status == -100 && answer.info == message && answer.data?.isNull == true,
                    "\(action): \(answer.json.encodedString())")
        }
        var anonymous = author
        anonymous.token = "not-a-token"
        let unsigned = try await anonymous.post("Collocation", "pushUserCollocationV2", Self.publishForm("匿名"))
        #expect(unsigned.status == -103 && unsigned.info == "token错误")
        let odd = try await author.post("Collocation", "pushUserCollocationV2",
                                        Self.publishForm("怪尺寸").map { $0.0 == "imgWidth" ? ($0.0, "1e400") : $0 })
        #expect(odd.status == 1)
        let after = try await author.get("Mine", "getMyCollocationList").list
        #expect(after.count == 2 && after.first?["img_width"] == "0", "a size that is no size is 0")
        #expect(after.dropFirst().first == mine["data"]?.arrayValue?.first, "the earlier post is intact")
        let token = try await app.get("Media", "getQiniuToken")
        #expect(token.status == 1 && token.data?.stringValue?.isEmpty == false)
    }

    @Test func theFoundStylistsTheirStoresTheBestCollocationHeaderTheTitleAndTheSellerScreensAnswerInTheirShapes() async throws {
        let header = try await app.get("Collocation", "getBestCollocationBanner")
        #expect(header.status == 1 && header.data?["banner"]?["1004"] == [] && header.data?["banner"]?["1005"] == [])
        #expect(header.data?["tab_list"]?.arrayValue?.first?["name"] == "全部")
        let title = try await app.get("Collocation", "BSParamFilter", [("code", "Log_TITLE")])
        #expect(title.json["isSuccess"] == 1 && title.results.last?["paraM_VALUE"]?.stringValue?.isEmpty == false)
        #expect(try await app.get("Collocation", "BSParamFilter", [("code", "NO_SUCH_CODE")]).json["isSuccess"] == 0)

        let found = try await app.get("Collocation", "CollocationFound", [("pageIndex", "1"), ("pageSize", "5")])
        let stylist = try #require(found.results.first)
        #expect(found.json["isSuccess"] == 1 && found.results.count == 5 && (found.json["total"]?.intValue ?? 0) > 5)
        let stylistID = try #require(stylist["storeBasicInfo"]?["userId"]?.stringValue)
        #expect(stylist["userPublicEntity"]?["nickName"]?.stringValue?.isEmpty == false)
        let looks = try #require(stylist["collocationList"]?.arrayValue)
        #expect(!looks.isEmpty && looks.count <= 3 && looks.allSatisfy { $0["userId"] == .string(stylistID) })
        let look = try #require(looks.first)
        let card = try await app.get("Collocation", "getCollocationDetails", [("cid", String(try #require(look["id"]?.intValue)))])
        #expect(card.data?["user_id"] == .string(stylistID) && look["pictureUrl"] == card.data?["img"])
        guard case .int = look["favoriteCount"] else { Issue.record("favoriteCount is a number"); return }
        let second = try await app.get("Collocation", "CollocationFound", [("pageIndex", "2"), ("pageSize", "5")]).results
        #expect(second.first?["storeBasicInfo"]?["userId"] != .string(stylistID), "pageIndex counts from 1")

        let visitorID = YoufanOfficialJourneyTests.newUserID()
        let visitor = try await app.signedIn(userID: visitorID, nickName: "访客")
        _ = try await visitor.post("WXSC_Account", "UserConcernCreate", [("ConcernId", stylistID)])
        let store = try await visitor.get("Collocation", "AnotherStore", [("UserId", stylistID), ("LoginUserId", visitorID)])
        let owner = try #require(store.results.first)
        #expect(store.json["isSuccess"] == 1 && owner["userInfo"]?["userId"] == .string(stylistID))
        #expect(owner["userInfo"]?["nickName"] == stylist["userPublicEntity"]?["nickName"] && owner["isConcerned"] == 1)
        #expect((owner["concernedCount"]?.intValue ?? 0) >= 1)
        let signedOut = try await app.get("Collocation", "AnotherStore", [("UserId", stylistID), ("LoginUserId", stylistID)])
        #expect(signedOut.results.first?["isConcerned"] == 0)
        let nobody = try await app.get("Collocation", "AnotherStore", [("UserId", "404404"), ("LoginUserId", "404404")])
        #expect(nobody.json["isSuccess"] == 0 && nobody.json["message"] == "查无此用户")

        let tags = try await app.get("Collocation", "getTopicConfigList", [("num", "100"), ("str", "木棉")])
        #expect(tags.status == 1 && tags.list.contains { $0["name"] == "木棉集" } && tags.list.allSatisfy {
            $0["name"]?.stringValue?.contains("木棉") == true })
        #expect(try await app.get("Collocation", "getTopicConfigList", [("num", "2"), ("str", "")]).list.count == 2)
        #expect(try await app.get("Collocation", "getTopicConfigList", [("num", "100"), ("str", "没有这个标签")]).list.isEmpty)

        let sellerID = YoufanOfficialJourneyTests.newUserID()
        let seller = try await app.signedIn(userID: sellerID, nickName: "导购")
        let cards = try await seller.get("Collocation", "WxSellerCardFilter", [("UserId", sellerID)])
        #expect(cards.json["isSuccess"] == 1 && cards.json["total"] == 0 && cards.json["results"] == [])
        let visits = try await seller.get("WXSC_Statistics", "DayClickSharedCountSumGroupListFilter", [("Shared_id", sellerID), ("DayTotal", "7")])
        #expect(visits.json["isSuccess"] == 1 && visits.json["results"] == [])
        let otherSeller = try await seller.get("Collocation", "WxSellerCardFilter", [("UserId", "10000001")])
        #expect(otherSeller.json["isSuccess"] == 0 && otherSeller.json["message"] == "token错误", "another user's cards")

        let question = try await seller.post("Collocation", "CommisionSettleQnDtlUpdate",
                                             [("SETTLE_DTL_ID", "88"), ("SELLER_ID", sellerID), ("REMARK", "佣金少算了")])
        #expect(question.json["isSuccess"] == 1 && question.results.first?["id"]?.stringValue?.isEmpty == false)
        let database = try await Self.server.value.database
        let kept = try database.read { connection in
            try connection.query("SELECT target, body FROM youfan_user_objects WHERE collection = 'settlement-question' AND user_id = ?",
                                 [.text(sellerID)]).map { [try $0.string("target"), try $0.string("body")] }
        }
        #expect(kept.count == 1 && kept.first?.first == "88" && kept.first?.last?.contains("佣金少算了") == true)
        let unnamed = try await seller.post("Collocation", "CommisionSettleQnDtlUpdate", [("SETTLE_DTL_ID", "88")])
        #expect(unnamed.json["isSuccess"] == 0 && unnamed.json["message"] == "参数错误或者未定义:REMARK")
    }

    @Test func theEarlierDetailScreenShowsTheCollocationItsProductsAndTheViewersMarks() async throws {
        let viewerID = YoufanOfficialJourneyTests.newUserID()
        let viewer = try await app.signedIn(userID: viewerID, nickName: "老详情")
        let before = try await app.get("Collocation", "WxCollocationBasicInfoFilter", [("ids", "7040"), ("LoginUserId", viewerID)])
        #expect(before.results.first?["isFavorite"] == 0 && before.results.first?["isConcerned"] == 0)
        _ = try await viewer.get("Collocation", "likeCollocation", [("cid", "7040")])
        _ = try await viewer.post("WXSC_Account", "UserConcernCreate", [("ConcernId", "300103")])
        let answer = try await viewer.get("Collocation", "WxCollocationBasicInfoFilter", [("ids", "7040"), ("LoginUserId", viewerID)])
        let model = try #require(answer.results.first)
        #expect(answer.json["isSuccess"] == 1 && model["isFavorite"] == 1 && model["isConcerned"] == 1)
        #expect(model["collocationInfo"]?["id"] == 7040 && model["collocationInfo"]?["userId"] == "300103")
        #expect(model["detailList"]?.arrayValue?.first?["productCode"] == 160301076)
        #expect(model["userPublicEntity"]?["nickName"] == "大橙子")
        let worn = try await app.get("Collocation", "CollocationDetailFilter", [("collocationId", "7040")])
        #expect(worn.json["isSuccess"] == 1 && worn.results.count == 3)
        #expect(worn.results.first?["detailInfo"]?["productCode"] == 160301076)
        let header = try await app.post("Product", "ProductClsFilter", [("ids", #"["160301076"]"#)]).results.first
        #expect(worn.results.first?["proudctList"] == header, "the product's header as ProductClsFilter answers it")
        #expect(try await app.get("Collocation", "CollocationDetailFilter", [("collocationId", "nope")]).json["isSuccess"] == 0)
        let unknown = try await app.get("Collocation", "WxCollocationBasicInfoFilter", [("ids", "nope")])
        #expect(unknown.json["isSuccess"] == 0 && unknown.json["message"] == "参数错误: ids=nope 不存在" && unknown.results.isEmpty)
    }

    /// Posts and reports live in the SQLite file: the built `serve` started again on it still has
    /// them, and `POST /__admin/reset` removes them (only the demo account's seeds are imported).
    @Test(.enabled(if: ServeBinary.isBuilt), .timeLimit(.minutes(5)))
    func postsAndReportsSurviveARestartAndAResetRemovesThem() async throws {
        let directory = try TemporaryDirectory("youfan-official-community")
        defer { directory.remove() }
        let seeds = directory.url.appendingPathComponent("seeds")
        try FileManager.default.createDirectory(at: seeds, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: URL(fileURLWithPath: YoufanTestServer.seedsDirectory).appendingPathComponent("accounts.json"),
                                         to: seeds.appendingPathComponent("accounts.json"))
        let arguments = ["--db", directory.path("mock.sqlite"), "--port", "0", "--quiet", "--seeds", seeds.path]

        var serve = try await ServeBinary.launch(arguments)
        var demo = YoufanOfficialApp(baseURL: "http://127.0.0.1:\(serve.port)", token: YoufanOfficialStateTests.demoToken)
        #expect(try await demo.post("Collocation", "pushUserCollocationV2", Self.publishForm("重启前")).data == 1)
        #expect(try await demo.get("Complaints", "addComplaintsInfo", [("tid", "1"), ("type", "1")]).status == 1)
        serve.send(signal: SIGTERM)
        #expect(await serve.exitStatus() == 0)

        serve = try await ServeBinary.launch(arguments)
        demo = YoufanOfficialApp(baseURL: "http://127.0.0.1:\(serve.port)", token: YoufanOfficialStateTests.demoToken)
        let kept = try await demo.get("Mine", "getMyCollocationList").list
        #expect(kept.map { $0["content_info"] } == ["重启前"] && kept.first?["nick_name"] == "有范体验官")
        #expect(try await demo.get("Comment", "getCommentInfo", [("type", "1"), ("tid", "1")]).data?["count_score"] == 0)

        let reset = try await RawHTTPClient.exchangeUntilClose(port: serve.port, "POST", "/__admin/reset", timeout: 60)
        #expect(reset.status == 200, "\(reset.text)")
        #expect(try await demo.get("Mine", "getMyCollocationList").list.isEmpty, "the post is gone")
        #expect(try await demo.get("Collocation", "getCollocationDetails", [("cid", "1")]).status == -100)
        serve.send(signal: SIGTERM)
        #expect(await serve.exitStatus() == 0)
    }
}
