import HTTPServer
import Store
import Wire

/// One action of a Youfan front controller: `path?m=<module>&a=<action>` and what answers it.
///
/// `run` returns the `data` of the success envelope or throws a `YoufanFailure` (status 0).
/// An action that writes is declared `.blocking` so that it runs off the event loop.
struct YoufanAction: Sendable {
    let path: String
    let module: String
    let action: String
    let execution: HandlerExecution
    let run: Run

    typealias Run = @Sendable (YoufanStore, YoufanQuery) throws -> JSON

    /// The dispatch key. ThinkPHP 3.2 matches module and action names case-insensitively
    /// (`URL_CASE_INSENSITIVE` is on by default), so the key is lowercased.
    static func key(path: String, module: String, action: String) -> String {
        "\(path)|\(module.lowercased())|\(action.lowercased())"
    }

    var key: String { Self.key(path: path, module: module, action: action) }

    /// Every action the module answers from its tables (API.md §4).
    static let all: [YoufanAction] = [
        shop("Home", "getAppLayoutV2", YoufanActions.homeLayout),
        shop("Home", "getAppHotLayout", YoufanActions.hotLayout),
        shop("Category", "getCategoryList", YoufanActions.categoryList),
        shop("BrandMb", "getAppBrandList", YoufanActions.brandList),
        shop("Product", "getRecommedProductList", YoufanActions.recommendedProducts),
        shop("Product", "getProductDetails", YoufanActions.productDetails),
        shop("Product", "getProductConsultList", YoufanActions.productConsults),
        shop("Product", "ProductFilter", YoufanActions.productFilter),
        shop("Comment", "getCommentList", YoufanActions.commentList),
        shop("Collocation", "getCollocationListByUserType", YoufanActions.collocationList),
        shop("Special", "getSpecialListForInsp", YoufanActions.specialList),
        config("Config", "getAppConfig", YoufanActions.appConfig),
    ]

    /// An action of the shop front controller (`/mbfun_server/index.php`).
    private static func shop(
        _ module: String, _ action: String, _ run: @escaping Run, execution: HandlerExecution = .eventLoop
    ) -> YoufanAction {
        YoufanAction(path: YoufanParameters.shopPath, module: module, action: action, execution: execution, run: run)
    }

    /// An action of the config front controller (`/mbfun_config_server/index.php`).
    private static func config(
        _ module: String, _ action: String, _ run: @escaping Run, execution: HandlerExecution = .eventLoop
    ) -> YoufanAction {
        YoufanAction(path: YoufanParameters.configPath, module: module, action: action, execution: execution, run: run)
    }
}

/// The action bodies, grouped by area in `YoufanActions+*.swift`.
enum YoufanActions {
    /// A stored list (already one JSON array), spliced without re-encoding.
    static func array(_ list: YoufanList) -> JSON {
        .raw(list.json)
    }
}
