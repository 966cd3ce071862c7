import Store
import Wire

/// The seeded promotions' 满减 over the caller's own cart lines (`Promotion/PlatFormDisAmount`,
/// `PlatFormVoucherAmount`). The app sends the chosen lines as `cartList` rows
/// `{barcode, num, cid, aid}` (MB `MyShoppingTrollyViewController.m`); the quantities and prices
/// counted are the stored cart's and the catalogue's, never the ones sent. A promotion covers the
/// lines of its brands; when they add up to its `condition` (yuan) it takes `dis_Amount` off,
/// shared out over its lines by value. Amounts are in fen.
///
/// Hand-written: it joins the cart, the catalogue's stock rows and the promotions.
struct YoufanPromotionDiscount {
    /// One cart line as counted.
    struct Line {
        let barcode: String
        let productCode: String
        let quantity: Int
        let unitPrice: Int
        let brandID: String
        var total: Int { unitPrice * quantity }
    }

    /// A promotion whose condition the lines meet, its lines and their shares of the discount.
    struct Applied {
        let promotion: JSON
        let lines: [Line]
        let shares: [Int]
        var discount: Int { shares.reduce(0, +) }
    }

    let lines: [Line]
    /// The promotions that cover at least one line, met or not.
    let covering: [JSON]
    let applied: [Applied]

    var price: Int { lines.reduce(0) { $0 + $1.total } }
    var discount: Int { applied.reduce(0) { $0 + $1.discount } }

    /// The caller's cart lines `cartList` names (every line when it names none), and the
    /// promotions they meet. A barcode not in the caller's cart is the app's failure.
    init(_ context: YoufanContext) throws {
        let user = try context.user()
        let cart = try context.store.objects.objects(YoufanCollection.cart.rawValue, userID: user,
                                                     page: YoufanPage(index: 0, size: Int.max)).objects
        let rows = context.arguments.json("cartList").arrayValue ?? []
        let chosen = try rows.isEmpty ? cart : rows.map { row in
            guard let barcode = YoufanCapture.identifier(row, "barcode") else { throw YoufanFailure.missing("cartList[].barcode") }
            guard let stored = cart.first(where: { $0.target == barcode }) else {
                throw YoufanFailure.notFound("条码 \(barcode) 不在购物车中")
            }
            return stored
        }
        let lines = try chosen.map { stored in
            guard let row = try context.store.products.stockRow(barcode: stored.target) else {
                throw YoufanFailure.notFound("条码不存在: \(stored.target)")
            }
            let item = try JSON.parse(row.item)
            return Line(barcode: stored.target, productCode: row.code, quantity: YoufanCart.quantityOf(stored),
                        unitPrice: Self.fen(item["salE_PRICE"]), brandID: YoufanCapture.identifier(item, "branD_ID") ?? "")
        }
        self.lines = lines
        var covering: [JSON] = []
        var applied: [Applied] = []
        for promotion in try YoufanPromotions.seeded(context.store) {
            let brands = Set((promotion["brandLst"]?.arrayValue ?? []).compactMap { YoufanCapture.identifier($0, "id") })
            let covered = lines.filter { brands.contains($0.brandID) }
            guard !covered.isEmpty else { continue }
            covering.append(promotion)
            let total = covered.reduce(0) { $0 + $1.total }
            let amount = min(Self.fen(promotion["dis_Amount"]), total)
            guard total >= Self.fen(promotion["condition"]), amount > 0 else { continue }
            applied.append(Applied(promotion: promotion, lines: covered, shares: Self.shares(of: amount, over: covered.map(\.total))))
        }
        self.covering = covering
        self.applied = applied
    }

    /// `results[0]` of `PlatFormDisAmount`: the first met promotion's rule (`PlatFormBasicInfo`)
    /// with the totals and each discounted line (`OrderActivityProductListModel`); nil when no
    /// promotion is met (the app then shows the lines without one).
    func basicInfo() -> JSON? {
        guard let first = applied.first, case let .object(rule) = YoufanPromotions.rule(first.promotion) else { return nil }
        let products = applied.flatMap(Self.rows)
        let totals: [(key: String, value: JSON)] = [
            ("price", .string(Self.yuan(price))), ("dec_price", .string(Self.yuan(discount))),
            ("totalPrice", .string(Self.yuan(price - discount))), ("activityName", first.promotion["name"] ?? ""),
            ("productList", .array(products)),
        ]
        return .object(rule.filter { member in !totals.contains { $0.key == member.key } } + totals)
    }

    /// The discounted lines of one met promotion (`OrderActivityProductListModel`).
    private static func rows(_ applied: Applied) -> [JSON] {
        let id = JSON.string(YoufanCapture.identifier(applied.promotion, "id") ?? "")
        let name = applied.promotion["name"] ?? ""
        let link = applied.promotion["web_url"] ?? ""
        return zip(applied.lines, applied.shares).map { line, share in
            let members: [(key: String, value: JSON)] = [
                ("aid", id), ("activity_name", name), ("activity_info", name),
                ("activity_dec_price", .string(yuan(share))), ("dec_price", .string(yuan(share))),
                ("barcode_sys_code", .string(line.barcode)), ("product_sys_code", .string(line.productCode)),
                ("num", .string(String(line.quantity))), ("spec_price", .string(yuan(line.unitPrice))),
                ("total_price", .string(yuan(line.total))), ("use_activity", "1"), ("cid", ""), ("web_url", link),
            ]
            return JSON.object(members)
        }
    }

    /// Yuan with two decimals, as the app shows prices (`"30.00"`).
    static func yuan(_ fen: Int) -> String {
        let cents = abs(fen) % 100
        return "\(fen < 0 ? "-" : "")\(abs(fen) / 100).\(cents < 10 ? "0" : "")\(cents)"
    }

    /// A price (number or text, in yuan) in fen.
    static func fen(_ value: JSON?) -> Int {
        guard let value else { return 0 }
        let yuan = value.doubleValue ?? value.stringValue.flatMap(Double.init) ?? 0
        return Int((yuan * 100).rounded())
    }

    /// `amount` shared over `totals` by value; the last line takes what rounding leaves.
    private static func shares(of amount: Int, over totals: [Int]) -> [Int] {
        let sum = totals.reduce(0, +)
        guard sum > 0 else { return totals.map { _ in 0 } }
        var shares = totals.dropLast().map { amount * $0 / sum }
        shares.append(amount - shares.reduce(0, +))
        return shares
    }
}

extension YoufanPromotionDiscount {
    /// `Promotion/PlatFormDisAmount` — `results` = `[PlatFormBasicInfo]` (see `basicInfo`), or none.
    @Sendable static func amount(_ context: YoufanContext) throws -> YoufanAnswer {
        let info = try YoufanPromotionDiscount(context).basicInfo()
        return .list(info.map { [$0] } ?? [], total: info == nil ? 0 : 1)
    }

    /// `Promotion/getDetailActivity` — `results` = `[ActivityOrderModel]` (MB
    /// `SMBCouponActivityVC.m` reads the activities, not the `calcInfo` its commented-out code
    /// did): the promotions covering the lines, each with `can_use` "1" when its condition is met.
    @Sendable static func activities(_ context: YoufanContext) throws -> YoufanAnswer {
        let counted = try YoufanPromotionDiscount(context)
        let met = Set(counted.applied.compactMap { YoufanCapture.identifier($0.promotion, "id") })
        let rows = counted.covering.map { promotion -> JSON in
            guard case let .object(members) = YoufanPromotions.activity(promotion) else { return .object([]) }
            let usable = YoufanCapture.identifier(promotion, "id").map(met.contains) ?? false
            return .object(members + [("trigger_type", "1"), ("can_use", usable ? "1" : "0")])
        }
        return .list(rows, total: rows.count)
    }

    /// `Promotion/PlatFormVoucherAmount` — `results[0]{price, dec_price, trans_price}`: what the
    /// lines cost after their promotions plus shipping, the discount, and the shipping (free from
    /// the `Order/FeeCheck` threshold, else the `Default_fee` parameter). The seeds give vouchers no
    /// value, so `voucher` takes nothing off.
    @Sendable static func voucherAmount(_ context: YoufanContext) throws -> YoufanAnswer {
        let counted = try YoufanPromotionDiscount(context)
        let goods = counted.price - counted.discount
        let threshold = try setting(YoufanSetting.freeShipping, key: "", member: "value", context)
        let shipping = goods >= threshold ? 0 : try setting(YoufanSetting.parameters, key: "Default_fee", member: "paraM_VALUE", context)
        return .list([.object([("price", .string(yuan(goods + shipping))), ("dec_price", .string(yuan(counted.discount))),
                               ("trans_price", .string(yuan(shipping)))])], total: 1)
    }

    /// A seeded setting's amount in fen; the app's failure when it was not seeded.
    private static func setting(_ setting: YoufanSetting, key: String, member: String, _ context: YoufanContext) throws -> Int {
        guard let body = try context.store.capturedPages.page(action: setting.page, key: key),
              let first = try JSON.parse(body).arrayValue?.first
        else { throw YoufanFailure.notFound("\(setting.page) \(key) 未配置") }
        return fen(first[member])
    }
}
