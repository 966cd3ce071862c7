import Store
import Wire

/// The official app's orders and returns (WIRE.md §3.2 Order, Cart). An order's id is also its
/// order number. States: `unpaid` (created) → `cancelled` (`Order/OrderCancel`), → `paid`
/// (`Order/WxPrePayFlowCreate`, `YoufanOrders+Payment.swift`) → `shipped` (the developer's
/// control) → `received` (`Order/OrderConfirm`) → `reviewed` (`YoufanOrders+Delivery.swift`);
/// → `returning` (`Order/OrderReturnCreate`: a refund of a `paid` order, a return of goods of a
/// `received` or `reviewed` one; a paid order is refunded, never cancelled) → `refunded` or
/// `returned` when the return is completed, or back where it was when the return is refused or
/// withdrawn (`YoufanOrders+Returns.swift`). A return is its own object about its
/// type (1 refund, 2 return), in the states of `YoufanReturnState`; the order keeps the type as
/// `returN_TYPE` and the return's id as `returN_ID`. How each state shows on the app's order
/// screens is `YoufanOrderStatus`. An order holds its pieces out of stock in every state but
/// `cancelled`, `refunded` and `returned`: the stock the cart and the order check is the
/// catalogue's `lisT_QTY` less those pieces, so cancelling or paying back gives them back.
enum YoufanOrders {
    static let unpaid = "unpaid"
    static let cancelled = "cancelled"
    static let returning = "returning"
    /// Every state an order is stored in.
    static let states = [unpaid, paid, shipped, received, reviewed, cancelled, returning, refunded, returned]
    /// The states a return of `type` is asked for in, as the app's order cells offer it (MB
    /// `UI/View/Collocation/Me/OrderViewTableViewCell.m`): 申请退款 on a paid order (1–4),
    /// 申请退货 on a received one (6); none while unpaid (cancel instead) or shipped (confirm first).
    static func returnable(type: String) -> [String] {
        type == returnOfGoods ? [received, reviewed] : [paid]
    }
    /// The `type` of a return of goods (`Order/OrderReturnCreate`).
    static let returnOfGoods = "2"
    /// The `type` of a refund.
    static let refund = "1"

    /// `Order/OrderCreate` (POST) — `cartList` = `[{barcode, num}]` (empty: the whole cart), the
    /// address fields, `memo`, `senD_REQUIRE`, `invoicE_TITLE`, `vouchersId` (the caller's 范票
    /// to use, `YoufanVouchers`). Hand-written: it checks every line's stock, turns cart lines into
    /// order lines from the catalogue, uses the voucher and empties those cart lines in one
    /// transaction. Answers
    /// `isSuccess` `"1"` (text, as the app compares it), the order number as `message`, and
    /// `waitingPayAmount`.
    @Sendable static func create(_ context: YoufanContext) throws -> YoufanAnswer {
        let user = try context.user()
        let arguments = context.arguments
        var requests = try (arguments.json("cartList").arrayValue ?? []).map { row in
            guard let barcode = YoufanCapture.identifier(row, "barcode") else { throw YoufanFailure.missing("cartList[].barcode") }
            let quantity = (row["num"] ?? row["qty"] ?? row["Qty"]).flatMap(YoufanCart.quantity) ?? 1
            return YoufanCart.Request(barcode: barcode, quantity: max(1, quantity))
        }
        if requests.isEmpty {
            requests = try context.store.objects.objects(YoufanCollection.cart.rawValue, userID: user,
                                                         page: YoufanPage(index: 0, size: Int.max)).objects
                .map { YoufanCart.Request(barcode: $0.target, quantity: YoufanCart.quantityOf($0)) }
        }
        guard !requests.isEmpty else { throw YoufanFailure.notFound("购物车为空") }
        let address = try address(arguments, user: user, context)
        // The stock is checked inside the write transaction: two orders for the last pieces,
        // sent at once, must not both pass the check and oversell (reads inside `write` see the
        // writer's own, locked state).
        let (id, amount) = try context.store.objects.database.write { connection in
            let (lines, amount) = try priced(requests, context)
            let voucher = arguments.text("vouchersId")
            let body = JSON.object([("lines", .array(lines)), ("amount", .number(amount)),
                                    ("memo", .string(arguments.text("memo"))), ("vouchersId", .string(voucher))]
                                   + ["senD_REQUIRE", "invoicE_TITLE"].map { ($0, .string(arguments.query.optional($0) ?? "")) }
                                   + address)
            let id = try YoufanUserObjectRepository.insert(YoufanCollection.order.rawValue, userID: user, target: "",
                                                           state: unpaid, body: body.encoded(), in: connection)
            if !voucher.isEmpty { try YoufanVouchers.use(voucher, by: user, order: id, in: connection) }
            try YoufanMessages.notify(user, title: "订单已提交", message: "订单 \(id) 已提交，请尽快付款", jumpID: String(id),
                                      in: connection)
            for request in requests {
                if let line = try YoufanUserObjectRepository.object(YoufanCollection.cart.rawValue, userID: user,
                                                                    target: request.barcode, in: connection) {
                    try YoufanUserObjectRepository.delete(id: line.id, in: connection)
                }
            }
            return (id, amount)
        }
        return YoufanAnswer(data: .array([]), message: String(id), extra: [("waitingPayAmount", .number(amount))],
                            success: "1")
    }

    /// The order's lines at today's prices and their total; refused when a line wants more
    /// pieces than are left (`YoufanCart.requireStock`).
    private static func priced(_ requests: [YoufanCart.Request], _ context: YoufanContext) throws -> ([JSON], Double) {
        var lines: [JSON] = []
        var amount = 0.0
        for request in requests {
            let row = try YoufanCart.stockRow(request.barcode, context)
            try YoufanCart.requireStock(row, quantity: request.quantity, barcode: request.barcode)
            let price = row.item["salE_PRICE"]?.doubleValue ?? 0
            amount += price * Double(request.quantity)
            lines.append(.object([
                ("barcode", .string(request.barcode)), ("proD_CLS_NUM", .string(row.code)),
                ("proD_NAME", row.item["proD_NAME"] ?? ""), ("coloR_NAME", row.item["coloR_NAME"] ?? ""),
                ("speC_NAME", row.item["speC_NAME"] ?? ""), ("qty", .int(request.quantity)), ("price", .number(price)),
            ]))
        }
        return (lines, amount)
    }

    /// The states in which an order holds its pieces out of stock: cancelling gives them back.
    static let holdingStock = [unpaid, paid, shipped, received, reviewed, returning]

    /// A stock row with the pieces that open orders hold taken off its `lisT_QTY`.
    static func lessHeld(_ item: JSON, barcode: String, _ context: YoufanContext) throws -> JSON {
        guard case var .object(members) = item, let listed = item["lisT_QTY"]?.intValue else { return item }
        let held = try context.store.objects.heldQuantity(barcode: barcode, collection: YoufanCollection.order.rawValue,
                                                          states: holdingStock)
        members.removeAll { $0.key == "lisT_QTY" }
        members.append(("lisT_QTY", .int(max(0, listed - held))))
        return .object(members)
    }

    /// The delivery address sent with the order, or the caller's default address
    /// (`Order/ReceiverCreate`) when the order carries none.
    private static func address(_ arguments: YoufanArguments, user: String, _ context: YoufanContext) throws -> [(key: String, value: JSON)] {
        let sent = [("receiver", "NAME"), ("teL_PHONE", "MOBILENO"), ("country", "COUNTRY"), ("province", "PROVINCE"),
                    ("city", "CITY"), ("county", "COUNTY"), ("address", "ADDRESS"), ("posT_CODE", "POST_CODE")]
        let saved = arguments.query.optional("address") == nil
            ? try YoufanAddresses.defaultAddress(user, context).map { try JSON.parse($0.body) } : nil
        return sent.map { key, field in (key, .string(arguments.query.optional(key) ?? saved?[field]?.stringValue ?? "")) }
    }

    /// A return as `Order/OrderReturnFilter` and `OrderReturnFilterList` read it:
    /// `orderReturnInfo{lasT_MODIFIED_DATE, state, stateName, returN_AMOUNT, returN_TYPE, orderno}`
    /// (MB `DetailReturnMoneyViewController.m`, `ReturnGoodAndMoneyTableView.m`) and `prodList`, the
    /// order's lines `{returN_ID, prodName, proD_CLS_NUM, coloR_NAME, speC_NAME, qty, salE_PRICE,
    /// proD_URL}`: the list's cells draw them, and its 取消 button posts `prodList[0].returN_ID`
    /// (`MyReturnViewController.m`).
    @Sendable static func returnRow(_ context: YoufanContext, _ stored: YoufanUserObject) throws -> JSON {
        let body = try JSON.parse(stored.body)
        let order = try Int64(body["orderno"]?.stringValue ?? "").flatMap { try context.store.objects.object(YoufanCollection.order.rawValue, id: $0) }
        let lines = try order.map { try JSON.parse($0.body)["lines"]?.arrayValue ?? [] } ?? []
        let products = try lines.map { line in
            let stock = try context.store.products.stockRow(barcode: line["barcode"]?.stringValue ?? "").map { try JSON.parse($0.item) }
            return JSON.object([
                ("returN_ID", .string(String(stored.id))), ("prodName", line["proD_NAME"] ?? ""),
                ("proD_CLS_NUM", line["proD_CLS_NUM"] ?? ""), ("coloR_NAME", line["coloR_NAME"] ?? ""),
                ("speC_NAME", line["speC_NAME"] ?? ""), ("qty", line["qty"] ?? 0), ("salE_PRICE", line["price"] ?? 0),
                ("proD_URL", stock?["coloR_FILE_PATH"] ?? ""),
            ])
        }
        return .object([
            ("orderReturnInfo", .object([
                ("id", .string(String(stored.id))), ("orderno", body["orderno"] ?? ""), ("type", body["type"] ?? ""),
                ("returN_TYPE", .string(stored.target)), ("reason", body["reason"] ?? ""), ("remark", body["remark"] ?? ""),
                ("lasT_MODIFIED_DATE", .string(stored.created)), ("state", .string(stored.state)),
                ("stateName", .string(YoufanReturnState(code: stored.state, type: stored.target)?.name ?? "")),
                ("returN_AMOUNT", body["returN_AMOUNT"] ?? 0),
            ])),
            ("prodList", .array(products)),
        ])
    }

    /// An order's shipping as `Order/InvoiceFilter` reads it (`expresS_NAME`, `expresS_LISTNO`):
    /// empty until the developer ships it (`ship(_:courier:trackingNumber:in:)`).
    @Sendable static func invoice(_ context: YoufanContext, _ stored: YoufanUserObject) throws -> JSON {
        let body = try JSON.parse(stored.body)
        return .object([("id", .string(String(stored.id))), ("orderno", .string(String(stored.id))),
                        ("expresS_NAME", body["expresS_NAME"] ?? ""), ("expresS_LISTNO", body["expresS_LISTNO"] ?? ""),
                        ("state", .string(stored.state))])
    }
}
