import Store
import Wire

/// A return from its application to its end (`YoufanReturnState`): applied for from the order
/// cells (`Order/OrderReturnCreate`) or the order detail's buttons (`Order/OrderRefund`,
/// `Order/OrderReturn`), withdrawn by the customer (`Order/RefundAppCancel`,
/// `Order/OrderReturnCancel`), and approved, completed or refused by the developer, who stands in
/// for the service desk (`YoufanOrderControls`). Every step reads the return's and the order's
/// states inside its write.
extension YoufanOrders {
    /// A return of goods that came back and was paid back: 13 退货完成.
    static let returned = "returned"
    /// A refund paid back: the order is closed (9).
    static let refunded = "refunded"

    /// `Order/OrderReturnCreate` (POST) — `orderno`, `type` (1 refund, 2 return), `reason`,
    /// `remark`. Hand-written: it writes two objects (the return, applied for, and the order's
    /// new state) at once, the order's state checked inside that write.
    @Sendable static func createReturn(_ context: YoufanContext) throws -> YoufanAnswer {
        let arguments = context.arguments
        try applyForReturn(order: arguments.text("orderno"), type: String(arguments.integer("type")),
                           reason: arguments.text("reason"), remark: arguments.text("remark"), context)
        return .done
    }

    /// `Order/OrderRefund` and `Order/OrderReturn` (GET) — `orderId`: the order detail's 申请退款
    /// and 申请退货 buttons (MB `DetailOrderViewController.m`, which sends `orderId` and `token`
    /// and reads `isSuccess` 1), a return of `type` without a reason, as `OrderReturnCreate` makes it.
    static func applyFromDetail(type: String) -> YoufanCustomRun {
        { context in
            try applyForReturn(order: context.arguments.text("orderId"), type: type, reason: "", remark: "", context)
            return .done
        }
    }

    /// `Order/RefundAppCancel` and `Order/OrderReturnCancel` (POST) — `ID` (the return),
    /// `userid`: the customer withdraws a return of `type` still applied for (MB
    /// `MyReturnViewController.m`, `DetailOrderViewController.m`, which offer 取消退款/取消退货 at
    /// state `"0"` only); the order goes back to the state it was in.
    static func cancelReturn(type: String) -> YoufanCustomRun {
        { context in
            let stored = try YoufanOperation.owned(.orderReturn, id: context.arguments.text("ID"), context)
            guard stored.target == type else {
                throw YoufanFailure(message: "参数错误: return \(stored.id) 不是\(type == returnOfGoods ? "退货" : "退款")单")
            }
            try context.store.objects.database.write { connection in
                try endReturn(stored.id, from: [.applied], to: .cancelled, in: connection)
            }
            return .done
        }
    }

    /// Stores a new return of `type` of the caller's order `order` and moves the order to
    /// `returning`; the order's state is checked inside the write and kept in the return, so a
    /// return withdrawn or refused puts the order back where it was.
    private static func applyForReturn(order number: String, type: String, reason: String, remark: String,
                                       _ context: YoufanContext) throws {
        let order = try YoufanOperation.owned(.order, id: number, context)
        try context.store.objects.database.write { connection in
            let current = try YoufanUserObjectRepository.object(YoufanCollection.order.rawValue, id: order.id, in: connection) ?? order
            guard returnable(type: type).contains(current.state) else { throw wrongState(current) }
            let body = JSON.object([
                ("orderno", .string(String(order.id))), ("type", .string(type)), ("reason", .string(reason)),
                ("remark", .string(remark)), ("returN_AMOUNT", (try JSON.parse(current.body))["amount"] ?? 0),
                ("orderState", .string(current.state)),
            ])
            let returnID = try YoufanUserObjectRepository.insert(YoufanCollection.orderReturn.rawValue, userID: order.userID,
                                                                 target: type, state: YoufanReturnState.applied.code(of: type) ?? "",
                                                                 body: body.encoded(), in: connection)
            try move(order.id, from: returnable(type: type), to: returning, in: connection) { members in
                members.removeAll { ["returN_TYPE", "returN_ID"].contains($0.key) }
                members += [("returN_TYPE", .string(type)), ("returN_ID", .string(String(returnID)))]
            }
        }
    }

    /// Moves return `id` from one of `from` to `to` inside `connection`'s write, its body's
    /// members changed by `edit`; the return as it was before. A state the return's type does
    /// not have (a refund is never sent back) is refused like a state that does not allow the step.
    @discardableResult
    static func moveReturn(_ id: Int64, from: [YoufanReturnState], to: YoufanReturnState, in connection: Connection,
                           edit: (inout [(key: String, value: JSON)]) -> Void = { _ in }) throws -> YoufanUserObject {
        guard let current = try YoufanUserObjectRepository.object(YoufanCollection.orderReturn.rawValue, id: id, in: connection)
        else { throw YoufanFailure.notFound("return \(id) 不存在") }
        guard let state = YoufanReturnState(code: current.state, type: current.target), from.contains(state),
              let code = to.code(of: current.target)
        else { throw wrongState(current) }
        var members = try JSON.parse(current.body).objectValue ?? []
        edit(&members)
        try YoufanUserObjectRepository.update(id: id, state: code, body: JSON.object(members).encoded(), in: connection)
        return current
    }

    /// Ends return `id` in `to` (completed, refused or cancelled) from one of `from` inside
    /// `connection`'s write, and moves its order on. Completed: the order is `refunded` or
    /// `returned`, its pieces back in stock and its voucher unused again, as when it is
    /// cancelled. Refused or cancelled: the order is back in the state the return was applied
    /// from; a cancelled return is unlinked from it (the app: "取消退货后 reapid为0"), a refused one
    /// stays linked, so the order's detail shows it refused and offers the return again. The owner
    /// gets a notice of a completion or a refusal; a withdrawal is the owner's own doing.
    static func endReturn(_ id: Int64, from: [YoufanReturnState], to: YoufanReturnState, in connection: Connection) throws {
        let stored = try moveReturn(id, from: from, to: to, in: connection)
        let body = try JSON.parse(stored.body)
        let type = stored.target
        let goods = type == returnOfGoods
        guard let orderID = Int64(body["orderno"]?.stringValue ?? "") else { throw YoufanFailure.notFound("order of return \(id) 不存在") }
        let next = to == .completed ? (goods ? returned : refunded) : body["orderState"]?.stringValue ?? returnable(type: type)[0]
        let order = try move(orderID, from: [returning], to: next, in: connection) { members in
            if to == .cancelled { members.removeAll { ["returN_TYPE", "returN_ID"].contains($0.key) } }
        }
        let kind = goods ? "退货" : "退款"
        switch to {
        case .completed:
            let voucher = try JSON.parse(order.body)["vouchersId"]?.stringValue ?? ""
            if !voucher.isEmpty { try YoufanVouchers.giveBack(voucher, from: orderID, in: connection) }
            try YoufanMessages.notify(order.userID, title: "\(kind)完成", message: "订单 \(orderID) 的\(kind)已完成，款项已退回",
                                      jumpID: String(orderID), in: connection)
        case .refused:
            try YoufanMessages.notify(order.userID, title: "\(kind)申请未通过", message: "订单 \(orderID) 的\(kind)申请未通过审核",
                                      jumpID: String(orderID), in: connection)
        default:
            break
        }
    }
}
