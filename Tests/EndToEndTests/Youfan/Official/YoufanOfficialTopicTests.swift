import Foundation
import Testing
import TestSupport
import Wire

/// The topic screens of the official app (WIRE.md §3.2 Topic) as MB sends them: browse the
/// topics, open one and its collocations, take part by liking one of them (the app's only topic
/// write) and undo it; unknown topics and bad input get the app's failure envelope.
@Suite struct YoufanOfficialTopicTests {
    let app: YoufanOfficialApp

    init() async throws { app = try await YoufanOfficialApp.onSharedServer() }

    @Test func aTopicLeadsToItsCollocationsAndALikeMakesItMine() async throws {
        let topics = try await app.get("Topic", "getTopicRandomList", [("page", "0"), ("num", "3")])
        #expect(topics.status == 1 && topics.list.count == 3)
        let topic = try #require(topics.list.first)
        let tid = try #require(topic["id"]?.stringValue)
        let topicCards = (topic["collocation_list"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
        #expect(topicCards.count == 4)

        let details = try #require(try await app.get("Topic", "getTopicDetails", [("tid", tid)]).data)
        #expect(details["id"] == .string(tid) && details["name"] == topic["name"])
        #expect(details["allNum"] == 4 && details["selectNum"] == 2, "StopicDetailModel reads numbers")
        #expect((details["partUserList"]?.arrayValue?.count ?? 0) >= 1)
        let all = try await app.get("Topic", "getCollocationListForTopic", [("page", "0"), ("tid", tid)]).list
        #expect(all.compactMap { $0["id"]?.stringValue } == topicCards)
        let selected = try await app.get("Topic", "getCollocationListForSelectTopic", [("page", "0"), ("tid", tid)]).list
        #expect(selected.compactMap { $0["id"]?.stringValue } == Array(topicCards.prefix(2)))
        #expect(try await app.get("Topic", "getCollocationListForTopic", [("page", "1"), ("tid", tid)]).list.isEmpty)
        let layout = try await app.get("Topic", "getTopicLayout").list
        #expect(layout.first?["type"] == "15" && layout.first?["config"]?.arrayValue?.isEmpty == false)

        let userID = YoufanOfficialJourneyTests.newUserID()
        let fan = try await app.signedIn(userID: userID, nickName: "话题达人")
        let before = try #require(try await fan.get("Topic", "getMyTopic").data)
        #expect(before["topicCount"] == "0" && before["collCount"] == "0" && before["userInfo"]?["nick_name"] == "话题达人")
        #expect(try await fan.get("Topic", "getMyTopicList", [("page", "0")]).list.isEmpty)

        let liked = topicCards[1]
        _ = try await fan.get("Collocation", "likeCollocation", [("cid", liked)])
        _ = try await fan.get("Collocation", "likeCollocation", [("cid", liked)])
        let mine = try #require(try await fan.get("Topic", "MyTopic").data)
        #expect(mine["collCount"] == "1" && (Int(mine["topicCount"]?.stringValue ?? "") ?? 0) >= 1, "a second like changes nothing")
        #expect(try await fan.get("Topic", "getMyTopicList").list.contains { $0["id"] == .string(tid) })
        let pictures = try await fan.get("Topic", "getMyCollocationListForTopic", [("page", "0")]).list
        #expect(pictures.map { $0["id"] } == [.string(liked)] && pictures.first?["is_love"] == 1)
        let viewed = try await fan.get("Topic", "getCollocationListForTopic", [("page", "0"), ("tid", tid)]).list
        #expect(viewed.filter { $0["is_love"] == 1 }.compactMap { $0["id"]?.stringValue } == [liked])
        let people = try await app.get("Topic", "getPartTopicUserList", [("tid", tid), ("page", "0"), ("num", "100")]).list
        #expect(people.contains { $0["userId"] == .string(userID) && $0["nickName"] == "话题达人" })

        _ = try await fan.get("Collocation", "delLikeCollocation", [("cid", liked)])
        #expect(try await fan.get("Topic", "getMyTopic").data?["collCount"] == "0")
        #expect(try await fan.get("Topic", "getMyTopicList").list.isEmpty)
        #expect(try await fan.get("Topic", "getMyCollocationListForTopic").list.isEmpty)
        let after = try await app.get("Topic", "getPartTopicUserList", [("tid", tid), ("page", "0"), ("num", "100")]).list
        #expect(!after.contains { $0["userId"] == .string(userID) })
    }

    @Test func unknownTopicsAndBadInputGetTheFailureEnvelopeAndTheServerKeepsServing() async throws {
        for action in ["getTopicDetails", "getCollocationListForTopic", "getCollocationListForSelectTopic", "getPartTopicUserList"] {
            let unknown = try await app.get("Topic", action, [("tid", "999999"), ("page", "0")])
            #expect(unknown.httpStatus == 200 && unknown.status == -100 && unknown.info == "参数错误: tid=999999 不存在", "\(action)")
            #expect(unknown.json["data"] == .null)
            let missing = try await app.get("Topic", action, [("page", "0")])
            #expect(missing.status == -100 && missing.info?.contains("tid") == true, "\(action): \(missing.json.encodedString())")
        }
        let signedOut = try await app.get("Topic", "getMyTopic")
        #expect(signedOut.status == -103 && signedOut.info == "token错误")
        let forged = try await YoufanOfficialApp(baseURL: app.baseURL, token: "not-a-token").get("Topic", "getMyTopicList")
        #expect(forged.status == -103)
        let silly = try await app.get("Topic", "getTopicRandomList", [("page", "abc"), ("num", "2")])
        #expect(silly.status == 1 && silly.list.count == 2, "PHP reads a bad page as 0")
        let first = try await app.get("Topic", "getTopicRandomList", [("page", "0"), ("num", "2")])
        #expect(first.list.map { $0["id"] } == silly.list.map { $0["id"] }, "the server keeps serving the same topics")
    }
}
