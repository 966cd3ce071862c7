import Wire

/// Renderers of marked catalogue objects the way the app's models read them.
enum YoufanShapes {
    /// A liked brand as `BrandMb/getMyLikeBrandListWithItem` answers it: the brand story
    /// (`SBrandStoryDetailModel` keys, MB `UI/ViewController/Me/MyLike/MyLikeViewController.m`)
    /// with `is_love` 1 and the current `like_count`.
    @Sendable static func likedBrand(_ context: YoufanContext, _ code: String) throws -> JSON? {
        guard let story = try context.store.brands.story(code: code), case let .object(members) = try JSON.parse(story) else {
            return nil
        }
        let count = try context.store.marks.count(YoufanMark.brandLike.rawValue, target: code)
        return .object(members.filter { $0.key != "is_love" } + [("is_love", 1), ("like_count", .string(String(count)))])
    }
}

extension YoufanShapes {
    /// A favourite product as `Product/FavoriteProductClsFilter` answers it: a search row
    /// (`{clsInfo, prodClsTag}`, MB `UI/ViewController/Me/MyLike/MyLikeViewController.m`) with
    /// `clsInfo.isFavorite` true.
    @Sendable static func favouriteProduct(_ context: YoufanContext, _ code: String) throws -> JSON? {
        guard let row = try context.store.products.searchRow(code: code), case let .object(members) = try JSON.parse(row),
              case let .object(info)? = members.first(where: { $0.key == "clsInfo" })?.value
        else { return nil }
        let favourite = JSON.object(info.map { $0.key == "isFavorite" ? ($0.key, true) : $0 })
        return .object(members.map { $0.key == "clsInfo" ? ($0.key, favourite) : $0 })
    }
}

extension YoufanShapes {
    /// A brand's story for `BrandMb/getBrandDetails` (`SBrandStoryDetailModel`) and
    /// `getBrandDetailsForItem` (`DailyNewModel`, which also reads `item_img`): the brand story
    /// with the viewer's `is_love` and the likes given here as `like_count`.
    @Sendable static func brandStory(_ context: YoufanContext, _ code: String) throws -> JSON? {
        guard let story = try context.store.brands.story(code: code), case let .object(members) = try JSON.parse(story) else {
            return nil
        }
        let kind = YoufanMark.brandLike.rawValue
        let canonical = members.first { $0.key == "brand_code" }?.value.stringValue ?? code
        let loved = try context.viewer().map { try context.store.marks.isMarked(kind, userID: $0, target: canonical) } ?? false
        let count = try context.store.marks.count(kind, target: canonical)
        return .object(members.filter { $0.key != "is_love" } + [
            ("is_love", .int(loved ? 1 : 0)), ("like_count", .string(String(count))),
            ("item_img", members.first { $0.key == "pic_img" }?.value ?? ""),
        ])
    }
}
