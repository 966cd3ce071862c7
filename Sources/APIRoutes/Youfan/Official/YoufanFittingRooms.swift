import Store
import Wire

/// Fitting-room bookings of the official app (WIRE.md §3.2 Product; MB
/// `UI/V2UI/FittingRoom/FittingRoomViewController.m` saves and shows one,
/// `MyFittingRoomListViewController.m` lists them). Hand-written: the app reads answers outside
/// `results` (`result`, `appointmentInfos`, `headInfo`/`detailInfos`), which no declaration can say.
enum YoufanFittingRooms {
    /// A booking not yet fitted (`UF`; `F` done, `C` cancelled).
    static let openState = "UF"

    /// `Product/SaveBillAppointment` — `appointmentInfo` `{status, orgCode, clothesCount, creator,
    /// appointmentSource}` and `appointmentDetailInfos` `[{prodID, productCode, qty, …}]`: a new
    /// booking of the user `creator` names (`YoufanAccess.namedInside`: the app posts it without
    /// a login token, and a token sent must be the creator's); answers `result` 1 and the new
    /// `appointmentID` (int).
    @Sendable static func save(_ context: YoufanContext) throws -> YoufanAnswer {
        let arguments = context.arguments
        guard let info = arguments.json("appointmentInfo").objectValue else { throw YoufanFailure.missing("appointmentInfo") }
        guard let details = arguments.json("appointmentDetailInfos").arrayValue, !details.isEmpty else {
            throw YoufanFailure.missing("appointmentDetailInfos")
        }
        let head = JSON.object(info)
        let creator = try context.user()
        let body = JSON.object(info.filter { $0.key != "status" && $0.key != "creator" } + [("detailInfos", .array(details))])
        let id = try context.store.objects.insert(YoufanCollection.appointment.rawValue, userID: creator,
                                                  target: head["orgCode"]?.stringValue ?? "", state: openState,
                                                  body: body.encoded())
        return YoufanAnswer(data: .array([]), total: 1,
                            extra: [("result", 1), ("appointmentID", .int(Int(id))), ("errMessage", "")])
    }

    /// `Product/APP_GetBillAppointment` — `userID`: that user's bookings, newest first, as
    /// `appointmentInfos`.
    @Sendable static func list(_ context: YoufanContext) throws -> YoufanAnswer {
        let found = try context.store.objects.objects(YoufanCollection.appointment.rawValue, userID: context.user(),
                                                      page: YoufanPage(index: 0, size: YoufanQuery.maximumPageSize))
        let rows = try found.objects.map(headInfo)
        return YoufanAnswer(data: .array([]), total: found.total, extra: [("appointmentInfos", .array(rows))])
    }

    /// `Product/GetBillAppointment` — `AppointmentID`: the booking's `headInfo` and its
    /// `detailInfos`; unknown → parameter error.
    @Sendable static func details(_ context: YoufanContext) throws -> YoufanAnswer {
        let id = context.arguments.text("AppointmentID")
        guard let number = Int64(id), let stored = try context.store.objects.object(YoufanCollection.appointment.rawValue, id: number) else {
            throw YoufanFailure.notFound("AppointmentID=\(id) 不存在")
        }
        let details = try JSON.parse(stored.body)["detailInfos"] ?? .array([])
        return YoufanAnswer(data: .array([]), total: 1, extra: [("headInfo", try headInfo(stored)), ("detailInfos", details)])
    }

    /// A booking's head as the list and the fitting-room screen read it.
    static func headInfo(_ stored: YoufanUserObject) throws -> JSON {
        let body = try JSON.parse(stored.body)
        return .object([
            ("appointmentID", .int(Int(stored.id))), ("appointmentNo", .string(String(stored.id))),
            ("status", .string(stored.state)), ("orgCode", .string(stored.target)), ("shopName", body["shopName"] ?? ""),
            ("clothesCount", body["clothesCount"] ?? .int(0)), ("creator", .string(stored.userID)),
            ("appointmentSource", body["appointmentSource"] ?? "APP"), ("createDate", .string(stored.created)),
        ])
    }
}
