import Store
import Wire

/// The choices of the official app's product filter and search screens (MB
/// `Unico/SItemDetial/SItemFilterViewController.m`, `Unico/SSearch/SSearchViewController.m`).
/// Hand-written: each answer is a fixed table or a summary of the catalogue (its colours, its
/// brands), not a page of stored objects.
enum YoufanFilterChoices {
    /// The swatch of each colour the seeded stock rows name (`FilterColorCategoryModel.coloR_VALUE`,
    /// hex without `#`, which the app adds for values shorter than seven characters).
    static let swatches: [String: String] = [
        "黑色": "000000", "白色": "FFFFFF", "藏青": "1F2A44", "卡其": "C3B091", "军绿": "4B5320", "浅灰": "C8C8C8",
        "粉色": "F4B6C2", "杏色": "F5DEB3", "牛仔蓝": "5D7CA6", "雾霾蓝": "8EA4B8", "酒红": "7B1E2B", "燕麦色": "DCCFB4",
        "原木色": "C8A37A", "墨绿": "1E3B2F", "陶土红": "B5573B", "天青": "7FB2C9",
    ]

    /// The price bands of the filter (`FilterPirceRangeModel`: numbers `id`, `code`,
    /// `min_Price`, `max_Price`; text `name`), in yuan; the last band has no upper bound (0).
    static let priceBands: [(minimum: Int, maximum: Int)] = [(0, 99), (100, 199), (200, 299), (300, 499), (500, 999), (1000, 0)]

    /// How many hot keywords the search screen shows.
    static let hotKeywordCount = 10

    /// `Product/BaseColorFilter` — every colour of the catalogue's stock, by colour id.
    @Sendable static func colours(_ context: YoufanContext) throws -> YoufanAnswer {
        let rows = try colourRows(context.store.products.colours())
        return .list(rows, total: rows.count)
    }

    /// Stored colours `{coloR_ID, coloR_NAME}` as `FilterColorCategoryModel` rows, with a
    /// colour's picture as `series_img` when it has one (`Search/getSearchKey`'s colour picker).
    static func colourRows(_ colours: YoufanList) throws -> [JSON] {
        (try JSON.parse(colours.json).arrayValue ?? []).enumerated().map { index, colour -> JSON in
            let id = colour["coloR_ID"]?.stringValue ?? ""
            let name = colour["coloR_NAME"]?.stringValue ?? ""
            let picture = colour["coloR_FILE_PATH"].map { [(key: "series_img", value: $0)] } ?? []
            return .object([("id", .int(index + 1)), ("coloR_CODE", .int(PHPInteger.intval(id))),
                            ("coloR_VALUE", .string(swatches[name] ?? "")), ("coloR_NAME", .string(name))] + picture)
        }
    }

    /// `Product/BasePriceFilter` — the price bands, cheapest first.
    @Sendable static func prices(_ context: YoufanContext) throws -> YoufanAnswer {
        let rows = priceBands.enumerated().map { index, band -> JSON in
            let name = band.maximum == 0 ? "\(band.minimum)元以上" : "\(band.minimum)-\(band.maximum)元"
            return .object([("id", .int(index + 1)), ("code", .int(index + 1)), ("name", .string(name)),
                            ("min_Price", .int(band.minimum)), ("max_Price", .int(band.maximum))])
        }
        return .list(rows, total: rows.count)
    }

    /// `Product/PromotionClsCodeFilter` — the seeded promotions whose products include `code`,
    /// as the product page's `SProductDetailActivityModel` reads them: every member a string
    /// (`NSString` properties), `url` the picture the activity button loads, and `json` the id
    /// the page puts in the cart line's `aid` when `type` is "1" (`MBGoodsDetailsViewController.m`;
    /// "-1" would mean none). No promotion is the empty list.
    @Sendable static func promotions(_ context: YoufanContext) throws -> YoufanAnswer {
        let code = context.arguments.text("code")
        let rows = try YoufanPromotions.seeded(context.store).filter { promotion in
            (promotion["productList"]?.arrayValue ?? []).contains { YoufanCapture.identifier($0, "product_sys_code") == code }
        }.map { promotion -> JSON in
            let aid = YoufanCapture.identifier(promotion, "id") ?? ""
            let text = { (key: String) in JSON.string(YoufanCapture.identifier(promotion, key) ?? "") }
            return .object([
                ("aid", .string(aid)), ("type", text("type")), ("name", text("name")), ("url", text("img")),
                ("tag_img", text("tag_img")), ("web_url", text("web_url")), ("json", .string(aid)),
            ])
        }
        return .list(rows, total: rows.count)
    }

    /// `Search/getKeyWord` — the hot keywords of a search tab as `[{keyword}]`: the first
    /// brands' names for the product (`type` 2) and brand (`type` 4) tabs, which the product
    /// and brand searches match; no hot keywords for the other tabs.
    @Sendable static func hotKeywords(_ context: YoufanContext) throws -> YoufanAnswer {
        guard ["2", "4"].contains(context.arguments.text("type")) else { return .list([], total: 0) }
        let codes = try context.store.brands.codes(keyword: nil, page: YoufanPage(index: 0, size: hotKeywordCount)).codes
        let rows = try YoufanCatalogueRows.brands(codes, .cell, context).compactMap { row -> JSON? in
            guard let name = row["brand"]?.stringValue, !name.isEmpty else { return nil }
            return .object([("keyword", .string(name))])
        }
        return .list(rows, total: rows.count)
    }
}
