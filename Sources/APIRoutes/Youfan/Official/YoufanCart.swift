import Store
import Wire

/// The official app's shopping cart (WIRE.md §3.2 Cart). A cart line names a stock row by its
/// barcode (`barcode_sys_code` of `Product/ProductFilter`), so the answers show the catalogue's
/// current names, colours, sizes, prices and stock. Hand-written where a write checks the
/// catalogue's stock or merges lines: no generic operation reads another table to refuse a write.
enum YoufanCart {
    /// One line the app asks for: a barcode and a quantity.
    struct Request {
        let barcode: String
        let quantity: Int
    }

    /// `Cart/ShoppingCartCreateList` — `lstCreateDto` = `[{barcode, Qty, Price, cid, aid}]`.
    @Sendable static func add(_ context: YoufanContext) throws -> YoufanAnswer {
        let user = try context.user()
        let rows = context.arguments.json("lstCreateDto").arrayValue ?? []
        let requests = try rows.map { row in
            guard let barcode = YoufanCapture.identifier(row, "barcode") else { throw YoufanFailure.missing("barcode") }
            return Request(barcode: barcode, quantity: max(1, row["Qty"].flatMap(quantity) ?? 1))
        }
        guard !requests.isEmpty else { throw YoufanFailure.missing("lstCreateDto") }
        try store(requests, for: user, context)
        return .done
    }

    /// Adds the requested lines to the user's cart in one write: a barcode already in the cart
    /// adds to that line; more than the stock is refused and nothing is stored.
    static func store(_ requests: [Request], for user: String, _ context: YoufanContext) throws {
        let stock = try requests.map { try stockRow($0.barcode, context) }
        try context.store.objects.database.write { connection in
            for (request, row) in zip(requests, stock) {
                let existing = try YoufanUserObjectRepository.object(YoufanCollection.cart.rawValue, userID: user,
                                                                     target: request.barcode, in: connection)
                let quantity = request.quantity + (existing.map { quantityOf($0) } ?? 0)
                try requireStock(row, quantity: quantity, barcode: request.barcode)
                let body = line(barcode: request.barcode, code: row.code, quantity: quantity)
                if let existing {
                    try YoufanUserObjectRepository.update(id: existing.id, state: existing.state, body: body, in: connection)
                } else {
                    _ = try YoufanUserObjectRepository.insert(YoufanCollection.cart.rawValue, userID: user,
                                                              target: request.barcode, state: "", body: body, in: connection)
                }
            }
        }
    }

    /// `Cart/ShoppingCartUpdate` — `ID` (cart line), `QTY` (at least 1, at most the stock).
    @Sendable static func setQuantity(_ context: YoufanContext) throws -> YoufanAnswer {
        let stored = try YoufanOperation.owned(.cart, id: context.arguments.text("ID"), context)
        let quantity = context.arguments.integer("QTY")
        guard quantity >= 1 else { throw YoufanFailure.notFound("QTY 必须大于 0") }
        let row = try stockRow(stored.target, context)
        try requireStock(row, quantity: quantity, barcode: stored.target)
        try context.store.objects.database.write { connection in
            try YoufanUserObjectRepository.update(id: stored.id, state: stored.state,
                                                   body: line(barcode: stored.target, code: row.code, quantity: quantity),
                                                   in: connection)
        }
        return .done
    }

    /// `Cart/updateProductFromCartV2` — `productAry` = `[{barcode, num, id}]`: line `id` now
    /// holds `num` of `barcode` (another colour or size of the same product).
    @Sendable static func replace(_ context: YoufanContext) throws -> YoufanAnswer {
        let rows = context.arguments.json("productAry").arrayValue ?? []
        guard !rows.isEmpty else { throw YoufanFailure.missing("productAry") }
        let changes = try rows.map { row in
            guard let id = YoufanCapture.identifier(row, "id"), let barcode = YoufanCapture.identifier(row, "barcode") else {
                throw YoufanFailure.missing("productAry[].id/barcode")
            }
            let stored = try YoufanOperation.owned(.cart, id: id, context)
            let quantity = max(1, row["num"].flatMap(quantity) ?? quantityOf(stored))
            let stock = try stockRow(barcode, context)
            try requireStock(stock, quantity: quantity, barcode: barcode)
            return (stored, line(barcode: barcode, code: stock.code, quantity: quantity))
        }
        try context.store.objects.database.write { connection in
            for (stored, body) in changes {
                try YoufanUserObjectRepository.update(id: stored.id, state: stored.state, body: body, in: connection)
            }
        }
        return .done
    }

    /// `Cart/ShoppingCartStaticFilter` — the bag badge: `results[0].count` is the number of
    /// pieces in the cart, `total` the number of lines (both integers).
    @Sendable static func badge(_ context: YoufanContext) throws -> YoufanAnswer {
        let lines = try context.store.objects.objects(YoufanCollection.cart.rawValue, userID: context.user(),
                                                      page: YoufanPage(index: 0, size: Int.max)).objects
        let pieces = lines.reduce(0) { $0 + quantityOf($1) }
        return YoufanAnswer(data: .array([.object([("count", .int(pieces))])]), total: lines.count)
    }

    /// `Order/checkStockForPay` — `cartList` = `[{barcode, num}]`: `isSuccess` 1 when every line
    /// is in stock, else `isSuccess` 0 and the first short barcode in `message`.
    @Sendable static func checkStock(_ context: YoufanContext) throws -> YoufanAnswer {
        for row in context.arguments.json("cartList").arrayValue ?? [] {
            guard let barcode = YoufanCapture.identifier(row, "barcode") else { throw YoufanFailure.missing("barcode") }
            try requireStock(try stockRow(barcode, context), quantity: row["num"].flatMap(quantity) ?? 1, barcode: barcode)
        }
        return .done
    }

    /// A `Cart/ShoppingCartFilter` row as MB `UI/View/Me/MyShoppingTrollyGoodsTableViewCell.m`
    /// reads it: `cartInfo`, `proudctList.productInfo` (sic) and `platFormInfo`.
    @Sendable static func row(_ context: YoufanContext, _ stored: YoufanUserObject) throws -> JSON {
        let stock = try context.store.products.stockRow(barcode: stored.target).map { try JSON.parse($0.item) } ?? .object([])
        let quantity = quantityOf(stored)
        let price = stock["salE_PRICE"] ?? 0
        let info = productInfo(stock, barcode: stored.target)
        return .object([
            ("cartInfo", .object([
                ("id", .string(String(stored.id))), ("qty", .int(quantity)), ("price", price),
                ("speC_ID", stock["speC_ID"] ?? ""), ("collocatioN_ID", ""), ("designerId", ""), ("designerName", ""),
                ("sharE_SELLER_ID", ""), ("barcode", .string(stored.target)), ("creatE_DATE", .string(stored.created)),
            ])),
            ("proudctList", .object([("productInfo", info)])),
            ("platFormInfo", .object([
                ("promotionId", ""), ("platPromId", ""), ("promName", ""), ("promGroupName", ""),
                ("proD_ID", stock["lM_PROD_CLS_ID"] ?? ""), ("qty", .int(quantity)), ("sale_Price", price),
                ("diS_Price", price), ("collocation_Id", ""), ("usE_COUPON_FLAG", ""), ("web_url", ""),
            ])),
        ])
    }

    // MARK: Lines and stock

    /// The stored body of a cart line.
    static func line(barcode: String, code: String, quantity: Int) -> [UInt8] {
        JSON.object([("barcode", .string(barcode)), ("code", .string(code)), ("qty", .int(quantity))]).encoded()
    }

    /// A stock row as `productInfo` of the cart's and the orders' lines (MB
    /// `MyShoppingTrollyGoodsTableViewCell.m`, `MyOrderTableView.m`).
    static func productInfo(_ stock: JSON, barcode: String) -> JSON {
        .object(["lM_PROD_CLS_ID", "coloR_ID", "coloR_NAME", "coloR_FILE_PATH", "speC_ID", "speC_NAME", "proD_NAME", "proD_NUM",
                 "proD_CLS_NUM", "price", "salE_PRICE", "lisT_QTY"].map { ($0, stock[$0] ?? "") }
                + [("barcode_sys_code", .string(barcode))])
    }

    /// The quantity a stored line holds.
    static func quantityOf(_ stored: YoufanUserObject) -> Int {
        (try? JSON.parse(stored.body))?["qty"]?.intValue ?? 1
    }

    /// A quantity the app sent as a number or as text.
    static func quantity(_ value: JSON) -> Int? {
        value.intValue ?? value.stringValue.map(PHPInteger.intval)
    }

    /// The catalogue's stock row of a barcode; unknown barcodes are a parameter error.
    static func stockRow(_ barcode: String, _ context: YoufanContext) throws -> (code: String, item: JSON) {
        guard let row = try context.store.products.stockRow(barcode: barcode) else {
            throw YoufanFailure.notFound("条码不存在: \(barcode)")
        }
        return (row.code, try YoufanOrders.lessHeld(try JSON.parse(row.item), barcode: barcode, context))
    }

    /// Refuses more pieces than the stock row lists, with MB's product-failure text
    /// (`"<id>;<text>"`, `MBCreateGoodsOrderViewController.m`).
    static func requireStock(_ row: (code: String, item: JSON), quantity: Int, barcode: String) throws {
        let available = row.item["lisT_QTY"]?.intValue ?? 0
        guard quantity <= available else {
            throw YoufanFailure(message: "\(barcode);库存不足, 仅剩 \(available) 件")
        }
    }
}
