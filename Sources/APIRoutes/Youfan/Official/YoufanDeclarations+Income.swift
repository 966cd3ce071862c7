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
        YoufanDeclaration("WXSC_Collocation", "WxBalanceFlowDetailFilter", .soa, .signedIn, [.text("ID")],
                          .custom(writes: false, YoufanIncome.noFlow("ID")),
                          answer: "`isSuccess` 0 `参数错误: ID=<id> 不存在`: no flow is kept, so none has details"),
        YoufanDeclaration("WXSC_Collocation", "WxSettleBalanceFlowDetailFilter", .soa, .signedIn, [.text("SELLER_DTL_ID")],
                          .custom(writes: false, YoufanIncome.noFlow("SELLER_DTL_ID")),
                          answer: "`isSuccess` 0 `参数错误: SELLER_DTL_ID=<id> 不存在`: no settlement is kept"),
        YoufanDeclaration("WXSC_Collocation", "WxSellerChangeCashPws", .soa, .named("AccountID"),
                          [.text("AccountID"), .text("OldPws", default: ""), .text("NewPws", default: "")],
                          .custom(writes: true, YoufanCashPassword.change),
                          answer: "`message` 设置成功; keeps the hash of `NewPws` as the caller's cash password; not six digits → `isSuccess` 0 `请输入六位密码`, a set password and another `OldPws` → `密码错误`"),
        YoufanDeclaration("WXSC_Collocation", "WxSellerCashPwsCheck", .soa, .signedIn,
                          [.text("inputPws"), .text("pws", default: "")],
                          .custom(writes: false, YoufanCashPassword.check),
                          answer: "top-level `flag` 1 when `inputPws` is the caller's cash password, else `flag` 0 and `message` 密码错误 (`pws` is ignored)"),
        YoufanDeclaration("WXSC_Collocation", "WxSellerCashAppCreate", .soa, .signedIn,
                          [.text("SUPER_SELLER_ID", default: ""), .text("SELLER_BANK_ID"), .text("AMOUNT")],
                          .custom(writes: false, YoufanCashPassword.withdraw),
                          answer: "always `isSuccess` 0, nothing kept: the balance is zero, so a positive `AMOUNT` → `输入的金额要小于等于可提现金额`; another user's or an unknown card `SELLER_BANK_ID` → `参数错误: bank-card <id> 不存在`, an `AMOUNT` that is not a positive number → `参数错误: AMOUNT=<text> 不是金额`"),
    ]
}
