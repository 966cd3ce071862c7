/// The states of a return (`Order/OrderReturnCreate`) as the app's return screens read its
/// `orderReturnInfo.state`. MB `UI/ViewController/Me/MyOrder/DetailReturnMoneyViewController.m`
/// knows `"1"` 已审批 (the only state with the 填写快递信息 button, `ExpressageViewController.m`'s
/// `Order/ReturnRetailCreate`), `"6"` and `"9"` 退款完成 and `"-1"` refused (showing `stateName`);
/// every other state is drawn as 处理中. `ReturnGoodAndMoneyTableView.m` shows `stateName` on its
/// button. The mock's returns are applied for, approved by the developer
/// (`POST /__admin/youfan/returns/{id}/approve`) and sent back; it never completes or refuses one.
enum YoufanReturnState: CaseIterable {
    /// Applied for, waiting for approval: a code the app draws as 处理中.
    case applied
    /// Approved: the customer may post the goods back.
    case approved
    /// Posted back with a courier (`Order/ReturnRetailCreate`): drawn as 处理中.
    case sentBack

    /// The `state` the app reads.
    var code: String {
        switch self {
        case .applied: "0"
        case .approved: "1"
        case .sentBack: "2"
        }
    }

    /// The `stateName` the app shows.
    var name: String {
        switch self {
        case .applied: "申请中"
        case .approved: "已审批"
        case .sentBack: "退货寄回中"
        }
    }

    /// The state stored as `code`, if any.
    init?(code: String) {
        guard let found = Self.allCases.first(where: { $0.code == code }) else { return nil }
        self = found
    }
}
