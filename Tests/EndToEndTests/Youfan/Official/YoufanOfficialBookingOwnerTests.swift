import Testing
import TestSupport
import Wire

/// A fitting-room booking as the official app saves it (MB
/// `UI/V2UI/FittingRoom/FittingRoomViewController.m`): `HttpRequest productPostRequestPath`
/// → `MBHttpClient mbPostRequestPath` → `SDataCache quickPost`, a form POST of `m`, `a` and the
/// two JSON texts with no login token (or, while the app has no SOA access token yet, the same
/// through the gateway, also without one). The user is `appointmentInfo.creator`
/// (`sns.ldap_uid`, written into every detail row too); a token, when one is sent, must be theirs.
@Suite struct YoufanOfficialBookingOwnerTests {
    let app: YoufanOfficialApp

    init() async throws { app = try await YoufanOfficialApp.onSharedServer() }

    /// The two parameters as the screen builds them from `STOREINFO` and the fitting-room goods.
    static func appBooking(creator: String) -> [(String, String)] {
        [("appointmentInfo", #"{"status":"UF","orgCode":"SH001","clothesCount":1,"creator":"\#(creator)","appointmentSource":"APP"}"#),
         ("appointmentDetailInfos", #"[{"prodID":"32000100","productCode":"160300001","imageUrl":"http://img.funwear.com/product/160300001/main.jpg","#
            + #""description":"衬衫","colorID":"01","prodColor":"白色","specID":"M","prodSpec":"M","qty":"1","totalMoney":"199.000000","#
            + #""status":"WP","orgCode":"SH001","creator":"\#(creator)"}]"#)]
    }

    func bookings(_ userID: String) async throws -> [JSON] {
        let listed = try await YoufanOfficialFittingRoomTests.invoke(app, "APP_GetBillAppointment", #"{"userID":"\#(userID)"}"#)
        return try #require(listed.json["appointmentInfos"]?.arrayValue)
    }

    @Test func theAppsBookingWithoutATokenIsTheCreatorsAndIsListedForThem() async throws {
        let userID = YoufanOfficialJourneyTests.newUserID()
        _ = try await app.signedIn(userID: userID, nickName: "到店试衣")

        let saved = try await app.postWithoutToken("Product", "SaveBillAppointment", Self.appBooking(creator: userID))
        #expect(saved.httpStatus == 200 && saved.json["result"] == 1 && saved.json["errMessage"] == "", "\(saved.json.encodedString())")
        let id = try #require(saved.json["appointmentID"]?.intValue)
        let rows = try await bookings(userID)
        #expect(rows.count == 1 && rows.first?["appointmentID"]?.intValue == id && rows.first?["creator"]?.stringValue == userID)
        #expect(rows.first?["status"] == "UF" && rows.first?["orgCode"] == "SH001")

        let queued = try await YoufanOfficialFittingRoomTests.invoke(app, "SaveBillAppointment", YoufanOfficialFittingRoomTests.booking(userID))
        #expect(queued.json["result"] == 1, "through the gateway without a token: \(queued.json.encodedString())")
        #expect(try await bookings(userID).count == 2)
    }

    @Test func aTokenSentWithTheBookingMustBeTheCreators() async throws {
        let victimID = YoufanOfficialJourneyTests.newUserID()
        let victim = try await app.signedIn(userID: victimID, nickName: "被冒名")
        let intruderID = YoufanOfficialJourneyTests.newUserID()
        let intruder = try await app.signedIn(userID: intruderID, nickName: "冒名者")

        let refused = try await intruder.post("Product", "SaveBillAppointment", Self.appBooking(creator: victimID))
        #expect(refused.httpStatus == 200 && refused.json["isSuccess"] == 0 && refused.json["message"] == "token错误",
                "\(refused.json.encodedString())")
        #expect(try await bookings(victimID).isEmpty, "nothing is booked for the user named")
        #expect(try await bookings(intruderID).isEmpty, "nor for the caller")

        let own = try await victim.post("Product", "SaveBillAppointment", Self.appBooking(creator: victimID))
        #expect(own.json["result"] == 1, "the creator's own token is accepted: \(own.json.encodedString())")
        #expect(try await bookings(victimID).count == 1)
    }

    @Test func aCreatorNamingNobodyOrNoCreatorIsRefusedAndTheServerKeepsBooking() async throws {
        let nobody = "404404"
        let unknown = try await app.postWithoutToken("Product", "SaveBillAppointment", Self.appBooking(creator: nobody))
        #expect(unknown.httpStatus == 200 && unknown.json["isSuccess"] == 0 && unknown.json["message"] == "查无此用户"
                    && unknown.json["results"] == [], "\(unknown.json.encodedString())")

        let anonymous = Self.appBooking(creator: "").map { name, value in
            (name, name == "appointmentInfo" ? #"{"status":"UF","orgCode":"SH001","clothesCount":1,"appointmentSource":"APP"}"# : value)
        }
        let missing = try await app.postWithoutToken("Product", "SaveBillAppointment", anonymous)
        #expect(missing.httpStatus == 200 && missing.json["isSuccess"] == 0
                    && missing.json["message"] == "参数错误或者未定义:appointmentInfo.creator", "\(missing.json.encodedString())")

        let userID = YoufanOfficialJourneyTests.newUserID()
        _ = try await app.signedIn(userID: userID, nickName: "照常")
        let saved = try await app.postWithoutToken("Product", "SaveBillAppointment", Self.appBooking(creator: userID))
        #expect(saved.json["result"] == 1, "the server keeps serving: \(saved.json.encodedString())")
        #expect(try await bookings(userID).count == 1)
    }

    /// The booking's failure block shows `errMessage` (MB `FittingRoomViewController.m`:
    /// `showInfo:dict[@"errMessage"]` when `result` is not 1), so a refusal carries its reason there.
    @Test func aRefusedBookingShowsItsReasonAsErrMessage() async throws {
        let unknown = try await app.postWithoutToken("Product", "SaveBillAppointment", Self.appBooking(creator: "404404"))
        #expect(unknown.httpStatus == 200 && unknown.json["isSuccess"] == 0 && unknown.json["result"] == nil
                    && unknown.json["errMessage"] == "查无此用户" && unknown.json["message"] == "查无此用户", "\(unknown.json.encodedString())")
        let userID = YoufanOfficialJourneyTests.newUserID()
        _ = try await app.signedIn(userID: userID, nickName: "试衣")
        let booking = Self.appBooking(creator: userID)
        let empty = try await app.postWithoutToken("Product", "SaveBillAppointment", [booking[0], ("appointmentDetailInfos", "[]")])
        #expect(empty.json["isSuccess"] == 0 && empty.json["errMessage"] == empty.json["message"]
                    && empty.json["errMessage"]?.stringValue?.contains("appointmentDetailInfos") == true, "\(empty.json.encodedString())")
        #expect(try await bookings(userID).isEmpty)
        #expect(try await app.postWithoutToken("Product", "SaveBillAppointment", booking).json["result"] == 1, "the server keeps serving")
    }
}
