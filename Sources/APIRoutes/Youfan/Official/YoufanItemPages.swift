import Store
import Wire

/// The official app's product pages of the earlier catalogue (`Item`, WIRE.md §3.2) and its
/// fashion feed. Hand-written: each answer joins several tables into one object (a product with
/// the outfits wearing it, a header with the viewer's favourite and the product's tags).
enum YoufanItemPages {
    /// How many outfits `Item/getItemDetails` shows under a product.
    static let outfitsShown = 10

    /// `Item/getItemDetails` — `{middle:[CollocationCard wearing tid], banner:{"1007":[]}}`
    /// (MB `Unico/SItemDetial/SItemDetailViewController.m`, `SitemRelevantCollocationModel`),
    /// with the viewer's `is_love`; an unknown product is the app's parameter error.
    @Sendable static func details(_ context: YoufanContext) throws -> YoufanAnswer {
        let code = context.arguments.text("tid")
        guard try context.store.products.exists(code: code) else { throw YoufanActions.unknownProduct(code) }
        let worn = try context.store.collocations.collocations(.wearing(code), page: YoufanPage(index: 0, size: outfitsShown))
        let middle = try worn.items.map { try YoufanCollocationCards.card($0, context) }
        return YoufanAnswer(data: .object([("middle", .array(middle)), ("banner", .object([("1007", .array([]))]))]))
    }

    /// `Item/getItemDetailsV2` — the product header of `Product/ProductClsFilter` (WIRE.md
    /// §2.13: `clsInfo, commonCountTotal, clsPicUrl, colorList, specList, stockList, activity`)
    /// with the viewer's `isFavorite` and the product's `tag` (its `prodClsTag`, MB
    /// `Unico/SProductDetail/SProductDetailModel.m`).
    @Sendable static func detailsV2(_ context: YoufanContext) throws -> YoufanAnswer {
        let code = context.arguments.text("tid")
        let header = try YoufanActions.productHeader(code: code, store: context.store)
        let favourite = try context.viewer().map {
            try context.store.marks.isMarked(YoufanMark.favourite.rawValue, userID: $0, target: code)
        } ?? false
        let tags = try context.store.products.searchRow(code: code).flatMap { try JSON.parse($0)["prodClsTag"] } ?? .array([])
        let data = YoufanViewerMarks.setting("tag", to: tags, in: YoufanViewerMarks.setting("isFavorite", to: .bool(favourite), in: header))
        return YoufanAnswer(data: data, total: 1)
    }

    /// `Fashion/getAllFashionList` — the inspiration articles, newest first, as
    /// `{id, img, img_width, img_height, name, info, url}` (MB
    /// `Unico/SDiscovery/SFashionInfomationViewController.m`, `SFashionViewCell.m`): `name` the
    /// title, `info` its keywords.
    @Sendable static func fashion(_ context: YoufanContext) throws -> YoufanAnswer {
        let listing = try context.store.specials.listing(tabID: nil, page: YoufanPagingRule.php.page(context.arguments.query))
        let rows = (try JSON.parse(listing.specials.json).arrayValue ?? []).map { special -> JSON in
            let keywords = (special["keywords_list"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
            return .object([
                ("id", special["id"] ?? ""), ("img", special["img"] ?? ""), ("img_width", "640"), ("img_height", "400"),
                ("name", special["title"] ?? ""), ("info", .string(keywords.joined(separator: " "))), ("url", special["url"] ?? ""),
            ])
        }
        return .list(rows, total: listing.total)
    }
}
