import Wire

/// The seller's balance on 我的收益 (MB `UI/ViewController/Me/MyIncome/MyIncomeViewController.m`).
enum YoufanIncome {
    /// The amounts the screen shows, all zero: the mock keeps no commissions.
    static let amounts = ["lasT_DAY_IN_AMOUNT", "caN_CASH_AMOUNT", "totaL_IN_AMOUNT", "totaL_CASH_AMOUNT",
                          "montH_IN_AMOUNT", "weeK_IN_AMOUNT"]

    /// `WXSC_Collocation/WxSellerAccountByAccountFilter` — `responseMsg{sellerId, amounts…,
    /// casH_PASSWORD}` (`YoufanCashPassword.mask` once a cash password is set, else empty).
    /// Hand-written: the screen reads `responseMsg` beside `isSuccess`, at the top of the answer,
    /// where no declared shape puts anything.
    @Sendable static func account(_ context: YoufanContext) throws -> YoufanAnswer {
        let user = try context.user()
        let password = try YoufanCashPassword.storedHash(user, context) == nil ? "" : YoufanCashPassword.mask
        let seller = JSON.object([("sellerId", .string(user))] + amounts.map { ($0, JSON.int(0)) }
            + [("casH_PASSWORD", .string(password))])
        return YoufanAnswer(data: .array([]), total: 1, extra: [("responseMsg", seller)])
    }

    /// The details of one flow (`WxBalanceFlowDetailFilter` `ID`, `WxSettleBalanceFlowDetailFilter`
    /// `SELLER_DTL_ID`): no flows are kept, so every id is unknown.
    static func noFlow(_ parameter: String) -> YoufanCustomRun {
        { context in throw YoufanFailure.notFound("\(parameter)=\(context.arguments.text(parameter)) 不存在") }
    }
}
