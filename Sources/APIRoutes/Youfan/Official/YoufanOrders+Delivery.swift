import Store
import Wire

/// An order's life after payment, and its cancelling. The mock has no warehouse, so the developer
/// ships a paid order (`POST /__admin/youfan/orders/{id}/ship`, `YoufanOrderControls`); its owner
/// then confirms receipt with `Order/OrderConfirm` (确认收货, MB `MyOrderViewController.m` and
/// `DetailOrderViewController.m`: `orderId`, reading `isSuccess`; a declared step), and reviewing its products (`Order/CommentCreateList` naming
/// the order) marks it reviewed. Every step reads the order's state inside its write, so two
/// steps sent at once cannot both pass.
extension YoufanOrders {
    /// Shipped by the developer: the app's 已发货 (5), listed under 待收货.
    static let shipped = "shipped"
    /// Receipt confirmed by the owner: 已收货 (6), listed under 待评价.
    static let received = "received"
    /// Received and reviewed: still 已收货 (6) with `judgeStatus` 3 (查看评价), out of 待评价.
    static let reviewed = "reviewed"

    /// The refusal of a step the order's state does not allow.
    static func wrongState(_ order: YoufanUserObject) -> YoufanFailure {
        YoufanFailure(message: "状态不允许此操作: \(order.id) 当前状态 \(order.state)")
    }

    /// Moves order `id` from one of `from` to `to` inside `connection`'s write, its body's members
    /// changed by `edit`; the order as it was before the step.
    @discardableResult
    static func move(_ id: Int64, from: [String], to: String, in connection: Connection,
                     edit: (inout [(key: String, value: JSON)]) -> Void = { _ in }) throws -> YoufanUserObject {
        guard let current = try YoufanUserObjectRepository.object(YoufanCollection.order.rawValue, id: id, in: connection)
        else { throw YoufanFailure.notFound("order \(id) 不存在") }
        guard from.contains(current.state) else { throw wrongState(current) }
        var members = try JSON.parse(current.body).objectValue ?? []
        edit(&members)
        try YoufanUserObjectRepository.update(id: id, state: to, body: JSON.object(members).encoded(), in: connection)
        return current
    }

    /// `Order/OrderCancel` (GET) — `orderId`: the caller's `unpaid` order → `cancelled`, its
    /// pieces back in stock and its voucher (`vouchersId`) unused again, in one write.
    @Sendable static func cancel(_ context: YoufanContext) throws -> YoufanAnswer {
        let order = try YoufanOperation.owned(.order, id: context.arguments.text("orderId"), context)
        try context.store.objects.database.write { connection in
            let before = try move(order.id, from: [unpaid], to: cancelled, in: connection)
            let voucher = try JSON.parse(before.body)["vouchersId"]?.stringValue ?? ""
            if !voucher.isEmpty { try YoufanVouchers.giveBack(voucher, from: order.id, in: connection) }
        }
        return .done
    }

    /// Ships order `id` (any user's: the developer's control) from `paid` to `shipped` with the
    /// courier and tracking number `Order/InvoiceFilter` shows, and tells its owner.
    static func ship(_ id: Int64, courier: String, trackingNumber: String, in connection: Connection) throws {
        let order = try move(id, from: [paid], to: shipped, in: connection) { members in
            members.removeAll { ["expresS_NAME", "expresS_LISTNO"].contains($0.key) }
            members += [("expresS_NAME", .string(courier)), ("expresS_LISTNO", .string(trackingNumber))]
        }
        try YoufanMessages.notify(order.userID, title: "订单已发货", message: "订单 \(id) 已由\(courier)发出，运单号 \(trackingNumber)",
                                  jumpID: String(id), in: connection)
    }

    /// Notes the review of `product` on the caller's `received` order `orderId`, inside the
    /// review's write. The app's review screen lists every product of the order and counts
    /// `judgeStatus` 1 未评价, 2 部分, 3 已评价 (MB `AppraiseViewController.m`): once every product of
    /// the order's lines is reviewed the order is `reviewed` (3); until then it stays `received`
    /// with the products reviewed so far (`reviewedProducts`, 2). An order in another state, or
    /// another user's, is left as it is (the comment still counts).
    static func markReviewed(_ orderID: String, product: String, by user: String, in connection: Connection) throws {
        guard let id = Int64(orderID),
              let order = try YoufanUserObjectRepository.object(YoufanCollection.order.rawValue, id: id, in: connection),
              order.userID == user, order.state == received
        else { return }
        let body = try JSON.parse(order.body)
        let ordered = Set((body["lines"]?.arrayValue ?? []).compactMap { $0["proD_CLS_NUM"]?.stringValue })
        let seen = Set((body[reviewedProducts]?.arrayValue ?? []).compactMap(\.stringValue)).union([product])
        try move(id, from: [received], to: ordered.isSubset(of: seen) ? reviewed : received, in: connection) { members in
            members.removeAll { $0.key == reviewedProducts }
            members.append((reviewedProducts, .array(seen.sorted().map { JSON.string($0) })))
        }
    }

    /// The member of a received order's body listing the products reviewed so far.
    static let reviewedProducts = "reviewedProducts"
}
