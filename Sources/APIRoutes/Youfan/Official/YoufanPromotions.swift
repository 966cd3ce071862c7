import Store
import Wire

/// The official app's platform promotions (WIRE.md §3.2 Promotion, Activity): the seeded
/// `PlatFormBasicInfoFilter` list (`seeds/youfan/promotions.py`, kept as a setting) read by the
/// activity list, the discount screen, its brand tabs and the product lists.
///
/// Hand-written: the promotions are one captured list, not a collection or catalogue table a
/// generic operation pages, and each screen reads another slice of a promotion.
enum YoufanPromotions {
    /// The members a promotion's list answers leave out: the mock's links to the catalogue.
    private static let links: Set<String> = ["brandLst", "productList", "vouchersList"]
    /// `SActivityListModel` / `SMBNewActivityListModel` (MB `Unico/SActivity/SActivityListModel.h`).
    private static let activityKeys = ["id", "name", "img", "tag_img", "type", "json", "web_url", "start_time", "end_time"]

    /// `Promotion/getNormalActivtyList` (GET) — `pageIndex` from 1, `pageSize` 10: the activities.
    @Sendable static func activities(_ context: YoufanContext) throws -> YoufanAnswer {
        let all = try seeded(context.store)
        let page = YoufanPagingRule(index: "pageIndex", base: 1, sizes: ["pageSize"], size: 10).page(context.arguments.query)
        return .list(all.window(page).map(activity), total: all.count)
    }

    /// `Activity/getActivityList` — `page` from 0: the same activities in the PHP envelope.
    @Sendable static func activityList(_ context: YoufanContext) throws -> YoufanAnswer {
        let all = try seeded(context.store)
        return .list(all.window(YoufanPagingRule.php.page(context.arguments.query)).map(activity), total: all.count)
    }

    /// `Promotion/PlatFormBasicInfoFilter` — `ids` (one id, a comma list or a JSON array): the
    /// promotions' rules (`PlatFormBasicInfo`); an id that names none is the app's failure.
    @Sendable static func rules(_ context: YoufanContext) throws -> YoufanAnswer {
        let ids = context.arguments.text("ids").split { ",[]\" ".contains($0) }.map(String.init)
        guard !ids.isEmpty else { throw YoufanFailure.missing("ids") }
        let found = try ids.map { try named($0, context.store) }
        return .list(found.map(rule), total: found.count)
    }

    /// `Promotion/PlatFormRangeDetail` — `id`: `[{id, name, brandLst:[{id, branD_CODE, branD_NAME, logO_URL}]}]`.
    @Sendable static func range(_ context: YoufanContext) throws -> YoufanAnswer {
        let promotion = try named(context.arguments.text("id"), context.store)
        return .list([.object([("id", promotion["id"] ?? ""), ("name", promotion["name"] ?? ""),
                               ("brandLst", promotion["brandLst"] ?? .array([]))])], total: 1)
    }

    /// `Promotion/getProductActivtyList` — `aid`, `page` from 0, `num` 40: `results[0]` is the
    /// activity with a page of its products (`SActivityProductListModel`) as `productList`.
    @Sendable static func products(_ context: YoufanContext) throws -> YoufanAnswer {
        let promotion = try named(context.arguments.text("aid"), context.store)
        let all = promotion["productList"]?.arrayValue ?? []
        let page = YoufanPagingRule(index: "page", base: 0, sizes: ["num"], size: 40).page(context.arguments.query)
        guard case let .object(members) = rule(promotion) else { return .list([], total: 0) }
        return .list([.object(members + [("productList", .array(all.window(page)))])], total: all.count)
    }

    /// `Promotion/PromotionCollocationProductFilter` (GET) — `id`, `pageIndex` from 1, `pageSize`
    /// 14: the promotion's products. The app's success block is empty, so the shape is the
    /// discount screen's product rows.
    @Sendable static func collocationProducts(_ context: YoufanContext) throws -> YoufanAnswer {
        let all = try named(context.arguments.text("id"), context.store)["productList"]?.arrayValue ?? []
        let page = YoufanPagingRule(index: "pageIndex", base: 1, sizes: ["pageSize"], size: 14).page(context.arguments.query)
        return .list(all.window(page), total: all.count)
    }

    /// `Promotion/getVouchersActivtyList` — `aid`, `page` from 1, `num` 20: `results[0]` is the
    /// activity with its 范票 as `vouchersList` (`SActivityVouchersListModel`), counted from the
    /// takes kept here (`Vouchers/receiveVouchersForCheck`): `right_num` taken, `left_num` left,
    /// and for the viewer `part_num` taken and `isGet` (true while they can still take it, as
    /// MB `SActivityReceiveViewController.m` sets it false after a take).
    @Sendable static func vouchers(_ context: YoufanContext) throws -> YoufanAnswer {
        let aid = context.arguments.text("aid")
        let promotion = try named(aid, context.store)
        let viewer = try context.viewer()
        let all = promotion["vouchersList"]?.arrayValue ?? []
        let page = YoufanPagingRule(index: "page", base: 1, sizes: ["num"], size: 20).page(context.arguments.query)
        let rows = try all.window(page).map { voucher in
            let target = "\(aid):\(YoufanCapture.identifier(voucher, "vouchers") ?? "")"
            let taken = try context.store.objects.count(YoufanCollection.voucher.rawValue, target: target)
            let mine = try viewer.map {
                try context.store.objects.objects(YoufanCollection.voucher.rawValue, userID: $0, target: target,
                                                  page: YoufanPage(index: 0, size: 1)).total
            } ?? 0
            let left = max(0, (voucher["total_num"]?.intValue ?? 0) - taken)
            return JSON.object((voucher.objectValue ?? []) + [
                ("right_num", .int(Int64(taken))), ("left_num", .int(Int64(left))), ("part_num", .int(Int64(mine))),
                ("isGet", .bool(mine == 0 && left > 0)), ("isEndActivity", 0),
            ])
        }
        guard case let .object(members) = rule(promotion) else { return .list([], total: 0) }
        return .list([.object(members + [("vouchersList", .array(rows))])], total: all.count)
    }

    /// Every seeded promotion, in order.
    static func seeded(_ store: YoufanStore) throws -> [JSON] {
        let setting = YoufanSetting.promotions
        guard let body = try store.capturedPages.page(action: setting.page, key: "") else { return [] }
        return try JSON.parse(body).arrayValue ?? []
    }

    /// The promotion `id` names; the app's failure when none does.
    static func named(_ id: String, _ store: YoufanStore) throws -> JSON {
        guard !id.isEmpty else { throw YoufanFailure.missing("id") }
        guard let found = try seeded(store).first(where: { YoufanCapture.identifier($0, "id") == id }) else {
            throw YoufanFailure.notFound("活动 \(id) 不存在")
        }
        return found
    }

    /// A promotion's rule members (`PlatFormBasicInfo`), without the catalogue links.
    static func rule(_ promotion: JSON) -> JSON {
        .object((promotion.objectValue ?? []).filter { !links.contains($0.key) })
    }

    /// A promotion as the activity lists show it (`SActivityListModel`, `ActivityOrderModel`).
    static func activity(_ promotion: JSON) -> JSON {
        .object(activityKeys.map { key in
            key == "id" ? (key, .string(YoufanCapture.identifier(promotion, "id") ?? "")) : (key, promotion[key] ?? "")
        })
    }

}
