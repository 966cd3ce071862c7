import Store
import Wire

/// The SOA generation's collocation detail screen (MB `MBController/MBCollocationDetails/
/// MBCollocationDetailsController.m`). Hand-written: each answer joins the card, its worn
/// products (with their headers) and the viewer's like of it and follow of its author.
///
/// The screen's ♥ stores a favourite collocation (`Order/FavoriteCreate`, `SOURCE_TYPE` 2) and
/// reads its state back from this answer's `isFavorite` and `collocationInfo.favoriteCount`; the
/// later screens' ♥ is `Collocation/likeCollocation`. Both are shown here, so the button reopens
/// as the user left it whichever generation of the app set it.
enum YoufanCollocationBasicInfo {
    /// `Collocation/WxCollocationBasicInfoFilter` — `results[0]` = `MBCollocationDetailModel`
    /// `{collocationInfo, detailList, isConcerned, isFavorite, tagMapping, customTagColMapping,
    /// userPublicEntity}`.
    @Sendable static func detail(_ context: YoufanContext) throws -> YoufanAnswer {
        let id = context.arguments.text("ids")
        guard let stored = try context.store.collocations.collocation(id: id) else {
            throw YoufanFailure.notFound("ids=\(id) 不存在")
        }
        let card = try JSON.parse(stored)
        let author = card["user_id"]?.stringValue ?? ""
        let viewer = try context.viewer() ?? context.arguments.nonEmpty("LoginUserId")
        let marks = context.store.marks
        let liked = try viewer.map { try marks.isMarked(YoufanMark.collocationLike.rawValue, userID: $0, target: id) } ?? false
        let favourited = try viewer.map { try marks.isMarked(YoufanMark.collocationFavourite.rawValue, userID: $0, target: id) } ?? false
        let info = try YoufanCatalogueRows.collocationInfo(stored, context)
        let hearts = (info["favoriteCount"]?.intValue ?? 0) + (try marks.count(YoufanMark.collocationFavourite.rawValue, target: id))
        let followed = try viewer.map { try marks.isMarked(YoufanMark.follow.rawValue, userID: $0, target: author) } ?? false
        let products = (card["product_list"]?.arrayValue ?? []).map { worn($0, collocation: id) }
        let answer = JSON.object([
            ("collocationInfo", YoufanViewerMarks.setting("favoriteCount", to: .int(Int64(hearts)), in: info)),
            ("detailList", .array(products)),
            ("isConcerned", .int(followed ? 1 : 0)), ("isFavorite", .int(liked || favourited ? 1 : 0)),
            ("tagMapping", .array(tagMapping(card, collocation: id))), ("customTagColMapping", .array([])),
            ("userPublicEntity", .object([("id", .string(author)), ("nickName", card["nick_name"] ?? ""),
                                          ("userName", card["nick_name"] ?? ""), ("headPortrait", card["head_img"] ?? ""),
                                          ("userLevel", 1), ("gender", 0)])),
        ])
        return .list([answer], total: 1)
    }

    /// The card's tags (`tag_list`, JSON text as captured, or an array) as
    /// `MBCollocationTagMappingModel` `{showTagName, showTagId, sourceId}` (numbers for the ids):
    /// the tag buttons of the detail header, which open the tag by `showTagId`.
    private static func tagMapping(_ card: JSON, collocation id: String) -> [JSON] {
        let stored = card["tag_list"]
        let tags = stored?.arrayValue ?? stored?.stringValue.flatMap { try? JSON.parse($0) }?.arrayValue ?? []
        return tags.compactMap { tag in
            guard let name = tag["text"]?.stringValue, !name.isEmpty else { return nil }
            let tagID = tag["attributes"].flatMap { YoufanCapture.identifier($0, "id") }.flatMap { Int64($0) } ?? 0
            return .object([("showTagName", .string(name)), ("showTagId", .int(tagID)), ("sourceId", .int(Int64(id) ?? 0))])
        }
    }

    /// `Collocation/CollocationDetailFilter` — `results` = `[MBGoodsDetailListModel]`, one per
    /// worn product the catalogue has: `{detailInfo: the product in the collocation,
    /// proudctList: its ProductClsFilter header}` (the app's spelling).
    @Sendable static func products(_ context: YoufanContext) throws -> YoufanAnswer {
        let store = context.store
        let id = context.arguments.text("collocationId")
        guard let stored = try store.collocations.collocation(id: id) else {
            throw YoufanFailure.notFound("collocationId=\(id) 不存在")
        }
        let rows = try (JSON.parse(stored)["product_list"]?.arrayValue ?? []).compactMap { product -> JSON? in
            guard let code = product["product_sys_code"]?.stringValue, try store.products.exists(code: code) else { return nil }
            return .object([("detailInfo", worn(product, collocation: id)),
                            ("proudctList", try YoufanActions.productHeader(code: code, store: store))])
        }
        return .list(rows, total: rows.count)
    }

    /// A worn product as `MBCollocationDetailListModel` and `MBGoodsDetailInfomationModel` hold
    /// it (numbers for ids, codes and the price).
    private static func worn(_ product: JSON, collocation id: String) -> JSON {
        let code = product["product_sys_code"]?.stringValue ?? ""
        return .object([
            ("collocationId", .int(Int64(id) ?? 0)), ("id", .int(Int64(code) ?? 0)), ("productClsId", .int(Int64(code) ?? 0)),
            ("productCode", .int(Int64(code) ?? 0)), ("sourceType", 1),
            ("productPrice", .number(product["price"]?.stringValue.flatMap(Double.init) ?? 0)),
            ("productName", product["product_name"] ?? ""), ("productPictureUrl", product["product_url"] ?? ""),
            ("colorName", ""),
        ])
    }
}
