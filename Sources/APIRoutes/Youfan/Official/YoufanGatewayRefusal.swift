import HTTPServer
import Wire

/// The SOA gateway's refusal of a call without a live access token, as the official app reads
/// it (MB `MBHttp/HttpBase/MBHttpClient.m`, `MBHttpCode.h`): a failed request whose body is
/// `MBSOA-CallCenter-Error:` and `{"errcode", "errmsg"}`. On `40004` (an unknown or expired
/// token) the app fetches a new token and sends the call again; other codes fail the call.
struct YoufanGatewayRefusal: Error, Sendable {
    static let prefix = "MBSOA-CallCenter-Error:"

    let code: Int
    let message: String

    /// No `AccessToken` sent (`MBHttpErrorTypeNoToken`).
    static let noToken = YoufanGatewayRefusal(code: 40003, message: "需要访问令牌")
    /// An `AccessToken` not issued here or expired (`MBHttpErrorTypeInvalidToken`).
    static let invalidToken = YoufanGatewayRefusal(code: 40004, message: "无效的访问令牌")

    /// 401: AFNetworking hands a non-2xx answer to the failure block the app reads it in.
    var response: HTTPResponse {
        let body = JSON.object([("errcode", .int(code)), ("errmsg", .string(message))]).encodedString()
        return HTTPResponse(status: .unauthorized, headers: ["Content-Type": "text/plain; charset=utf-8"],
                            body: Array((Self.prefix + body).utf8))
    }
}
