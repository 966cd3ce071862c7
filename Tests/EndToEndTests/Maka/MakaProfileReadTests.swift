import Testing
import Wire

/// `GET /app/user/{uid}` answers from the JSON each user's row keeps (`MakaSchema.userJSON`),
/// while register, login and a profile edit still write the User from its fields
/// (`MakaUserWire`): every write shows at once in the next read, byte for byte the User the
/// write itself answered, for the owner and for anyone else.
@Suite struct MakaProfileReadTests {
    let server: MakaTestServer
    let client: MakaClient

    init() async throws {
        server = try await MakaTestServer(seeded: true)
        client = MakaClient(server: server)
    }

    @Test func aRegisteredUserReadsBackAsTheRegistrationWroteIt() async throws {
        let registered = try await client.send("POST", "/app/user/register",
                                               form: [("email", "Read.Back@Example.com"), ("password", "secret123")])
        let uid = try #require(registered.data["uid"]?.intValue)
        let token = try #require(registered.data["token"]?.stringValue)
        let own = try await client.get("/app/user/\(uid)", token: token)
        #expect(own.text == Self.envelope(Self.withoutToken(registered.text)))
        let anonymous = try await client.get("/app/user/\(uid)")
        #expect(anonymous.text == Self.envelope(Self.publicUser(uid: uid, nickname: "read.back",
                                                                createTime: try #require(registered.data["createTime"]?.stringValue))))
    }

    @Test func everyProfileEditShowsInTheNextReadAsTheEditAnsweredIt() async throws {
        let (uid, token) = try await client.register("editor@maka.im")
        let edits: [(String, String)] = [
            ("nickname", #"引号"与\反斜杠\b"#), ("username", "emoji 😀 and \u{2028}"), ("thumb", "https://img.maka.im/a.png"),
            ("company", #"C:\path\to "x""#), ("truename", "王小明"), ("mobile", "13800138000"), ("province", "浙江"),
            ("city", "杭州"), ("industry", #"\u0008 literal"#),
        ]
        for (key, value) in edits {
            let edited = try await client.send("PUT", "/app/user/\(uid)", form: [("key", key), ("value", value)], token: token)
            #expect(edited.code == 200, "\(key): \(edited.text)")
            let own = try await client.get("/app/user/\(uid)", token: token)
            #expect(own.text == edited.text, "\(key)")
            let anonymous = try await client.get("/app/user/\(uid)")
            #expect(anonymous.text == Self.withoutOwnerFields(edited.text), "\(key)")
        }
        let relogged = try await client.send("POST", "/app/user/login", form: [("email", "editor@maka.im"), ("password", "secret123")])
        let own = try await client.get("/app/user/\(uid)", token: token)
        #expect(own.text == Self.envelope(Self.withoutToken(relogged.text)))
    }

    @Test func aRefusedEditOrALoginLeavesTheProfileAsItWas() async throws {
        let (uid, token) = try await client.register("stays@maka.im")
        let before = try await client.get("/app/user/\(uid)", token: token)
        let refused = try await client.send("PUT", "/app/user/\(uid)", form: [("key", "nickname"), ("value", "")], token: token)
        #expect(refused.code != 200)
        _ = try await client.login("stays@maka.im", password: "secret123")
        let after = try await client.get("/app/user/\(uid)", token: token)
        #expect(after.text == before.text)
        #expect(after.data["nickname"]?.stringValue == "stays")
    }

    /// `{"code":200,"msg":"ok","data":USER}`.
    static func envelope(_ user: String) -> String { #"{"code":200,"msg":"ok","data":"# + user + "}" }

    /// The User of a register or login answer without its envelope and its `token`.
    static func withoutToken(_ answer: String) -> String {
        let user = answer.dropFirst(#"{"code":200,"msg":"ok","data":"#.count).dropLast()
        guard let token = user.range(of: #","token":""#) else { return String(user) }
        return String(user[..<token.lowerBound]) + "}"
    }

    /// An owner's answer as anyone else gets it: without the members from `email` on.
    static func withoutOwnerFields(_ answer: String) -> String {
        guard let owner = answer.range(of: #","email":""#) else { return answer }
        return String(answer[..<owner.lowerBound]) + "}}"
    }

    static func publicUser(uid: Int, nickname: String, createTime: String) -> String {
        #"{"uid":\#(uid),"username":"","nickname":"\#(nickname)","thumb":"","company":"","province":"","#
            + #""city":"","industry":"","level":0,"templateNumber":0,"createTime":"\#(createTime)"}"#
    }
}
