import HTTPServer
import Store

/// One action of a Youfan front controller: `path?m=<module>&a=<action>` and what answers it.
///
/// `run` returns the `data` of the success envelope or throws a `YoufanFailure` (status 0).
struct YoufanAction: Sendable {
    let path: String
    let module: String
    let action: String
    let run: @Sendable (YoufanStore, YoufanQuery) throws -> JSON

    /// The dispatch key. ThinkPHP 3.2 matches module and action names case-insensitively
    /// (`URL_CASE_INSENSITIVE` is on by default), so the key is lowercased.
    static func key(path: String, module: String, action: String) -> String {
        "\(path)|\(module.lowercased())|\(action.lowercased())"
    }

    var key: String { Self.key(path: path, module: module, action: action) }

    /// Every action the module answers from its tables (API.md §4).
    static let all: [YoufanAction] = [
        YoufanAction(path: YoufanParameters.shopPath, module: "Home", action: "getAppLayoutV2", run: YoufanActions.homeLayout),
        YoufanAction(path: YoufanParameters.shopPath, module: "Home", action: "getAppHotLayout", run: YoufanActions.hotLayout),
        YoufanAction(path: YoufanParameters.shopPath, module: "Category", action: "getCategoryList", run: YoufanActions.categoryList),
        YoufanAction(path: YoufanParameters.shopPath, module: "BrandMb", action: "getAppBrandList", run: YoufanActions.brandList),
        YoufanAction(path: YoufanParameters.shopPath, module: "Product", action: "getRecommedProductList",
                     run: YoufanActions.recommendedProducts),
        YoufanAction(path: YoufanParameters.shopPath, module: "Product", action: "getProductDetails",
                     run: YoufanActions.productDetails),
        YoufanAction(path: YoufanParameters.shopPath, module: "Product", action: "getProductConsultList",
                     run: YoufanActions.productConsults),
        YoufanAction(path: YoufanParameters.shopPath, module: "Product", action: "ProductFilter", run: YoufanActions.productFilter),
        YoufanAction(path: YoufanParameters.shopPath, module: "Comment", action: "getCommentList", run: YoufanActions.commentList),
        YoufanAction(path: YoufanParameters.shopPath, module: "Collocation", action: "getCollocationListByUserType",
                     run: YoufanActions.collocationList),
        YoufanAction(path: YoufanParameters.shopPath, module: "Special", action: "getSpecialListForInsp",
                     run: YoufanActions.specialList),
        YoufanAction(path: YoufanParameters.configPath, module: "Config", action: "getAppConfig", run: YoufanActions.appConfig),
    ]
}

/// The action bodies, grouped by area in `YoufanActions+*.swift`.
enum YoufanActions {
    /// A stored list (already one JSON array), spliced without re-encoding.
    static func array(_ list: YoufanList) -> JSON {
        .raw(list.json)
    }
}
