import Store
import Wire

/// The "我的订单" screens. The app asks for them through `MBShoppingGuideInterface`
/// (`requestMBSoaServer:`, a `quickGet` of `m=Order`, the service `MBServiceMapping.txt` files
/// them under): `Order/OrderCommonFilter` for a tab of the list (MB
/// `UI/ViewController/Me/MyOrder/MyOrderViewController.m`), `Order/OrderFilter` for one order
/// (`DetailOrderViewController.m` `refreshGoodList`, `PayResultViewController.m`). Both read
/// `results` as `OrderModel` rows (`OrderModel.h`), so both answer `row`.
extension YoufanOrders {
    /// How `OrderCommonFilter` pages: the app sends `PageIndex` 0 for the first page, then
    /// `(rows shown + 9) / 10 + 1`, so 0 and 1 are both the first page; `PageSize` 10.
    static let listPaging = YoufanPagingRule(index: "PageIndex", base: 1, sizes: ["PageSize"], size: 10)

    /// `Order/OrderCommonFilter` — `status` (the tab: `ALL`, `WaitingPay`, `WaitingSend`,
    /// `WaitingConfirm`, `WaitingJudge`), `PageIndex`, `PageSize`: one page of the caller's
    /// orders in that tab, newest first. Hand-written: the states listed come from the tab
    /// (`YoufanOrderStatus.states(tab:)`), not from the declaration.
    @Sendable static func list(_ context: YoufanContext) throws -> YoufanAnswer {
        let states = try YoufanOrderStatus.states(tab: context.arguments.text("status"))
        if states?.isEmpty == true { return .list([], total: 0) }
        let found = try context.store.objects.objects(YoufanCollection.order.rawValue, userID: context.user(), states: states,
                                                      page: listPaging.page(context.arguments.query))
        return .list(try found.objects.map { try row(context, $0) }, total: found.total)
    }

    /// An order as `OrderModel` reads it. The list's cell shows `orderno`, `statusName`, the
    /// buttons of `status`, `detailList`'s lines, `fee` and `orderTotalPrice`, and 应付/已付 from
    /// `paymentList[0].status` (MB `UI/View/Collocation/Me/MyOrderTableView.m`); the detail adds
    /// `creatE_DATE`, `amount`, `diS_AMOUNT`, `bonus`, the address, `senD_REQUIRE` and
    /// `invoicE_TITLE`; `judgeStatus` picks 评价 or 查看评价. Amounts are the order's own: no
    /// shipping, no discount.
    @Sendable static func row(_ context: YoufanContext, _ stored: YoufanUserObject) throws -> JSON {
        let body = try JSON.parse(stored.body)
        let status = YoufanOrderStatus.of(state: stored.state, returnType: body["returN_TYPE"]?.stringValue ?? "",
                                          partlyReviewed: body[reviewedProducts] != nil)
        let id = JSON.string(String(stored.id))
        let amount = body["amount"] ?? 0
        let lines = try (body["lines"]?.arrayValue ?? []).enumerated().map { index, line in
            try detail(line, number: index + 1, order: stored, body: body, context)
        }
        let pieces = (body["lines"]?.arrayValue ?? []).reduce(0) { $0 + ($1["qty"]?.intValue ?? 0) }
        let address = ["receiver", "teL_PHONE", "country", "province", "city", "county", "address", "posT_CODE"]
            .map { (key: $0, value: body[$0] ?? "") }
        return .object([
            ("id", id), ("orderno", id), ("status", .int(status.code)), ("statusName", .string(status.name)),
            ("judgeStatus", .string(String(status.judgeStatus))),
            ("creatE_DATE", .string(stored.created)), ("userId", .string(stored.userID)),
            ("amount", amount), ("fee", 0), ("diS_AMOUNT", 0), ("bonus", 0), ("orderTotalPrice", amount),
            ("qty", .int(pieces)), ("memo", body["memo"] ?? ""), ("senD_REQUIRE", body["senD_REQUIRE"] ?? ""),
            ("invoicE_TITLE", body["invoicE_TITLE"] ?? ""),
        ] + address + [
            ("detailList", .array(lines)),
            ("paymentList", .array([.object([
                ("id", id), ("order_id", id), ("pay_price", amount), ("pay_type", "WX"), ("payment", "ON_LINE"),
                ("status", .int(try wasPaid(stored) ? 1 : 0)), ("create_time", .string(stored.created)),
            ])])),
        ])
    }

    /// One order line as `OrderModelDetailListInfo` reads it: `detailInfo` (`qty`, `acT_PRICE` paid
    /// a piece, `uniT_PRICE` the list price, `state` 1 正常, `reapP_ID` the order's return or 0)
    /// and `proudctList.productInfo` (the stock row, as the cart shows it).
    private static func detail(_ line: JSON, number: Int, order: YoufanUserObject, body: JSON,
                               _ context: YoufanContext) throws -> JSON {
        let barcode = line["barcode"]?.stringValue ?? ""
        let stock = try context.store.products.stockRow(barcode: barcode).map { try JSON.parse($0.item) } ?? .object([])
        let quantity = line["qty"]?.intValue ?? 0
        let price = line["price"]?.doubleValue ?? 0
        return .object([
            ("detailInfo", .object([
                ("id", .string("\(order.id)-\(number)")), ("ordeR_ID", .string(String(order.id))),
                ("proD_ID", stock["lM_PROD_CLS_ID"] ?? ""), ("qty", .int(quantity)), ("acT_PRICE", .number(price)),
                ("uniT_PRICE", stock["price"] ?? .number(price)), ("amount", .number(price * Double(quantity))),
                ("diS_AMOUNT", 0), ("state", 1), ("statename", "正常"),
                ("reapP_ID", .int(Int(body["returN_ID"]?.stringValue ?? "") ?? 0)), ("collocatioN_ID", ""),
                ("designerId", ""), ("designerName", ""),
            ])),
            ("proudctList", .object([("productInfo", YoufanCart.productInfo(stock, barcode: barcode))])),
        ])
    }
}
