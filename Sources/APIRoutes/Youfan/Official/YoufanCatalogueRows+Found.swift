import Store
import Wire

extension YoufanCatalogueRows {
    /// How many of a stylist's newest collocations a `Collocation/CollocationFound` row carries.
    static let collocationsPerFoundStylist = 3

    /// A stylist as `Collocation/CollocationFound` answers one (MB `FoundCellModel.m`):
    /// `storeBasicInfo{id, backGround, userId}`, `userPublicEntity{nickName, userName,
    /// headPortrait, userLevel, gender, …}` and their newest collocations as `collocationList`
    /// (`SearchCollocationInfo.m`, which reads numbers with `integerValue`).
    static func found(_ stylist: YoufanStylist, _ context: YoufanContext) throws -> JSON {
        let profile = try context.store.accounts.profile(userID: stylist.userID).map { try JSON.parse($0) }
        let newest = try context.store.collocations.collocations(.author(stylist.userID),
                                                                 page: YoufanPage(index: 0, size: collocationsPerFoundStylist))
        return .object([
            ("storeBasicInfo", .object([("id", .string(stylist.userID)), ("backGround", profile?["back_img"] ?? ""),
                                        ("userId", .string(stylist.userID))])),
            ("userPublicEntity", .object([
                ("nickName", .string(stylist.nickName)), ("userName", .string(stylist.nickName)),
                ("headPortrait", .string(stylist.headImage)), ("userLevel", 1), ("lastLoginDateUtc", ""), ("gender", ""),
                ("isActive", 1), ("securityStamp", ""), ("emailConfirmed", 0), ("phoneNumber", ""), ("phoneNumberConfirmed", 0),
            ])),
            ("collocationList", .array(try newest.items.map { try collocationInfo($0, context) })),
        ])
    }

    /// One collocation as the SOA generation described it (`SearchCollocationInfo.m`,
    /// `MBCollocationInfoModel.h`, both reading numbers): its text as `name` and `description`,
    /// its picture, the likes (captured and given here) as `favoriteCount`, the worn products'
    /// prices summed as `amount`.
    static func collocationInfo(_ stored: [UInt8], _ context: YoufanContext) throws -> JSON {
        let card = try YoufanCollocationCards.card(stored, context)
        let id = card["id"]?.stringValue ?? ""
        let amount = (card["product_list"]?.arrayValue ?? []).reduce(0.0) { sum, product in
            sum + (product["price"]?.stringValue.flatMap(Double.init) ?? 0)
        }
        return .object([
            ("id", .int(Int64(id) ?? 0)), ("code", .int(Int64(id) ?? 0)), ("name", card["content_info"] ?? ""),
            ("description", card["content_info"] ?? ""), ("pictureUrl", card["img"] ?? ""), ("thrumbnailUrl", card["img"] ?? ""),
            ("userId", card["user_id"] ?? ""), ("creatE_USER", card["user_id"] ?? ""), ("creatE_DATE", card["create_time"] ?? ""),
            ("commentCount", .int(Int64(card["comment_count"]?.intValue ?? 0))),
            ("favoriteCount", .int(Int64(card["like_count"]?.intValue ?? 0))), ("sharedCount", 0),
            ("amount", .int(Int64(amount.rounded()))),
        ])
    }
}
