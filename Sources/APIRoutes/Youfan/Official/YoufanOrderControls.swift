import HTTPServer
import Store
import Wire

/// The developer's controls over the official app's orders, which the mock has no warehouse or
/// service desk to move (`docs/api.md` "Moving an order on"):
/// `POST /__admin/youfan/orders/{id}/ship?courier=&number=` ships a `paid` order with the courier
/// and tracking number `Order/InvoiceFilter` shows; `POST /__admin/youfan/returns/{id}/approve`
/// approves a return applied for, so its screen offers 填写快递信息; `…/complete` pays back an
/// approved refund or a return of goods sent back, `…/refuse` refuses a return under way (the
/// service desk's two ends of a return, `YoufanOrders.endReturn`). All answer 200
/// `{"id":…, "state":…}` (a return's `state` as the app reads it); an unknown id is a 404, a
/// state that does not allow the step a 409, an unknown or empty parameter a 400. The state is checked inside the write. No delay: a shipping
/// timer would have to outlive restarts and resets, and a test or demo can call the control when
/// it wants the parcel to leave.
struct YoufanOrderControls: Sendable {
    static let shipPath = MockApplication.adminPrefix + "/youfan/orders/:id/ship"
    static let approvePath = MockApplication.adminPrefix + "/youfan/returns/:id/approve"
    static let completePath = MockApplication.adminPrefix + "/youfan/returns/:id/complete"
    static let refusePath = MockApplication.adminPrefix + "/youfan/returns/:id/refuse"
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
        try moveReturn(request, to: .approved, rule: "only a return applied for (0) is approved", from: { _ in [.applied] }) {
            try YoufanOrders.moveReturn($0, from: [.applied], to: .approved, in: $1)
        }
    }

    /// `POST /__admin/youfan/returns/{id}/complete`: a refund approved, or a return of goods sent
    /// back, is paid back (6 for goods, 3 for a refund).
    func complete(_ request: HTTPRequest) throws -> HTTPResponse {
        let rule = "only an approved refund (1) or a return of goods sent back (2) is completed"
        return try moveReturn(request, to: .completed, rule: rule, from: { type in
            type == YoufanOrders.returnOfGoods ? [.sentBack] : [.approved]
        }) { try YoufanOrders.endReturn($0, from: [.approved, .sentBack], to: .completed, in: $1) }
    }

    /// `POST /__admin/youfan/returns/{id}/refuse`: a return under way is refused (9 for goods, 2
    /// for a refund).
    func refuse(_ request: HTTPRequest) throws -> HTTPResponse {
        let rule = "only a return applied for (0), approved (1) or sent back (2) is refused"
        return try moveReturn(request, to: .refused, rule: rule, from: { _ in [.applied, .approved, .sentBack] }) {
            try YoufanOrders.endReturn($0, from: [.applied, .approved, .sentBack], to: .refused, in: $1)
        }
    }

    /// Moves the return the path names to `to` with `step`, when its state is one of those
    /// `from` allows for its type (a 409 naming `rule` otherwise); answers its new code.
    private func moveReturn(_ request: HTTPRequest, to: YoufanReturnState, rule: String,
                            from: (String) -> [YoufanReturnState],
                            step: (Int64, Connection) throws -> Void) throws -> HTTPResponse {
        _ = try ControlsAdminRoutes.queryParameters(of: request, known: [])
        let id = try Self.id(of: request, "return")
        let code = try database.write { connection in
            let stored = try Self.existing(.orderReturn, id: id, in: connection)
            guard let state = YoufanReturnState(code: stored.state, type: stored.target), from(stored.target).contains(state) else {
                throw HTTPError(Self.conflict, "return \(id) is in state \(stored.state); \(rule)")
            }
            try step(id, connection)
            return to.code(of: stored.target) ?? stored.state
        }
        return Self.answer(id: id, state: code)
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
