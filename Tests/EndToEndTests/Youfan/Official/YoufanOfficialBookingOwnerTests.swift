import Testing
import TestSupport
import Wire

/// A fitting-room booking belongs to the user of the login token, whatever `creator` the app
/// writes into `appointmentInfo` (MB `UI/V2UI/FittingRoom/FittingRoomViewController.m`).
@Suite struct YoufanOfficialBookingOwnerTests {
    let app: YoufanOfficialApp

    init() async throws { app = try await YoufanOfficialApp.onSharedServer() }

    func bookings(_ userID: String) async throws -> [JSON] {
        let listed = try await YoufanOfficialFittingRoomTests.invoke(app, "APP_GetBillAppointment", #"{"userID":"\#(userID)"}"#)
        return try #require(listed.json["appointmentInfos"]?.arrayValue)
    }

    @Test func aBookingNamingAnotherUserIsRefusedAndNeitherUserGetsIt() async throws {
        let victimID = YoufanOfficialJourneyTests.newUserID()
        _ = try await app.signedIn(userID: victimID, nickName: "被冒名")
        let intruderID = YoufanOfficialJourneyTests.newUserID()
        let intruder = try await app.signedIn(userID: intruderID, nickName: "冒名者")

        let refused = try await YoufanOfficialFittingRoomTests.invoke(app, "SaveBillAppointment",
                                                                      YoufanOfficialFittingRoomTests.booking(victimID),
                                                                      token: intruder.token)
        #expect(refused.httpStatus == 200 && refused.json["isSuccess"] == 0 && refused.json["message"] == "token错误",
                "\(refused.json.encodedString())")
        #expect(try await bookings(victimID).isEmpty, "nothing is booked for the user named")
        #expect(try await bookings(intruderID).isEmpty, "nor for the caller")

        let own = try await YoufanOfficialFittingRoomTests.invoke(app, "SaveBillAppointment",
                                                                  YoufanOfficialFittingRoomTests.booking(intruderID),
                                                                  token: intruder.token)
        #expect(own.json["result"] == 1, "the server keeps serving: \(own.json.encodedString())")
        #expect(try await bookings(intruderID).count == 1)
    }

    @Test func aBookingWithoutCreatorIsTheTokensUsers() async throws {
        let userID = YoufanOfficialJourneyTests.newUserID()
        let booker = try await app.signedIn(userID: userID, nickName: "无名")
        let message = #"{"appointmentInfo":{"status":"UF","orgCode":"SH002","clothesCount":1,"appointmentSource":"APP"},"#
            + #""appointmentDetailInfos":[{"prodID":"32000100","productCode":"160300001","qty":"1","status":"WP","orgCode":"SH002"}]}"#
        let saved = try await YoufanOfficialFittingRoomTests.invoke(app, "SaveBillAppointment", message, token: booker.token)
        #expect(saved.json["result"] == 1, "\(saved.json.encodedString())")
        let rows = try await bookings(userID)
        #expect(rows.count == 1 && rows.first?["creator"]?.stringValue == userID && rows.first?["orgCode"] == "SH002")
    }

    @Test func aBookingWithoutALoginTokenAsksToLogIn() async throws {
        let userID = YoufanOfficialJourneyTests.newUserID()
        _ = try await app.signedIn(userID: userID, nickName: "未登录")
        let refused = try await YoufanOfficialFittingRoomTests.invoke(app, "SaveBillAppointment",
                                                                      YoufanOfficialFittingRoomTests.booking(userID))
        #expect(refused.httpStatus == 200 && refused.json["isSuccess"] == 0 && refused.json["message"] == "token错误",
                "\(refused.json.encodedString())")
        #expect(try await bookings(userID).isEmpty)
    }
}
