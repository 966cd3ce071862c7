/// Paying an order: posted to the launch configuration's `WX_BEFORE_PAY_URL`
/// (`YoufanOrders.paymentPath`), not to the front controller, with the user named by `UserId`
/// and no login token (MB `SDataCache quickPost` adds none).
extension YoufanDeclarations {
    static let payment: [YoufanDeclaration] = [
        YoufanDeclaration("Order", "WxPrePayFlowCreate", .soa, .named("UserId"),
                          [.text("out_trade_no"), .text("UserId"), .text("total_fee", default: "")],
                          .custom(writes: true, YoufanOrders.pay),
                          answer: "`isSuccess` 1, `prePayId`, `nonceStr`, `timeStamp`; `unpaid` → `paid`; another user's order, or one not `unpaid` → `isSuccess` 0"),
    ]
}
