import HTTPServer
import Store
import Wire

/// One action of a Youfan front controller: `path?m=<module>&a=<action>` and what answers it.
///
/// `respond` renders the action's answer in its envelope (WIRE.md §1.5): a PHP action returns the
/// `data` of `{"status":1,…}` or throws a `YoufanFailure` (status -100); an SOA action returns its
/// `results` and `total`, or throws a `YoufanFailure` answered as `isSuccess` 0.
/// An action that writes is declared `.blocking` so that it runs off the event loop.
struct YoufanAction: Sendable {
    let path: String
    let module: String
    let action: String
    let execution: HandlerExecution
    let respond: Respond

    typealias Respond = @Sendable (YoufanStore, YoufanQuery) throws -> HTTPResponse
    /// A PHP-style action: the `data` of the answer.
    typealias Run = @Sendable (YoufanStore, YoufanQuery) throws -> JSON
    /// An SOA-style action: the `results` of the answer and the `total` they are part of.
    typealias RunSOA = @Sendable (YoufanStore, YoufanQuery) throws -> YoufanSOAResults

    /// The dispatch key. ThinkPHP 3.2 matches module and action names case-insensitively
    /// (`URL_CASE_INSENSITIVE` is on by default), so the key is lowercased.
    static func key(path: String, module: String, action: String) -> String {
        "\(path)|\(module.lowercased())|\(action.lowercased())"
    }

    var key: String { Self.key(path: path, module: module, action: action) }

    /// Every action the module answers from its tables (API.md §4): the clones' hand-written
    /// actions, then the official app's declared ones (`YoufanDeclarations`).
    static let all: [YoufanAction] = [
        shop("Home", "getAppLayoutV2", YoufanActions.homeLayout),
        shop("Home", "getAppHotLayout", YoufanActions.hotLayout),
        shop("Home", "getHotLayoutInfo", YoufanActions.hotLayoutInfo),
        shop("Home", "getAppLayoutInfo", YoufanActions.oldLayout),
        shop("Category", "getCategoryList", YoufanActions.categoryList),
        shop("BrandMb", "getAppBrandList", YoufanActions.brandList),
        shop("BrandMb", "getAppBrandListWithSort", YoufanActions.brandsByInitial),
        shop("BrandMb", "getAppBrandDetail", YoufanActions.brandStory),
        shop("Product", "getRecommedProductList", answering: YoufanActions.recommendedProducts),
        shop("Product", "getRecommendList", YoufanActions.recommendList),
        shop("Product", "getProductDetails", YoufanActions.productDetails),
        shop("Product", "getProductConsultList", YoufanActions.productConsults),
        shop("Product", "getProductCategoryList", YoufanActions.productCategories),
        soa("Product", "ProductFilter", YoufanActions.productFilter),
        soa("Product", "ProductClsFilter", YoufanActions.productHeaders),
        soa("Product", "ProductClsCommonSearchFilter", YoufanActions.productSearch),
        soa("Product", "ProductSizeTableFilter", YoufanActions.sizeTable),
        shop("Comment", "getCommentList", YoufanActions.commentList),
        shop("Collocation", "getCollocationListByUserType", YoufanActions.collocationList),
        shop("Collocation", "getCollocationDetailsV2", YoufanActions.collocationDetails),
        shop("Special", "getSpecialListForInsp", YoufanActions.specialList),
        shop("Topic", "getTopicList", YoufanActions.topicList),
        config("Config", "getAppConfig", YoufanActions.appConfig),
        config("Config", "getNewServerConfig", YoufanLaunchConfig.answer),
    ] + YoufanDeclarations.all.map(\.youfanAction)

    /// A PHP-style action of the shop front controller (`/mbfun_server/index.php`).
    private static func shop(
        _ module: String, _ action: String, _ run: @escaping Run, execution: HandlerExecution = .eventLoop
    ) -> YoufanAction {
        YoufanAction(path: YoufanParameters.shopPath, module: module, action: action, execution: execution,
                     respond: php(run))
    }

    /// A PHP-style action of the shop front controller that writes its whole answer itself
    /// (`YoufanEnvelope.php(reservingDataCapacity:writingData:)`), its body sized by what it reads.
    private static func shop(_ module: String, _ action: String, answering respond: @escaping Respond) -> YoufanAction {
        YoufanAction(path: YoufanParameters.shopPath, module: module, action: action, execution: .eventLoop,
                     respond: respond)
    }

    /// An SOA-style action of the shop front controller, answered `{"isSuccess":1,…,"results":[…]}`.
    private static func soa(
        _ module: String, _ action: String, _ run: @escaping RunSOA, execution: HandlerExecution = .eventLoop
    ) -> YoufanAction {
        YoufanAction(path: YoufanParameters.shopPath, module: module, action: action, execution: execution) { store, query in
            do {
                return YoufanEnvelope.soa(try run(store, query))
            } catch let failure as YoufanFailure {
                return YoufanEnvelope.soaFailure(failure.message)
            }
        }
    }

    /// A PHP-style action of the config front controller (`/mbfun_config_server/index.php`).
    private static func config(
        _ module: String, _ action: String, _ run: @escaping Run, execution: HandlerExecution = .eventLoop
    ) -> YoufanAction {
        YoufanAction(path: YoufanParameters.configPath, module: module, action: action, execution: execution,
                     respond: php(run))
    }

    private static func php(_ run: @escaping Run) -> Respond {
        { store, query in YoufanEnvelope.php(try run(store, query)) }
    }
}

/// The action bodies, grouped by area in `YoufanActions+*.swift`.
enum YoufanActions {
    /// A stored list (already one JSON array), spliced without re-encoding.
    static func array(_ list: YoufanList) -> JSON {
        .raw(list.json)
    }

    /// The items of a stored list, for an action that reshapes them.
    static func elements(_ list: YoufanList) throws -> [JSON] {
        (try JSON.parse(list.json)).arrayValue ?? []
    }
}
