import HTTPServer
import Store
import Wire

/// The official app's SOA gateway (WIRE.md §3.1): before its first call the app fetches an
/// access token from `/CallCenter/OAuth/AccessToken.ashx` (`AppId`, `Secret` →
/// `{"access_token":…}`), and calls made before it arrives go through
/// `/CallCenter/InvokeSecurity.ashx` (`AccessToken`, `ServiceName`, `MethodName`, `Message`):
/// answered as `SERVER_URL?m=<ServiceName>&a=<MethodName>` with the parameters of `Message`
/// (JSON text) answers it (MB `MBHttp/HttpBase/MBHttpClient.m`). Only a token issued here and
/// not expired is accepted (`YoufanGatewayRefusal` otherwise).
enum YoufanGateway {
    static let accessTokenPath = "/CallCenter/OAuth/AccessToken.ashx"
    static let invokePath = "/CallCenter/InvokeSecurity.ashx"
    static let paths: Set<String> = [accessTokenPath, invokePath]

    /// `{"access_token":…, "expires_in":7200}`: a new token, stored for the `AppId` sent. Any
    /// app id is welcome (the mock has no app registry): an empty or failed answer would fail
    /// every call the app queued behind it.
    static func accessToken(_ form: YoufanQuery, store: YoufanStore) throws -> HTTPResponse {
        let token = YoufanAccount.newToken()
        try store.accessTokens.issue(token, appID: form.optional("AppId") ?? "")
        return .json(JSON.object([("access_token", .string(token)),
                                  ("expires_in", .int(YoufanAccessTokenRepository.lifetime))]).encoded())
    }

    /// The shop call an `InvokeSecurity.ashx` request carries: its `m`/`a` and parameters. A
    /// `GET:` prefix on `MethodName` marks a GET; the parameters are the same either way. A
    /// call without a live `AccessToken` is refused before anything else is read.
    static func call(_ form: YoufanQuery, store: YoufanStore) throws -> YoufanQuery {
        guard let accessToken = form.optional("AccessToken") else { throw YoufanGatewayRefusal.noToken }
        guard try store.accessTokens.isValid(accessToken) else { throw YoufanGatewayRefusal.invalidToken }
        let service = try form.required("ServiceName")
        var method = try form.required("MethodName")
        if method.hasPrefix("GET:") { method.removeFirst(4) }
        var parameters = Parameters()
        if let message = form.optional("Message") {
            guard let document = try? JSON.parse(message), let members = document.objectValue else {
                throw YoufanFailure.notFound("Message 不是 JSON 对象")
            }
            for (name, value) in members { parameters.append(name: name, value: text(value)) }
        }
        parameters.append(name: "m", value: service)
        parameters.append(name: "a", value: method)
        if let token = form.optional("token") { parameters.append(name: "token", value: token) }
        return YoufanQuery(query: parameters)
    }

    /// `WXSC_Account/UserUpdateProfile` — `UserId`, `userClaims` = `[{claimType, claimValue,
    /// issuer}]`: each claim sets the profile member its type names (`nickName` → `nick_name`,
    /// `headPortrait` → `head_img`, others as sent). Hand-written: the member names come from
    /// the request, which no declaration can list.
    @Sendable static func updateProfile(_ context: YoufanContext) throws -> YoufanAnswer {
        let user = try context.user()
        guard let stored = try context.store.accounts.profile(userID: user), case var .object(members) = try JSON.parse(stored) else {
            throw YoufanFailure.unknownUser
        }
        let renamed = ["nickName": "nick_name", "headPortrait": "head_img", "phoneNumber": "phone"]
        for claim in context.arguments.json("userClaims").arrayValue ?? [] {
            guard let type = claim["claimType"]?.stringValue, !type.isEmpty, let value = claim["claimValue"] else { continue }
            let key = renamed[type] ?? type
            members.removeAll { $0.key == key }
            members.append((key, .string(text(value))))
        }
        _ = try context.store.accounts.updateProfile(userID: user, profile: JSON.object(members).encoded())
        return .done
    }

    /// A JSON value as the form parameter the app's transport would have sent: text as is,
    /// numbers and booleans as their text, arrays and objects as JSON text (WIRE.md §1.4.2).
    private static func text(_ value: JSON) -> String {
        switch value {
        case let .string(text): text
        case .null: ""
        case let .bool(flag): flag ? "1" : "0"
        default: value.encodedString()
        }
    }
}
