import Store
import Wire

/// `Collocation/WxCollocationBasicInfoFilter` — one collocation as the SOA generation's detail
/// screen reads it (MB `MBController/MBCollocationDetails/MBCollocationDetailsController.m`,
/// `MBCollocationDetailModel.h`): `results[0]` = `{collocationInfo, detailList, isConcerned,
/// isFavorite, tagMapping, customTagColMapping, userPublicEntity}`. Hand-written: it joins the
/// card, its worn products and the viewer's like of it and follow of its author.
enum YoufanCollocationBasicInfo {
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
        let followed = try viewer.map { try marks.isMarked(YoufanMark.follow.rawValue, userID: $0, target: author) } ?? false
        let products = (card["product_list"]?.arrayValue ?? []).map { product -> JSON in
            let code = product["product_sys_code"]?.stringValue ?? ""
            return .object([
                ("collocationId", .int(Int64(id) ?? 0)), ("id", .int(Int64(code) ?? 0)), ("productClsId", .int(Int64(code) ?? 0)),
                ("productCode", .int(Int64(code) ?? 0)), ("sourceType", 1),
                ("productPrice", .number(product["price"]?.stringValue.flatMap(Double.init) ?? 0)),
                ("productName", product["product_name"] ?? ""), ("productPictureUrl", product["product_url"] ?? ""),
                ("colorName", ""),
            ])
        }
        let answer = JSON.object([
            ("collocationInfo", try YoufanCatalogueRows.collocationInfo(stored, context)),
            ("detailList", .array(products)),
            ("isConcerned", .int(followed ? 1 : 0)), ("isFavorite", .int(liked ? 1 : 0)),
            ("tagMapping", .array([])), ("customTagColMapping", .array([])),
            ("userPublicEntity", .object([("id", .string(author)), ("nickName", card["nick_name"] ?? ""),
                                          ("userName", card["nick_name"] ?? ""), ("headPortrait", card["head_img"] ?? ""),
                                          ("userLevel", 1), ("gender", 0)])),
        ])
        return .list([answer], total: 1)
    }
}
