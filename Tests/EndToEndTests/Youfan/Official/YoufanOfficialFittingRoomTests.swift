import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
import Wire

/// Fitting-room bookings as the official app sends them before it holds an SOA access token:
/// through the gateway (`productPostRequestPath` → `InvokeSecurity.ashx`, parameters as the
/// `Message` JSON; `YoufanOfficialBookingOwnerTests` posts them as `quickPost` does after), the
/// user named in `appointmentInfo.creator` or `userID` (MB `UI/V2UI/FittingRoom/FittingRoomViewController.m`,
/// `MyFittingRoomListViewController.m`).
@Suite struct YoufanOfficialFittingRoomTests {
    let app: YoufanOfficialApp

    init() async throws { app = try await YoufanOfficialApp.onSharedServer() }

    func invoke(_ method: String, _ message: String, token: String = "") async throws -> YoufanAppClient.Answer {
        try await Self.invoke(app, method, message, token: token)
    }

    /// A `Product` call through the gateway; `token` (the login token) travels beside the
    /// `Message` when the caller is signed in.
    static func invoke(_ app: YoufanOfficialApp, _ method: String, _ message: String, token: String = "") async throws -> YoufanAppClient.Answer {
        var request = URLRequest(url: URL(string: app.baseURL + "/CallCenter/InvokeSecurity.ashx")!)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        let form = [("AccessToken", try await app.accessToken()), ("ServiceName", "Product"), ("MethodName", method),
                    ("Message", message)] + (token.isEmpty ? [] : [("token", token)])
        request.httpBody = Data(YoufanOfficialApp.encoded(form).utf8)
        return try await app.send(request)
    }

    static func booking(_ userID: String) -> String {
        #"{"appointmentInfo":{"status":"UF","orgCode":"SH001","clothesCount":2,"creator":"\#(userID)","appointmentSource":"APP"},"#
            + #""appointmentDetailInfos":[{"prodID":"32000100","productCode":"160300001","qty":"1","status":"WP","orgCode":"SH001","creator":"\#(userID)"},"#
            + #"{"prodID":"32000101","productCode":"160300001","qty":"1","status":"WP","orgCode":"SH001","creator":"\#(userID)"}]}"#
    }

    @Test func aSavedBookingIsListedForItsUserAndShownWithItsLines() async throws {
        let userID = YoufanOfficialJourneyTests.newUserID()
        let booker = try await app.signedIn(userID: userID, nickName: "试衣")
        let other = YoufanOfficialJourneyTests.newUserID()
        _ = try await app.signedIn(userID: other, nickName: "旁人")

        let saved = try await invoke("SaveBillAppointment", Self.booking(userID), token: booker.token)
        #expect(saved.json["result"] == 1 && saved.json["errMessage"] == "")
        let id = try #require(saved.json["appointmentID"]?.intValue)

        let listed = try await invoke("APP_GetBillAppointment", #"{"userID":"\#(userID)"}"#)
        let rows = try #require(listed.json["appointmentInfos"]?.arrayValue)
        #expect(rows.count == 1 && rows.first?["appointmentID"]?.intValue == id && rows.first?["clothesCount"] == 2)
        #expect(rows.first?["appointmentNo"]?.stringValue == String(id) && rows.first?["createDate"]?.stringValue?.isEmpty == false)
        #expect(try await invoke("APP_GetBillAppointment", #"{"userID":"\#(other)"}"#).json["appointmentInfos"] == [],
                "another user's list does not show it")

        let shown = try await invoke("GetBillAppointment", #"{"AppointmentID":"\#(id)"}"#)
        #expect(shown.json["headInfo"]?["status"] == "UF" && shown.json["headInfo"]?["orgCode"] == "SH001")
        let lines = try #require(shown.json["detailInfos"]?.arrayValue)
        #expect(lines.map { $0["prodID"]?.stringValue ?? "" } == ["32000100", "32000101"] && lines.first?["qty"] == "1")
    }

    @Test func malformedBookingsAreRefusedAndNothingIsStored() async throws {
        let userID = YoufanOfficialJourneyTests.newUserID()
        let booker = try await app.signedIn(userID: userID, nickName: "稳")
        let cases: [(String, String)] = [
            (#"{"appointmentInfo":"{","appointmentDetailInfos":[]}"#, "参数错误: appointmentInfo 不是合法的 JSON"),
            (#"{"appointmentInfo":{"creator":"\#(userID)"},"appointmentDetailInfos":[]}"#, "参数错误或者未定义:appointmentDetailInfos"),
            (#"{"appointmentInfo":{"creator":"404"},"appointmentDetailInfos":[{"prodID":"1"}]}"#, "查无此用户"),
        ]
        for (message, text) in cases {
            let refused = try await invoke("SaveBillAppointment", message, token: booker.token)
            #expect(refused.httpStatus == 200 && refused.json["isSuccess"] == 0 && refused.json["message"]?.stringValue == text,
                    "\(refused.json.encodedString())")
        }
        let unknown = try await invoke("GetBillAppointment", #"{"AppointmentID":"abc"}"#)
        #expect(unknown.json["isSuccess"] == 0 && unknown.json["message"] == "参数错误: AppointmentID=abc 不存在")
        #expect(try await invoke("APP_GetBillAppointment", #"{"userID":"\#(userID)"}"#).json["appointmentInfos"] == [])
    }
}
