import CaptureFormats
import Store
import Wire

/// Puts captured Youfan responses where the actions read them: a captured brand page adds its
/// brands, a captured product detail adds that product, a comment page its comments, and so on.
///
/// Only successful exchanges count (HTTP 2xx and envelope `status` 1, or `isSuccess` 1 for the
/// SOA-style actions). Positions in paged
/// lists come from the captured request's page parameters, so pages captured in any order, or
/// captured again, land in the same places (importing twice changes nothing).
public struct YoufanCaptureMapper: CaptureMapper {
    public init() {}

    /// Stores what `record` carries, inside the importer's write transaction. Returns whether
    /// the record was a Youfan action this mapper understands.
    public func map(_ record: CaptureRecord, into connection: Connection) throws -> Bool {
        let request = record.request
        guard (200..<300).contains(record.status),
              request.path == YoufanParameters.shopPath || request.path == YoufanParameters.configPath
        else { return false }
        // Query then body, read as the server read them: the last value of a name wins.
        let query = YoufanQuery(query: Parameters(request.parameters.map { (name: $0.name, value: $0.value) }))
        guard let module = query.optional("m"), let action = query.optional("a"),
              let body = try? JSON.parse(record.responseBody), let data = Self.successfulData(body)
        else { return false }
        let capture = YoufanCapture(query: query, data: data, connection: connection)
        switch YoufanAction.key(path: request.path, module: module, action: action) {
        case key("Home", "getAppLayoutV2"): return try capture.homeLayout()
        case key("Home", "getAppHotLayout"): return try capture.hotLayout()
        case key("Category", "getCategoryList"): return try capture.categoryTree()
        case key("Config", "getAppConfig", path: YoufanParameters.configPath): return try capture.appConfig()
        case key("BrandMb", "getAppBrandList"): return try capture.brandPage()
        case key("Product", "getRecommedProductList"): return try capture.recommendedPage()
        case key("Product", "getProductDetails"): return try capture.productDetails()
        case key("Product", "getProductConsultList"): return try capture.productConsults()
        case key("Product", "ProductFilter"): return try capture.productStock()
        case key("Comment", "getCommentList"): return try capture.commentPage()
        case key("Collocation", "getCollocationListByUserType"): return try capture.collocationPage()
        case key("Special", "getSpecialListForInsp"): return try capture.specialPage()
        case key("Home", "getHotLayoutInfo"):
            return try capture.capturedPage(YoufanCapturedPage.hotLayout, key: YoufanCapturedPage.pageKey(query))
        case key("Topic", "getTopicList"):
            return try capture.capturedPage(YoufanCapturedPage.topics, key: YoufanCapturedPage.pageKey(query))
        case key("Home", "getAppLayoutInfo"):
            return try capture.capturedPage(YoufanCapturedPage.oldLayout, key: YoufanCapturedPage.layoutKey(query))
        case key("Product", "ProductClsFilter"): return try capture.productHeaders()
        case key("User", "login"): return try capture.login()
        case key("Message", "getMailList"): return try capture.mails()
        case key("Vouchers", "MyselfCouponFilter"): return try capture.vouchers()
        default: return try capture.setting(module: module, action: action)
        }
    }

    /// The `data` of a PHP-style success (`status` 1), or the `results` of an SOA-style one
    /// (`isSuccess` 1); nil for a failure.
    private static func successfulData(_ body: JSON) -> JSON? {
        if body["isSuccess"]?.intValue == 1 { return body["results"] }
        return body["status"]?.intValue == 1 ? body["data"] : nil
    }

    private func key(_ module: String, _ action: String, path: String = YoufanParameters.shopPath) -> String {
        YoufanAction.key(path: path, module: module, action: action)
    }
}
