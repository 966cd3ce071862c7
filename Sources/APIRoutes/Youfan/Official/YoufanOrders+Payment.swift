import Foundation
import Store
import Wire

/// Paying an order with WeChat (MB `Vendor/WeiXinSDK/WXPayClient.m` `getPrepayId:`). The app
/// form-posts the order to the launch configuration's `WX_BEFORE_PAY_URL` with no `m`/`a`
/// (`MBHttp/HttpBase/MBHttpClient.m`), reads `isSuccess`, `prePayId`, `nonceStr` and `timeStamp`
/// from the top of the answer and hands them to WeChat. The mock has no WeChat to confirm the
/// payment later, so granting the prepay is the payment: the order moves `unpaid` → `paid`.
extension YoufanOrders {
    static let paid = "paid"

    /// Where `WX_BEFORE_PAY_URL` points on this server (the path of MB
    /// `Biz/MetersBonwe/MBShoppingGuideInterface.m`'s `WxPrePayFlowCreate`).
    static let paymentPath = "/WxPrePayFlowCreate"

    /// `Order/WxPrePayFlowCreate` (POST) — `out_trade_no` (the order number), `total_fee` (fen),
    /// `UserId`, `body`, `spbill_create_ip`, `CREATE_USER`, `productNameArray`. Hand-written: the
    /// state is checked inside the write, so two payments sent at once cannot both pass, and the
    /// answer's members sit beside `isSuccess`, where no declaration puts them.
    @Sendable static func pay(_ context: YoufanContext) throws -> YoufanAnswer {
        let arguments = context.arguments
        let order = try YoufanOperation.owned(.order, id: arguments.text("out_trade_no"), context)
        let prePayID = "wx" + YoufanAccount.newToken()
        let paidAt = Int(Date().timeIntervalSince1970)
        try context.store.objects.database.write { connection in
            let current = try YoufanUserObjectRepository.object(YoufanCollection.order.rawValue, id: order.id, in: connection) ?? order
            guard current.state == unpaid else {
                throw YoufanFailure(message: "状态不允许此操作: \(order.id) 当前状态 \(current.state)")
            }
            var members = try JSON.parse(current.body).objectValue ?? []
            members.removeAll { ["prePayId", "paY_TIME", "paY_FEE"].contains($0.key) }
            members += [("prePayId", .string(prePayID)), ("paY_TIME", .int(paidAt)),
                        ("paY_FEE", .string(arguments.text("total_fee")))]
            try YoufanUserObjectRepository.update(id: order.id, state: paid, body: JSON.object(members).encoded(), in: connection)
            try YoufanMessages.notify(order.userID, title: "订单已支付", message: "订单 \(order.id) 已支付，我们将尽快为您发货",
                                      jumpID: String(order.id), in: connection)
        }
        return YoufanAnswer(data: .array([]), extra: [
            ("prePayId", .string(prePayID)), ("nonceStr", .string(YoufanAccount.newToken())), ("timeStamp", .string(String(paidAt))),
        ])
    }

    /// Whether the order was paid (it may have moved on to a return since).
    static func wasPaid(_ order: YoufanUserObject) throws -> Bool {
        try JSON.parse(order.body)["paY_TIME"] != nil
    }
}
