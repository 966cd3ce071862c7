/// The states of a return (`Order/OrderReturnCreate`) as the app's return screens read its
/// `orderReturnInfo.state`. The codes depend on the return's type, as the app's own comment lists
/// them (MB `UI/ViewController/Me/MyOrder/DetailOrderViewController.m`): a return of goods is
/// 已取消 -1, 已提交 0, 已审批 1, 已退货 2, 已收货 3, 已入库 4, 退货已退回 5, 已退款 6, 已拒绝 9;
/// a refund is 已取消 -1, 已申请 0, 已审批 1, 已拒绝 2, 已退款 3. `DetailReturnMoneyViewController.m`
/// draws a return of goods from them: `"1"` is the only state with the 填写快递信息 button
/// (`Order/ReturnRetailCreate`), `"6"` and `"9"` are finished, `"-1"` shows `stateName`, every
/// other code is 处理中; its refund page and `ReturnGoodAndMoneyTableView.m` show `stateName`.
/// The mock's warehouse steps (received, stocked) happen at once when the developer completes a
/// return (`POST /__admin/youfan/returns/{id}/complete`), so 3–5 of a return of goods are never used.
enum YoufanReturnState: CaseIterable {
    /// Applied for, waiting for review; the only state the customer may cancel (MB
    /// `DetailOrderViewController.m` offers 取消退款/取消退货 at `"0"` only).
    case applied
    /// Approved: the customer may post the goods back.
    case approved
    /// Posted back with a courier (`Order/ReturnRetailCreate`); a return of goods only.
    case sentBack
    /// Money paid back: the end of a return approved (and, for goods, sent back).
    case completed
    /// Refused by the service desk.
    case refused
    /// Withdrawn by the customer (`Order/OrderReturnCancel`, `Order/RefundAppCancel`).
    case cancelled

    /// The codes of a return of goods, then of a refund; a refund is never sent back.
    private static let goodsCodes: [(state: Self, code: String)] = [
        (.applied, "0"), (.approved, "1"), (.sentBack, "2"), (.completed, "6"), (.refused, "9"), (.cancelled, "-1"),
    ]
    private static let refundCodes: [(state: Self, code: String)] = [
        (.applied, "0"), (.approved, "1"), (.refused, "2"), (.completed, "3"), (.cancelled, "-1"),
    ]

    private static func codes(of type: String) -> [(state: Self, code: String)] {
        type == YoufanOrders.returnOfGoods ? goodsCodes : refundCodes
    }

    /// The `state` the app reads for a return of `type`; nil where that type has no such state.
    func code(of type: String) -> String? {
        Self.codes(of: type).first { $0.state == self }?.code
    }

    /// The `stateName` the app shows.
    var name: String {
        switch self {
        case .applied: "申请中"
        case .approved: "已审批"
        case .sentBack: "退货寄回中"
        case .completed: "已退款"
        case .refused: "已拒绝"
        case .cancelled: "已取消"
        }
    }

    /// The state a return of `type` stored as `code` is in, if any.
    init?(code: String, type: String) {
        guard let found = Self.codes(of: type).first(where: { $0.code == code }) else { return nil }
        self = found.state
    }
}
