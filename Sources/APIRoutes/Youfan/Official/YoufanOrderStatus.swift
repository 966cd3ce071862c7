/// The numeric order statuses of the official app's order screens, and the one place where the
/// mock's word states (`YoufanOrders`) become them. MB `UI/View/Collocation/Me/MyOrderTableView.m`
/// and `UI/ViewController/Me/MyOrder/DetailOrderViewController.m` switch on an order's `status`:
/// 0 未付款 (pay or cancel), 1 已付款, 2 已审核, 3 已分配, 4 拣货中, 5 已发货 (track, confirm),
/// 6 已收货 and 10 (review), 8 已取消, 9 已关闭, 11 退货申请, 12 退货中, 13 退货完成,
/// 14 退款申请中. The tabs of "我的订单" (`MyOrderViewController.m` `requestData:`) ask for a group
/// of them by name. With 6 and 10 the buttons follow `judgeStatus` (MB `AppraiseViewController.m`:
/// 1 未评价, 2 部分, 3 已评价 → 查看评价). The mock's orders are never 2–4, 10 or 12; a refunded order
/// is closed (9) with `statusName` 已退款.
struct YoufanOrderStatus: Equatable, Sendable {
    let code: Int
    let name: String
    /// `judgeStatus`: 1 until the order's products are reviewed, 2 while some are, then 3.
    var judgeStatus = 1

    /// Whether 待评价 lists it: received and not reviewed yet.
    var awaitsReview: Bool { judgeStatus != 3 }

    /// The `status` a tab sends for every order.
    static let allTab = "ALL"

    /// The other tabs, each with the codes it shows (the app's own comment: 待付款 0, 待发货 1–4,
    /// 待收货 5, 待评价 6 and 10).
    static let tabs: [(name: String, codes: Set<Int>)] = [
        ("WaitingPay", [0]), ("WaitingSend", [1, 2, 3, 4]), ("WaitingConfirm", [5]), ("WaitingJudge", [6, 10]),
    ]

    /// How an order in `state` shows; a `returning` order shows its return's type
    /// (`YoufanOrders.returnOfGoods`: a return of goods, otherwise a refund), a received one
    /// `partlyReviewed` `judgeStatus` 2 (部分, still 待评价).
    static func of(state: String, returnType: String, partlyReviewed: Bool = false) -> YoufanOrderStatus {
        switch state {
        case YoufanOrders.received where partlyReviewed: YoufanOrderStatus(code: 6, name: "已收货", judgeStatus: 2)
        case YoufanOrders.unpaid: YoufanOrderStatus(code: 0, name: "待付款")
        case YoufanOrders.paid: YoufanOrderStatus(code: 1, name: "已付款")
        case YoufanOrders.shipped: YoufanOrderStatus(code: 5, name: "已发货")
        case YoufanOrders.received: YoufanOrderStatus(code: 6, name: "已收货")
        case YoufanOrders.reviewed: YoufanOrderStatus(code: 6, name: "已收货", judgeStatus: 3)
        case YoufanOrders.cancelled: YoufanOrderStatus(code: 8, name: "已取消")
        case YoufanOrders.returning where returnType == YoufanOrders.returnOfGoods: YoufanOrderStatus(code: 11, name: "退货申请")
        case YoufanOrders.returning: YoufanOrderStatus(code: 14, name: "退款申请中")
        case YoufanOrders.returned: YoufanOrderStatus(code: 13, name: "退货完成")
        case YoufanOrders.refunded: YoufanOrderStatus(code: 9, name: "已退款")
        // `YoufanOrders.states` are the only states an order is stored in.
        default: YoufanOrderStatus(code: 9, name: "已关闭")
        }
    }

    /// The word states whose orders a tab lists: nil for `ALL` (every order), possibly none;
    /// 待评价 leaves out reviewed orders. A tab the app does not send is the app's parameter failure.
    static func states(tab: String) throws(YoufanFailure) -> [String]? {
        if tab == allTab { return nil }
        guard let codes = tabs.first(where: { $0.name == tab })?.codes else {
            throw YoufanFailure.notFound("status=\(tab) 不是订单分组")
        }
        return YoufanOrders.states.filter { state in
            [YoufanOrders.returnOfGoods, YoufanOrders.refund].contains { type in
                let status = of(state: state, returnType: type)
                return codes.contains(status.code) && (tab != "WaitingJudge" || status.awaitsReview)
            }
        }
    }
}
