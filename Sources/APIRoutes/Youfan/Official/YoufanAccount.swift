import Crypto
import Store
import Wire

/// Signing in the official app (WIRE.md §3.1 `User/login`). Hand-written: the answer depends on
/// a signature over three parameters and creates a user from a JSON record, which no generic
/// operation expresses.
enum YoufanAccount {
    /// The app's built-in `SIGN_KEY` (MB `ModelBase.m`); a launch configuration with 10 or more
    /// keys would replace it, and the mock's carries this same value.
    static let signKey = "7def8c7b4f8b6cbefbdd8bc13d1441d3"

    /// `User/login` — `account`, `pwd` (not checked: the real server trusted the SOA login),
    /// `json` (the SOA user record: `id`, `nickName`, `headPortrait`, `phoneNumber`), `sign`
    /// (`md5(account-SIGN_KEY-id)`). Creates or updates the user, answers a new token as `data`.
    @Sendable static func login(_ context: YoufanContext) throws -> YoufanAnswer {
        let arguments = context.arguments
        let account = arguments.text("account")
        let record = arguments.json("json")
        guard let userID = YoufanCapture.identifier(record, "id") else { throw YoufanFailure.notFound("json 缺少 id") }
        guard arguments.text("sign").lowercased() == sign(account: account, userID: userID) else {
            throw YoufanFailure(message: "签名错误", code: -104)
        }
        let token = newToken()
        try context.store.accounts.signIn(userID: userID, account: account, profile: profile(record, userID: userID).encoded(),
                                          token: token)
        return YoufanAnswer(data: .string(token))
    }

    /// `WXSC_Account/LoginWithRegisterExternal` — registers the user a third-party
    /// login names (`ProviderLoginKey`), with the profile fields sent; the app then signs in with
    /// `User/login`, which issues the token. The app only logs the answer.
    @Sendable static func registerExternal(_ context: YoufanContext) throws -> YoufanAnswer {
        let arguments = context.arguments
        let key = arguments.text("ProviderLoginKey")
        let record = JSON.object([
            ("id", .string(key)), ("nickName", .string(arguments.query.optional(["nickName", "NickName"]) ?? "")),
            ("headPortrait", .string(arguments.query.optional(["headPortrait", "HeadPortrait"]) ?? "")),
        ])
        try context.store.accounts.register(userID: key, account: arguments.text("LoginProviderName"),
                                            profile: profile(record, userID: key).encoded())
        return .done
    }

    /// The stored profile, with the server's key names (the mapping kept in a comment of
    /// MB `Wefafa/AppDelegate.m`: `user_id ← id`, `nick_name ← nickName`, `head_img ← headPortrait`,
    /// `phone ← phoneNumber`).
    static func profile(_ record: JSON, userID: String) -> JSON {
        .object([
            ("user_id", .string(userID)), ("nick_name", .string(record["nickName"]?.stringValue ?? "")),
            ("head_img", .string(record["headPortrait"]?.stringValue ?? "")),
            ("phone", .string(record["phoneNumber"]?.stringValue ?? "")), ("head_v_type", "0"), ("back_img", ""),
        ])
    }

    /// `md5(account + "-" + SIGN_KEY + "-" + userID)` in lower-case hex, as the app signs.
    static func sign(account: String, userID: String) -> String {
        hex(Insecure.MD5.hash(data: Array("\(account)-\(signKey)-\(userID)".utf8)))
    }

    /// 32 random hex digits.
    static func newToken() -> String {
        hex((0..<16).map { _ in UInt8.random(in: 0...255) })
    }

    private static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xF)]] }, as: UTF8.self)
    }
}
