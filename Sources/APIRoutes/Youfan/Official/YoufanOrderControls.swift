import HTTPServer
import Store
import Wire

/// The developer's controls over the official app's orders, which the mock has no warehouse or
/// service desk to move (`docs/api.md` "Moving an order on"):
/// `POST /__admin/youfan/orders/{id}/ship?courier=&number=` ships a `paid` order with the courier
/// and tracking number `Order/InvoiceFilter` shows; `POST /__admin/youfan/returns/{id}/approve`
/// approves a return applied for, so its screen offers 填写快递信息. Both answer 200
/// `{"id":…, "state":…}`; an unknown id is a 404, a state that does not allow the step a 409, an
/// unknown or empty parameter a 400. The state is checked inside the write. No delay: a shipping
/// timer would have to outlive restarts and resets, and a test or demo can call the control when
/// it wants the parcel to leave.
struct YoufanOrderControls: Sendable {
    static let shipPath = MockApplication.adminPrefix + "/youfan/orders/:id/ship"
    static let approvePath = MockApplication.adminPrefix + "/youfan/returns/:id/approve"
    private static let conflict = HTTPStatus(code: 409)

    let database: Database

    /// `POST /__admin/youfan/orders/{id}/ship?courier=&number=`.
    func ship(_ request: HTTPRequest) throws -> HTTPResponse {
        let parameters = try ControlsAdminRoutes.queryParameters(of: request, known: ["courier", "number"])
        guard let courier = parameters["courier"], !courier.isEmpty, let number = parameters["number"], !number.isEmpty else {
            throw AdminInputError("courier and number are required: the courier's name and the tracking number")
        }
        let id = try Self.id(of: request, "order")
        try database.write { connection in
            let order = try Self.existing(.order, id: id, in: connection)
            guard order.state == YoufanOrders.paid else {
                throw HTTPError(Self.conflict, "order \(id) is \(order.state); only a paid order ships")
            }
            try YoufanOrders.ship(id, courier: courier, trackingNumber: number, in: connection)
        }
        return Self.answer(id: id, state: YoufanOrders.shipped)
    }

    /// `POST /__admin/youfan/returns/{id}/approve`.
    func approve(_ request: HTTPRequest) throws -> HTTPResponse {
        _ = try ControlsAdminRoutes.queryParameters(of: request, known: [])
        let id = try Self.id(of: request, "return")
        try database.write { connection in
            let stored = try Self.existing(.orderReturn, id: id, in: connection)
            guard stored.state == YoufanReturnState.applied.code else {
                throw HTTPError(Self.conflict, "return \(id) is in state \(stored.state); only a return applied for (0) is approved")
            }
            try YoufanOrders.moveReturn(id, from: .applied, to: .approved, in: connection)
        }
        return Self.answer(id: id, state: YoufanReturnState.approved.code)
    }

    private static func id(of request: HTTPRequest, _ what: String) throws -> Int64 {
        let text = request.pathParameters["id"] ?? ""
        guard let id = Int64(text), id >= 1 else { throw AdminInputError("\(what) id \"\(text)\" must be a whole number of at least 1") }
        return id
    }

    private static func existing(_ collection: YoufanCollection, id: Int64, in connection: Connection) throws -> YoufanUserObject {
        guard let stored = try YoufanUserObjectRepository.object(collection.rawValue, id: id, in: connection) else {
            throw HTTPError(.notFound, "no \(collection == .order ? "order" : "return") \(id)")
        }
        return stored
    }

    private static func answer(id: Int64, state: String) -> HTTPResponse {
        .json(JSON.object([("id", .int(Int(id))), ("state", .string(state))]).encoded())
    }
}
