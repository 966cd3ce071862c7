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

    var status: HTTPStatus { .ok }

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
        .json(JSON.object([("status", .int(Self.parameterErrorStatus)), ("info", .string(message)),
                           ("data", .null)]).encoded())
    }
}
