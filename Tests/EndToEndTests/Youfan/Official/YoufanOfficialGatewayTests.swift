import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
import Wire

/// The SOA gateway the app asks before its first call (WIRE.md §3.1): an access token, then
/// queued calls through `InvokeSecurity.ashx`, where `WXSC_Account/UserUpdateProfile` always goes.
/// A call without a token issued here is refused the way `MBHttpClient.m` reads it.
@Suite struct YoufanOfficialGatewayTests {
    let app: YoufanOfficialApp

    init() async throws { app = try await YoufanOfficialApp.onSharedServer() }

    func gateway(_ path: String, _ form: [(String, String)]) async throws -> YoufanAppClient.Answer {
        var request = URLRequest(url: URL(string: app.baseURL + path)!)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(YoufanOfficialApp.encoded(form).utf8)
        return try await app.send(request)
    }

    @Test func anAccessTokenThenAProfileUpdateThroughInvokeSecurity() async throws {
        let token = try await gateway("/CallCenter/OAuth/AccessToken.ashx", [("AppId", "ios-zxs"), ("Secret", "s")])
        let accessToken = try #require(token.json["access_token"]?.stringValue)
        #expect(accessToken.count == 32 && token.json["expires_in"] == 7200)
        #expect(try await app.accessToken() != accessToken, "each request issues its own token")

        let userID = YoufanOfficialJourneyTests.newUserID()
        let user = try await app.signedIn(userID: userID, nickName: "旧名字")
        let claims = #"[{"claimType":"nickName","claimValue":"新名字","issuer":"mbfun"}]"#
        let updated = try await gateway("/CallCenter/InvokeSecurity.ashx", [
            ("AccessToken", accessToken), ("ServiceName", "WXSC_Account"), ("MethodName", "UserUpdateProfile"),
            ("Message", #"{"UserId":"\#(userID)","userClaims":\#(claims)}"#)])
        #expect(updated.httpStatus == 200 && updated.json["isSuccess"] == 1, "\(updated.json.encodedString())")

        let collocation = try #require(try await app.get("Collocation", "getCollocationListByUserType", [("page", "0")])
            .list.first?["id"]?.stringValue)
        _ = try await user.get("Comment", "addCommentInfo", [("type", "1"), ("tid", collocation), ("info", "改名后")])
        let mine = try await app.get("Comment", "getCommentList", [("type", "1"), ("tid", collocation)]).list
            .first { $0["user_id"]?.stringValue == userID }
        #expect(mine?["nick_name"] == "新名字")
        let id = try #require(mine?["id"]?.stringValue)
        _ = try await user.get("Comment", "delMyComment", [("cid", id)])

        let browse = try await gateway("/CallCenter/InvokeSecurity.ashx", [
            ("AccessToken", accessToken), ("ServiceName", "Product"), ("MethodName", "GET:ProductFilter"),
            ("Message", #"{"prodClsIdList":"160300001"}"#)])
        #expect(browse.json["isSuccess"] == 1 && !browse.results.isEmpty)
    }

    @Test func aCallWithoutALiveAccessTokenIsRefusedAsTheAppReadsIt() async throws {
        let userID = YoufanOfficialJourneyTests.newUserID()
        let user = try await app.signedIn(userID: userID, nickName: "守")
        let update = [("ServiceName", "WXSC_Account"), ("MethodName", "UserUpdateProfile"),
                      ("Message", #"{"UserId":"\#(userID)","userClaims":[{"claimType":"nickName","claimValue":"冒名"}]}"#)]
        let cases: [([(String, String)], String)] = [
            (update, #"MBSOA-CallCenter-Error:{"errcode":40003,"errmsg":"需要访问令牌"}"#),
            ([("AccessToken", "t")] + update, #"MBSOA-CallCenter-Error:{"errcode":40004,"errmsg":"无效的访问令牌"}"#),
            ([("AccessToken", "")] + update, #"MBSOA-CallCenter-Error:{"errcode":40003,"errmsg":"需要访问令牌"}"#),
        ]
        for (form, text) in cases {
            let refused = try await app.gatewayText("/CallCenter/InvokeSecurity.ashx", form)
            #expect(refused.status == 401 && refused.text == text, "\(form.first ?? ("", ""))")
        }
        let collocation = try #require(try await app.get("Collocation", "getCollocationListByUserType", [("page", "0")])
            .list.first?["id"]?.stringValue)
        _ = try await user.get("Comment", "addCommentInfo", [("type", "1"), ("tid", collocation), ("info", "名字没变")])
        let mine = try await app.get("Comment", "getCommentList", [("type", "1"), ("tid", collocation)]).list
            .first { $0["user_id"]?.stringValue == userID }
        #expect(mine?["nick_name"] == "守", "a refused call changes nothing")
        let id = try #require(mine?["id"]?.stringValue)
        _ = try await user.get("Comment", "delMyComment", [("cid", id)])

        let retried = try await gateway("/CallCenter/InvokeSecurity.ashx", [("AccessToken", try await app.accessToken())] + update)
        #expect(retried.json["isSuccess"] == 1, "with a new token, as the app retries on 40004")
    }

    @Test func malformedGatewayCallsAreRefusedAndTheServerKeepsServing() async throws {
        let userID = YoufanOfficialJourneyTests.newUserID()
        _ = try await app.signedIn(userID: userID, nickName: "守")
        let accessToken = try await app.accessToken()
        let malformed = try await gateway("/CallCenter/InvokeSecurity.ashx", [
            ("AccessToken", accessToken), ("ServiceName", "WXSC_Account"), ("MethodName", "UserUpdateProfile"), ("Message", "{not json")])
        #expect(malformed.httpStatus == 200 && malformed.status == -100 && malformed.info == "参数错误: Message 不是 JSON 对象")
        let unknown = try await gateway("/CallCenter/InvokeSecurity.ashx", [("AccessToken", accessToken), ("ServiceName", "Nope"),
                                                                            ("MethodName", "nothing")])
        #expect(unknown.httpStatus == 404)
        let badClaims = try await gateway("/CallCenter/InvokeSecurity.ashx", [
            ("AccessToken", accessToken), ("ServiceName", "WXSC_Account"), ("MethodName", "UserUpdateProfile"),
            ("Message", #"{"UserId":"\#(userID)","userClaims":"[{"}"#)])
        #expect(badClaims.json["isSuccess"] == 0 && badClaims.json["message"] == "参数错误: userClaims 不是合法的 JSON")
        let nobody = try await gateway("/CallCenter/InvokeSecurity.ashx", [
            ("AccessToken", accessToken), ("ServiceName", "WXSC_Account"), ("MethodName", "UserUpdateProfile"),
            ("Message", #"{"UserId":"404","userClaims":[]}"#)])
        #expect(nobody.json["isSuccess"] == 0 && nobody.json["message"] == "查无此用户")
        #expect(try await app.get("Product", "ProductFilter", [("prodClsIdList", "160300001")]).json["isSuccess"] == 1)
    }
}
