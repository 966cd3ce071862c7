import HTTPServer

/// A Maka business error: answered as HTTP 200 with `{"code":N,"msg":…,"data":null}`.
///
/// Codes (API.md §1): 400 a required parameter is missing, 401 no valid token or wrong
/// credentials, 403 not the owner, 404 no such resource, 409 conflict, 422 a value is invalid.
struct MakaFailure: APIResponseError, Equatable {
    let code: Int
    let message: String

    var status: HTTPStatus { .ok }

    /// A 404 means the mock does not know the user, template, event or category: a capture (or
    /// the upstream in record mode) may still answer (`FallThrough`).
    var asksFallbacks: Bool { code == 404 }

    /// Always the Maka envelope: only Maka handlers throw it.
    func response(in style: APIStyle) -> HTTPResponse { Envelope.makaError(code: code, message: message) }

    static func missing(_ name: String) -> MakaFailure {
        MakaFailure(code: 400, message: "\(name) is required")
    }

    static func invalid(_ message: String) -> MakaFailure {
        MakaFailure(code: 422, message: message)
    }

    static func notFound(_ message: String) -> MakaFailure {
        MakaFailure(code: 404, message: message)
    }

    static let unauthorized = MakaFailure(code: 401, message: "a valid token is required; log in first")
    static let wrongCredentials = MakaFailure(code: 401, message: "email or password is wrong")
    static let emailTaken = MakaFailure(code: 409, message: "this email is already registered")

    static func notOwner(_ what: String) -> MakaFailure {
        MakaFailure(code: 403, message: "only the owner may change \(what)")
    }
}
