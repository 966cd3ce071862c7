import Store
import Wire

/// The 范票 a user holds (WIRE.md §3.3 vouchers): taken from an activity
/// (`Vouchers/receiveVouchersForCheck`, MB `Unico/SActivity/SActivityReceiveViewController.m`) or
/// seeded for the demo account (`YoufanCapture.vouchers`), listed in "我的范票" and in the
/// checkout's picker (MB `UI/ViewController/Me/MyShoppingTrolly/SMBRedPacketViewController.m`),
/// and used by the order that names it (`Order/OrderCreate`'s `vouchersId`). A voucher is stored
/// about `<activity id>:<voucher code>`; its name, condition and dates are its activity's
/// `vouchersList` row. It has no face value: no live code of the app reads one (the amount label
/// of `MyRedPackTableViewCell.m` and every `coupoN_AMOUNT` are commented out), so the mock keeps none.
enum YoufanVouchers {
    /// A voucher taken and not yet used: stored without a state.
    static let unused = ""
    /// A voucher an order used; its body names the order.
    static let used = "used"
    /// How both voucher lists page: `pageIndex` from 1, `pageSize` 14, as the app sends them.
    static let paging = YoufanPagingRule(index: "pageIndex", base: 1, sizes: ["pageSize"], size: 14)

    /// `aid`, `vouchers` (the voucher's id). A second take is the app's failure `已领取`.
    @Sendable static func receive(_ context: YoufanContext) throws -> YoufanAnswer {
        let user = try context.user()
        let target = "\(context.arguments.text("aid")):\(context.arguments.text("vouchers"))"
        try context.store.objects.database.write { connection in
            guard try YoufanUserObjectRepository.object(YoufanCollection.voucher.rawValue, userID: user, target: target,
                                                        in: connection) == nil
            else { throw YoufanFailure(message: "已领取") }
            _ = try YoufanUserObjectRepository.insert(YoufanCollection.voucher.rawValue, userID: user, target: target,
                                                      state: unused, body: Array("{}".utf8), in: connection)
        }
        return YoufanAnswer(data: .array([]), message: "领取成功")
    }

    /// `Vouchers/MyselfCouponFilter` — `pageIndex`, `pageSize`: the caller's vouchers, used ones
    /// too, newest first. Hand-written: a page is joined with the seeded activities once.
    @Sendable static func mine(_ context: YoufanContext) throws -> YoufanAnswer {
        let found = try context.store.objects.objects(YoufanCollection.voucher.rawValue, userID: context.user(),
                                                      page: paging.page(context.arguments.query))
        return .list(try rows(found.objects, context), total: found.total)
    }

    /// `Vouchers/getUserCanUseVochersList` (POST) — `cartList` (the checkout's lines
    /// `[{collocation_id, barcode, aid, num}]`, lines of the caller's cart), `pageIndex`,
    /// `pageSize`: the caller's unused vouchers of the activities that cover those lines (a
    /// seeded activity covers its brands). Hand-written: it joins the cart, the catalogue and the
    /// activities (`YoufanPromotionDiscount`).
    @Sendable static func usable(_ context: YoufanContext) throws -> YoufanAnswer {
        let covering = Set(try YoufanPromotionDiscount(context).covering.compactMap { YoufanCapture.identifier($0, "id") })
        let held = try context.store.objects.objects(YoufanCollection.voucher.rawValue, userID: context.user(), states: [unused],
                                                     page: YoufanPage(index: 0, size: Int.max)).objects
        let usable = held.filter { covering.contains(activity(of: $0)) }
        return .list(try rows(usable.window(paging.page(context.arguments.query)), context), total: usable.count)
    }

    /// Vouchers as `MyRedPacketModel` and `OrderRedPacketModel` read them. The cell
    /// (`MyRedPackTableViewCell.m`) shows `info`, `name`, the dates of `start_time` and
    /// `end_time`, and icons for `use_rule` (`BRAND`: the seeded activities cover brands) and
    /// `status` (1 to use, 3 used); the checkout sends `id` back as `vouchersId` and `vouchers`
    /// as `voucher`. `aid`, the activity, is ignored by the app; it lets a captured list be
    /// imported back.
    static func rows(_ vouchers: [YoufanUserObject], _ context: YoufanContext) throws -> [JSON] {
        let activities = try YoufanPromotions.seeded(context.store)
        return vouchers.map { voucher in
            let aid = activity(of: voucher)
            let code = String(voucher.target.dropFirst(aid.count + 1))
            let promotion = activities.first { YoufanCapture.identifier($0, "id") == aid }
            let offer = promotion?["vouchersList"]?.arrayValue?.first { YoufanCapture.identifier($0, "vouchers") == code }
            return .object([
                ("id", .string(String(voucher.id))), ("aid", .string(aid)), ("vouchers", .string(code)),
                ("name", offer?["name"] ?? ""), ("info", offer?["info"] ?? ""),
                ("start_time", offer?["use_start_time"] ?? ""), ("end_time", offer?["use_end_time"] ?? ""),
                ("trigger_type", offer?["trigger_type"] ?? ""), ("use_rule", promotion?["promotioN_RANGE"] ?? "ALL"),
                ("status", voucher.state == used ? 3 : 1), ("create_time", .string(voucher.created)),
            ])
        }
    }

    /// The activity a voucher was taken from.
    static func activity(of voucher: YoufanUserObject) -> String {
        voucher.target.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
    }

    /// Marks the caller's unused voucher `id` used by `order`, inside the order's write: another
    /// user's, a used or an unknown voucher refuses the whole order.
    static func use(_ id: String, by user: String, order: Int64, in connection: Connection) throws {
        guard let number = Int64(id),
              let voucher = try YoufanUserObjectRepository.object(YoufanCollection.voucher.rawValue, id: number, in: connection),
              voucher.userID == user, voucher.state == unused
        else { throw YoufanFailure(message: "范票不可用: \(id)") }
        try YoufanUserObjectRepository.update(id: number, state: used, body: JSON.object([("orderno", .string(String(order)))]).encoded(),
                                               in: connection)
    }

    /// Makes voucher `id`, used by `order`, unused again, inside the cancelling write of that
    /// order; a voucher used by another order is left alone.
    static func giveBack(_ id: String, from order: Int64, in connection: Connection) throws {
        guard let number = Int64(id),
              let voucher = try YoufanUserObjectRepository.object(YoufanCollection.voucher.rawValue, id: number, in: connection),
              voucher.state == used, try JSON.parse(voucher.body)["orderno"]?.stringValue == String(order)
        else { return }
        try YoufanUserObjectRepository.update(id: number, state: unused, body: Array("{}".utf8), in: connection)
    }
}
