import Foundation
import HTTPServer

/// Who may use the admin API (`/__admin/*`), checked before any admin route runs.
///
/// A web page the developer opens must not drive it: a request a browser marks as coming from
/// another site (a foreign `Origin`, `Sec-Fetch-Site: cross-site`/`same-site`) is a `403`, and so
/// is a state-changing request whose body is not declared JSON, because `text/plain`, form and
/// multipart bodies are what a browser may send cross-site without a preflight. With a token
/// (`--admin-token`, or the one `serve` generates when bound beyond loopback) every admin request
/// must carry it (`Authorization: Bearer …` or `X-Mock-Admin-Token`), else `401`. Without one the
/// server listens on loopback only, and the `Host` must be `localhost` or an IP address (as
/// webpack-dev-server's `allowedHosts: "auto"`), so a page whose DNS name is rebound to this
/// machine cannot reach the admin API either; an emulator's `10.0.2.2` still can.
public struct AdminGuard: Sendable {
    /// The header that carries the token besides `Authorization: Bearer`.
    public static let tokenHeader = "X-Mock-Admin-Token"

    private let token: [UInt8]?

    /// - Parameter token: required on every admin request; nil leaves loopback tools without an
    ///   `Origin` open.
    public init(token: String?) {
        self.token = token.map { Array($0.utf8) }
    }

    /// The refusal for an admin `request`, or nil when it may reach the admin routes.
    public func refusal(for request: HTTPRequest) -> HTTPResponse? {
        if let reason = BrowserOrigin.crossSiteReason(request) {
            return refuse(.forbidden, "\(reason); the admin API never answers other origins")
        }
        if let token {
            guard let presented = Self.presentedToken(request) else {
                return unauthorized("this server's admin API needs its token: send Authorization: Bearer <token> or \(Self.tokenHeader): <token>")
            }
            guard Self.constantTimeEquals(presented, token) else {
                return unauthorized("wrong admin token")
            }
        } else if !Self.isHealth(request), let host = request.headers[.host], !BrowserOrigin.isLoopbackOrAddressHost(host) {
            return refuse(.forbidden, "Host \"\(host)\" is a name other than localhost; without --admin-token the admin API answers only localhost or an IP address (a DNS name could be a page's, rebound to this machine)")
        }
        if Self.changesState(request.method), let mediaType = Self.browserSimpleBodyType(request) {
            return refuse(.forbidden, "the admin API takes JSON bodies, not \(mediaType), which any web page may send: send Content-Type: application/json")
        }
        return nil
    }

    private func refuse(_ status: HTTPStatus, _ message: String) -> HTTPResponse {
        Envelope.httpError(status: status, message: message, style: .plain)
    }

    private func unauthorized(_ message: String) -> HTTPResponse {
        var response = refuse(.unauthorized, message)
        response.headers.replaceOrAdd(name: "WWW-Authenticate", value: #"Bearer realm="mock admin""#)
        return response
    }

    /// `GET /__admin/health` tells a page nothing (status, version, uptime), so it answers any
    /// `Host`: probes and scripts that send a bare name keep working.
    private static func isHealth(_ request: HTTPRequest) -> Bool {
        (request.method == .GET || request.method == .HEAD) && request.path == healthPath
    }

    private static let healthPath = MockApplication.adminPrefix + "/health"

    private static func changesState(_ method: HTTPMethod) -> Bool {
        method != .GET && method != .HEAD && method != .OPTIONS
    }

    /// The media type when it is one a browser may send cross-site without a preflight (the
    /// CORS-safelisted `text/plain`, form and multipart types); nil for JSON, other declared types,
    /// and no `Content-Type` (tools such as `curl -X POST` or URLSession; a browser that omits it
    /// still sends an `Origin`, refused above).
    private static func browserSimpleBodyType(_ request: HTTPRequest) -> String? {
        guard let contentType = request.headers[.contentType] else { return nil }
        let mediaType = contentType.split(separator: ";", maxSplits: 1).first
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data"].contains(mediaType) ? mediaType : nil
    }

    /// The token from `Authorization: Bearer …` or `X-Mock-Admin-Token`.
    private static func presentedToken(_ request: HTTPRequest) -> [UInt8]? {
        if let authorization = request.headers[.authorization] {
            let parts = authorization.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
            if parts.count == 2, parts[0].lowercased() == "bearer" {
                return Array(parts[1].trimmingCharacters(in: .whitespaces).utf8)
            }
        }
        return request.headers[tokenHeader].map { Array($0.trimmingCharacters(in: .whitespaces).utf8) }
    }

    /// Compares every byte whatever the first difference, so the time taken tells nothing about
    /// how much of a guess was right.
    private static func constantTimeEquals(_ presented: [UInt8], _ expected: [UInt8]) -> Bool {
        var difference: UInt8 = presented.count == expected.count ? 0 : 1
        for index in expected.indices {
            difference |= expected[index] ^ (index < presented.count ? presented[index] : ~expected[index])
        }
        return difference == 0
    }
}
