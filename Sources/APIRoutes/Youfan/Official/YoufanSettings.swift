import Store
import Wire

/// Settings the official app reads from the shop and never changes (WIRE.md §1.7, §3.2): the
/// `Order/BSParamFilter` parameters, the `Order/FeeCheck` free-shipping threshold, the
/// `Order/RegionFilter` region tree, the `User/getSysUserBackImg` pictures, the platform
/// promotions, the return reasons (`Order/getOrderReturnReasonList`) and the couriers
/// (`Order/ExpressFilter`). They come from
/// captures (the bundled `seeds/youfan/settings.json`, or a real capture imported later), kept
/// whole per action and key parameter, and are answered as captured.
struct YoufanSetting: Sendable {
    let module: String
    let action: String
    /// The parameter whose value tells the captured answers apart (`code`), nil for one answer.
    let key: String?

    static let parameters = YoufanSetting(module: "Order", action: "BSParamFilter", key: "code")
    static let freeShipping = YoufanSetting(module: "Order", action: "FeeCheck", key: nil)
    static let regions = YoufanSetting(module: "Order", action: "RegionFilter", key: "type")
    static let backgrounds = YoufanSetting(module: "User", action: "getSysUserBackImg", key: nil)
    /// Every platform promotion, as `PlatFormBasicInfoFilter` lists them (`YoufanPromotions`).
    static let promotions = YoufanSetting(module: "Promotion", action: "PlatFormBasicInfoFilter", key: nil)
    /// The reasons the return form offers, per `type` (1 refund, 2 return of goods).
    static let returnReasons = YoufanSetting(module: "Order", action: "getOrderReturnReasonList", key: "type")
    /// The couriers the return parcel form offers.
    static let couriers = YoufanSetting(module: "Order", action: "ExpressFilter", key: nil)
    static let all = [parameters, freeShipping, regions, backgrounds, promotions, returnReasons, couriers]

    /// The setting an action reads, matched case-insensitively as ThinkPHP routes; nil for others.
    static func named(module: String, action: String) -> YoufanSetting? {
        all.first { $0.module.lowercased() == module.lowercased() && $0.action.lowercased() == action.lowercased() }
    }

    /// The name its captured answers are kept under.
    var page: String { "\(module)/\(action)" }

    /// The answers are told apart by the key parameter's value; empty when there is one answer.
    func key(_ query: YoufanQuery) -> String {
        key.flatMap { query.optional($0) } ?? ""
    }

    /// Answers the captured list for the key sent; a key nothing was captured for is the app's
    /// failure (the app indexes `results[0]`, so an empty success would crash it).
    var read: YoufanCustomRun {
        let setting = self
        return { context in
            let key = setting.key(context.arguments.query)
            guard let body = try context.store.capturedPages.page(action: setting.page, key: key),
                  let items = try JSON.parse(body).arrayValue
            else { throw YoufanFailure.notFound("\(setting.key ?? setting.action)=\(key) 未配置") }
            return .list(items, total: items.count)
        }
    }
}

extension YoufanCapture {
    /// A captured answer of a setting (`YoufanSetting`), kept for its key; false for other actions.
    func setting(module: String, action: String) throws -> Bool {
        guard let setting = YoufanSetting.named(module: module, action: action) else { return false }
        return try capturedPage(setting.page, key: setting.key(query))
    }
}
