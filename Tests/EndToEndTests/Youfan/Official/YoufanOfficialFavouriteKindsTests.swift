import Testing
import TestSupport
import Wire

/// Favourite products and favourite collocations are kept apart, as the app sends them: the
/// product page posts `Order/FavoriteCreateList` rows with `sourcE_TYPE` 1 (MB
/// `Unico/SItemDetial/SItemDetailViewController.m`), the collocation page's ♥ `Order/FavoriteCreate`
/// with `SOURCE_TYPE` 2 (`MBCollocationDetailsController.m`), both undone by `Order/FavoriteDelete`
/// with the same type. 我的收藏's 单品 tab (`MyLikeViewController.m` `requestAddData`) lists the
/// products alone with `Product/FavoriteProductClsFilter`.
@Suite struct YoufanOfficialFavouriteKindsTests {
    let app: YoufanOfficialApp

    init() async throws { app = try await YoufanOfficialApp.onSharedServer() }

    func products(_ user: YoufanOfficialApp, _ userID: String) async throws -> YoufanAppClient.Answer {
        try await user.get("Product", "FavoriteProductClsFilter", [("userId", userID), ("pageIndex", "1"), ("PageSize", "20")])
    }

    func favouriteCount(_ userID: String) async throws -> JSON? {
        try await app.get("User", "getUserMineInfo", [("targetUserId", userID)]).data?["favoriteCount"]
    }

    @Test func theProductTabCountsProductsOnlyAndEachKindIsUndoneApart() async throws {
        let (userID, user) = try await app.newUser("收藏家")
        let heart = [("SOURCE_ID", "7036"), ("userId", userID), ("SOURCE_TYPE", "2"), ("Create_User", "收藏家")]
        #expect(try await app.postWithoutToken("Order", "FavoriteCreate", heart).json["isSuccess"] == 1)
        let row = #"[{"userId":"\#(userID)","sourcE_TYPE":1,"sourcE_ID":160300005,"creatE_USER":"收藏家"}]"#
        let product = try await app.postWithoutToken("Order", "FavoriteCreateList", [("favoriteList", row)])
        #expect(product.json["isSuccess"] == 1, "\(product.json.encodedString())")

        var listed = try await products(user, userID)
        #expect(listed.json["isSuccess"] == 1 && listed.json["total"] == 1, "the collocation is not a product: \(listed.json.encodedString())")
        #expect(listed.results.map { $0["clsInfo"]?["id"] } == ["160300005"])
        #expect(try await favouriteCount(userID) == 2, "我的 counts both kinds")

        let wrongKind = [("sourceIdS", "7036"), ("userId", userID), ("SOURCE_TYPE", "1"), ("Create_User", "收藏家")]
        #expect(try await app.postWithoutToken("Order", "FavoriteDelete", wrongKind).json["isSuccess"] == 1)
        #expect(try await favouriteCount(userID) == 2, "a product of that id was never a favourite; the collocation stays")

        let unheart = [("sourceIdS", "7036"), ("userId", userID), ("SOURCE_TYPE", "2"), ("Create_User", "收藏家")]
        #expect(try await app.postWithoutToken("Order", "FavoriteDelete", unheart).json["isSuccess"] == 1)
        #expect(try await favouriteCount(userID) == 1)
        listed = try await products(user, userID)
        #expect(listed.json["total"] == 1 && listed.results.count == 1, "the product favourite is untouched")

        let unfavour = [("sourcE_TYPE", "1"), ("sourceIdS", "160300005"), ("userId", userID)]
        #expect(try await app.postWithoutToken("Order", "FavoriteDelete", unfavour).json["isSuccess"] == 1)
        listed = try await products(user, userID)
        #expect(listed.json["total"] == 0 && listed.results.isEmpty)
    }

    /// `MBCollocationDetailsController` sets its ♥ from `isFavorite` and its count from
    /// `collocationInfo.favoriteCount` of `WxCollocationBasicInfoFilter`, and adds one itself when
    /// `FavoriteCreate` succeeds: reopened, the screen must show what it showed.
    @Test func theCollocationScreenReopensWithItsHeartAndCount() async throws {
        let (userID, _) = try await app.newUser("爱心")
        func detail() async throws -> JSON? {
            try await app.get("Collocation", "WxCollocationBasicInfoFilter", [("ids", "7038"), ("LoginUserId", userID)]).results.first
        }
        let before = try #require(try await detail())
        let count = try #require(before["collocationInfo"]?["favoriteCount"]?.intValue)
        #expect(before["isFavorite"] == 0)
        let heart = [("SOURCE_ID", "7038"), ("userId", userID), ("SOURCE_TYPE", "2"), ("Create_User", "爱心")]
        #expect(try await app.postWithoutToken("Order", "FavoriteCreate", heart).json["isSuccess"] == 1)
        let after = try #require(try await detail())
        #expect(after["isFavorite"] == 1 && after["collocationInfo"]?["favoriteCount"]?.intValue == count + 1)

        let unheart = [("sourceIdS", "7038"), ("userId", userID), ("SOURCE_TYPE", "2"), ("Create_User", "爱心")]
        #expect(try await app.postWithoutToken("Order", "FavoriteDelete", unheart).json["isSuccess"] == 1)
        let undone = try #require(try await detail())
        #expect(undone["isFavorite"] == 0 && undone["collocationInfo"]?["favoriteCount"]?.intValue == count)
    }

    @Test func aFavouriteWithoutATargetIsRefusedAndNothingChanges() async throws {
        let (userID, user) = try await app.newUser("空收藏")
        let empty = try await app.postWithoutToken("Order", "FavoriteCreateList", [("favoriteList", #"[{"userId":"\#(userID)","sourcE_TYPE":2}]"#)])
        #expect(empty.httpStatus == 200 && empty.json["isSuccess"] == 0 && empty.json["message"] == "参数错误或者未定义:id",
                "\(empty.json.encodedString())")
        let unnamed = try await app.postWithoutToken("Order", "FavoriteCreate", [("userId", userID), ("SOURCE_TYPE", "2")])
        #expect(unnamed.json["isSuccess"] == 0 && unnamed.json["message"] == "参数错误或者未定义:SOURCE_ID")
        #expect(try await favouriteCount(userID) == 0)
        #expect(try await products(user, userID).json["isSuccess"] == 1, "the server keeps serving")
    }
}
