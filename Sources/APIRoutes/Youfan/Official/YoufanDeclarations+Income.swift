/// 我的收益 (MB `UI/ViewController/Me/MyIncome/MyIncomeViewController.m` and the flows it opens,
/// `WaitExtractViewController.m`), asked through `MBShoppingGuideInterface` → `quickGet` with the
/// token. The mock keeps no commissions (nothing the app sends earns one), so the balance is zero
/// and the flows are empty: the screens open on 无收益 instead of failing.
extension YoufanDeclarations {
    static let income: [YoufanDeclaration] = [
        YoufanDeclaration("WXSC_Collocation", "WxSellerAccountByAccountFilter", .soa, .signedIn, [],
                          .custom(writes: false, YoufanIncome.account),
                          answer: "top-level `responseMsg` = `{sellerId (the caller), lasT_DAY_IN_AMOUNT, caN_CASH_AMOUNT, totaL_IN_AMOUNT, totaL_CASH_AMOUNT, montH_IN_AMOUNT, weeK_IN_AMOUNT (all 0), casH_PASSWORD (empty)}`"),
        YoufanDeclaration("WXSC_Collocation", "WxBalanceFlowFilter", .soa, .signedIn,
                          [.text("balance_TIME_Start", default: ""), .text("balance_TIME_End", default: "")],
                          .custom(writes: false, { _ in .list([], total: 0) }),
                          answer: "`total` 0, `results` `[]` (no commissions are kept)"),
        YoufanDeclaration("WXSC_Collocation", "WxSettleBalanceFlowFilter", .soa, .signedIn,
                          [.text("SETTLE_TIME_Start", default: ""), .text("SETTLE_TIME_END", default: "")],
                          .custom(writes: false, { _ in .list([], total: 0) }),
                          answer: "`total` 0, `results` `[]` (no settlements are kept)"),
    ]
}
