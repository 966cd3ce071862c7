import Store
import Wire

/// Catalogue rows the way the official app's models read them (WIRE.md §3.2; model headers of
/// `jsj2008/mbfun` named at each renderer), with the viewer's favourites, likes and follows.
enum YoufanCatalogueRows {
    /// Search rows with `clsInfo.isFavorite` true for the viewer's favourites.
    static func products(_ rows: YoufanList, _ context: YoufanContext) throws -> [JSON] {
        let viewer = try context.viewer()
        return try (JSON.parse(rows.json).arrayValue ?? []).map { row in
            guard let viewer, case let .object(members) = row, case let .object(info)? = row["clsInfo"],
                  let code = row["clsInfo"]?["code"]?.stringValue,
                  try context.store.marks.isMarked(YoufanMark.favourite.rawValue, userID: viewer, target: code)
            else { return row }
            let favourite = JSON.object(info.map { $0.key == "isFavorite" ? ($0.key, true) : $0 })
            return .object(members.map { $0.key == "clsInfo" ? ($0.key, favourite) : $0 })
        }
    }

    static func brands(_ codes: [String], _ row: YoufanBrandRow, _ context: YoufanContext) throws -> [JSON] {
        try codes.compactMap { code in
            guard let story = try YoufanShapes.brandStory(context, code) else { return nil }
            return brand(story, row)
        }
    }

    private static func brand(_ story: JSON, _ row: YoufanBrandRow) -> JSON {
        let value = { (key: String) in story[key] ?? "" }
        switch row {
        case .story:
            return story
        case .wall:
            guard case let .object(members) = story else { return story }
            return .object([("show_type", 0)] + members)
        case .pavilion:
            // SBrandPavilionModel's members are strings except the arrays (MB `SBrandPavilionModel.h`).
            return .object([
                ("id", value("id")), ("name", value("cname")), ("img", value("pic_img")), ("width", "640"), ("height", "320"),
                ("temp_id", value("temp_id")), ("brand_code", value("brand_code")), ("type", "1"),
                ("brand_img", value("logo_img")), ("logo_img", value("logo_img")), ("banner", .array([])),
                ("brand_banner_type", "0"), ("brand_list", .array([])), ("fixed_list", .array([])),
            ])
        case .cell:
            return .object([("brandID", value("id")), ("brandCode", value("brand_code")), ("logoImg", value("logo_img")),
                            ("brand", value("ename"))])
        case .initial:
            return .object([("id", value("id")), ("brand_code", value("brand_code")), ("branD_NAME", value("ename")),
                            ("cname", value("cname")), ("ename", value("ename")), ("first_letter", value("first_letter")),
                            ("logO_URL", value("logo_img"))])
        }
    }

    /// A stylist as `SStarStoreCellModel` (strings, MB `Unico/SDiscovery/SStarStoreCellModel.h`,
    /// with their three newest collocations) or `DesignerModel` (integers, a boolean
    /// `isConcerned`, MB `MBView/SearchCell/DesignerModel.h`); followers are the follows given here.
    static func stylist(_ stylist: YoufanStylist, _ row: YoufanStylistRow, _ context: YoufanContext) throws -> JSON {
        let marks = context.store.marks
        let followers = try marks.count(YoufanMark.follow.rawValue, target: stylist.userID)
        let followed = try context.viewer().map { try marks.isMarked(YoufanMark.follow.rawValue, userID: $0, target: stylist.userID) } ?? false
        switch row {
        case .star:
            let newest = try context.store.collocations.collocations(.author(stylist.userID), page: YoufanPage(index: 0, size: 3))
            return .object([
                ("show_type", 0), ("user_id", .string(stylist.userID)), ("nick_name", .string(stylist.nickName)),
                ("head_img", .string(stylist.headImage)), ("head_v_type", "1"),
                ("collocationCount", .string(String(stylist.collocationCount))), ("concernCount", .string(String(followers))),
                ("is_like", followed ? "1" : "0"),
                ("collocation_list", .array(try newest.items.map { try YoufanCollocationCards.card($0, context) })),
            ])
        case .designer:
            return .object([
                ("userId", .string(stylist.userID)), ("userName", .string(stylist.nickName)),
                ("headPortrait", .string(stylist.headImage)), ("userSignature", ""), ("grade", "1"),
                ("points", .int(Int64(stylist.collocationCount * 10))), ("concernsCount", 0),
                ("designCount", .int(Int64(stylist.collocationCount))), ("fansCount", .int(Int64(followers))),
                ("isConcerned", .bool(followed)), ("head_v_type", 1),
            ])
        case .found:
            return try found(stylist, context)
        }
    }

    /// A signed-up user as `MBOtherUserInfoModel` (numbers, MB `MBController/MBOtherStore/MBOtherUserInfoModel.h`).
    static func user(_ userID: String, _ context: YoufanContext) throws -> JSON {
        try user(userID, viewer: context.viewer(), context)
    }

    /// The same, `isConcerned` as `viewer` sees it (nil: nobody's follow).
    static func user(_ userID: String, viewer: String?, _ context: YoufanContext) throws -> JSON {
        let person = try YoufanComments.person(userID, context.store)
        let marks = context.store.marks
        let followers = try marks.count(YoufanMark.follow.rawValue, target: userID)
        let following = try marks.targets(YoufanMark.follow.rawValue, userID: userID, page: YoufanPage(index: 0, size: 1)).total
        let followed = try viewer.map { try marks.isMarked(YoufanMark.follow.rawValue, userID: $0, target: userID) } ?? false
        return .object([
            ("id", .string(userID)), ("userId", .string(userID)), ("nickName", person["nick_name"] ?? ""),
            ("headPortrait", person["head_img"] ?? ""), ("head_v_type", 0), ("userSignature", ""),
            ("concernCount", .int(Int64(following))), ("concernedCount", .int(Int64(followers))),
            ("isConcerned", .int(followed ? 1 : 0)), ("gender", 0), ("userLevel", 1),
        ])
    }

    /// `Home/getCollocationListFollows` — `{collocation:[CC], recommend:{…}}` (MB
    /// `Unico/SMainView/CommunityAttentionTableView.m`): the collocations of the stylists the
    /// caller follows, newest first, and the stylist with the most collocations the caller does
    /// not follow yet (an empty object when they follow everyone).
    static func followedCollocations(page: YoufanPage, _ context: YoufanContext) throws -> YoufanAnswer {
        let user = try context.user()
        let marks = context.store.marks
        let followed = try marks.targets(YoufanMark.follow.rawValue, userID: user,
                                         page: YoufanPage(index: 0, size: YoufanQuery.maximumPageSize)).targets
        let found = followed.isEmpty ? (items: [], total: 0)
            : try context.store.collocations.collocations(.authors(followed), page: page)
        let cards = try found.items.map { try YoufanCollocationCards.card($0, context) }
        let candidates = try context.store.collocations.stylists(keyword: nil, page: YoufanPage(index: 0, size: YoufanQuery.maximumPageSize))
        let recommend = try candidates.stylists.first { $0.userID != user && !followed.contains($0.userID) }.map { stylist in
            JSON.object([("user_id", .string(stylist.userID)), ("nick_name", .string(stylist.nickName)),
                         ("head_img", .string(stylist.headImage)),
                         ("concernCount", .string(String(try marks.count(YoufanMark.follow.rawValue, target: stylist.userID)))),
                         ("isConcerned", "0")])
        } ?? .object([])
        return YoufanAnswer(data: .object([("collocation", .array(cards)), ("recommend", recommend)]), total: found.total)
    }
}
