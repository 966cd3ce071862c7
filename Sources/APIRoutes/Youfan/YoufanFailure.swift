import HTTPServer
import Wire

/// A Youfan business failure: answered as HTTP 200 `{"status":-100,"info":"参数错误…","data":null}`
/// (WIRE.md §1.4.11). A negative status is what MB's transport treats as an error
/// (MB `Unico/SData/SDataCache.m` `quickGet`); `-100` is its "参数错误", the status MB
/// `Unico/SBrand/DailyNewViewController.m` answers with its failure view. The message names
/// what is wrong.
struct YoufanFailure: APIResponseError, Equatable {
    /// The envelope `status` of a parameter error (missing parameter, unknown id).
    static let parameterErrorStatus = -100

    let message: String
    /// The envelope `status`: -100 unless a case below says otherwise.
    var code = Self.parameterErrorStatus

    var status: HTTPStatus { .ok }

    /// A per-user action without a valid login `token`: `-103 token错误`, which MB's transport
    /// treats as "logged out" and answers with its login screen (WIRE.md §1.4.11).
    static let signInRequired = YoufanFailure(message: "token错误", code: -103)

    /// A user id that names nobody: `-101 查无此用户` (MB `Vendor/EScrollerView/SMineViewController.m`).
    static let unknownUser = YoufanFailure(message: "查无此用户", code: -101)

    /// A required parameter is absent or empty, in ThinkPHP's own words (`invokeAction`).
    static func missing(_ name: String) -> YoufanFailure {
        YoufanFailure(message: "参数错误或者未定义:\(name)")
    }

    /// Nothing is stored for what the parameters name (a product code, a channel's page …).
    static func notFound(_ what: String) -> YoufanFailure {
        YoufanFailure(message: "参数错误: \(what)")
    }

    /// Always the Youfan envelope: only Youfan actions throw it.
    func response(in style: APIStyle) -> HTTPResponse {
        .json(JSON.object([("status", .int(code)), ("info", .string(message)),
                           ("data", .null)]).encoded())
    }
}
