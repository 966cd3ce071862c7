import Foundation
import Testing
import Wire

/// Login, register and the profile as the real clients send them and read them (WIRE.md §4.2–§4.4).
@Suite struct MakaLoginWireTests {
    static let qtEmail = "250176996@qq.com"
    static let qtPassword = "bnfSJ27JLq/CCnUHH68YQg=="
    /// The headers QT's `QTAPIClient.m` puts on every request.
    static let qtHeaders = ["Accept": "application/json", "Referer": "http://api.maka.im/",
                            "sign": "386278108771d475b8facbf1b25114a7"]

    let server: MakaTestServer
    let client: MakaClient

    init() async throws {
        server = try await MakaTestServer(seeded: true)
        client = MakaClient(server: server)
    }

    /// Every key QT's `UserInfoItem`/`UserDetailItem` binds, with the JSON type it needs.
    static func expectQTUser(_ data: JSON, owner: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(data["uid"]?.isWireInteger == true, "uid is a JSON integer", sourceLocation: sourceLocation)
        var texts = ["username", "nickname", "thumb", "company", "province", "city", "industry"]
        var integers = ["level", "templateNumber"]
        if owner {
            texts += ["email", "mobile", "truename"]
            integers += ["accountBalance", "acountBalance"]
        }
        for key in texts { #expect(data[key]?.isWireString == true, "\(key) is a string", sourceLocation: sourceLocation) }
        for key in integers { #expect(data[key]?.isWireInteger == true, "\(key) is an integer", sourceLocation: sourceLocation) }
        #expect(data["avatar"] == nil, "the clients read thumb", sourceLocation: sourceLocation)
        #expect(!data.containsNull, "QT stores data in NSUserDefaults: no null", sourceLocation: sourceLocation)
    }

    @Test func qtLogsInByMultipartWithItsHardCodedAccount() async throws {
        let boundary = "Boundary+6D3E86AC2C6B4B38"
        var body = ""
        for (name, value) in [("email", Self.qtEmail), ("password", Self.qtPassword), ("timestamp", "1474272000000")] {
            body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n"
        }
        body += "--\(boundary)--\r\n"
        var headers = Self.qtHeaders
        headers["Content-Type"] = "multipart/form-data; boundary=\(boundary)"
        let login = try await client.send("POST", "/app/user/login", headers: headers, bodyOverride: Data(body.utf8))
        #expect(login.code == 200, "\(login.text)")
        #expect(login.json["code"]?.isWireInteger == true)
        #expect(login.data["uid"]?.intValue == 1999139)
        #expect(login.data["token"]?.isWireString == true)
        #expect(login.data["email"]?.stringValue == Self.qtEmail)
        #expect(login.data["user"] == nil || login.data["user"]?.objectValue != nil)
        Self.expectQTUser(login.data, owner: true)
    }

    @Test func formAndJSONLoginsAnswerTheSameShape() async throws {
        let form = try await client.send("POST", "/app/user/login", form: [("email", Self.qtEmail), ("password", Self.qtPassword)])
        #expect(form.code == 200, "\(form.text)")
        Self.expectQTUser(form.data, owner: true)
        let json = try await client.send("POST", "/app/user/login",
                                         json: #"{"email":"\#(Self.qtEmail)","password":"\#(Self.qtPassword)"}"#)
        #expect(json.code == 200, "\(json.text)")
        Self.expectQTUser(json.data, owner: true)
        #expect(json.data["token"]?.stringValue != form.data["token"]?.stringValue, "each login its own token")
    }

    @Test func registerAnswersLikeLoginWithEmptyTextsForUnsetFields() async throws {
        let registered = try await client.send("POST", "/app/user/register", form: [("email", "new@maka.im"), ("password", "secret123")])
        #expect(registered.code == 200, "\(registered.text)")
        Self.expectQTUser(registered.data, owner: true)
        #expect(registered.data["company"]?.stringValue == "")
        #expect(registered.data["accountBalance"]?.intValue == 0)
        #expect(registered.data["token"]?.isWireString == true)
    }

    @Test func qtReadsAndEditsTheProfileWithTheTokenInTheQuery() async throws {
        let session = try await client.login(Self.qtEmail, password: Self.qtPassword)
        let query = "timestamp=1474272000000&token=\(session.token)&uid=\(session.uid)"
        let own = try await client.send("GET", "/app/user/\(session.uid)?\(query)", headers: Self.qtHeaders)
        #expect(own.code == 200, "\(own.text)")
        Self.expectQTUser(own.data, owner: true)
        #expect(own.data["acountBalance"]?.intValue == 30)

        let stranger = try await client.get("/app/user/\(session.uid)")
        Self.expectQTUser(stranger.data, owner: false)
        #expect(stranger.data["email"] == nil && stranger.data["mobile"] == nil, "private fields stay private")

        let thumb = "http://img1.maka.im/user/1999139/new.jpeg"
        let edited = try await client.send("PUT", "/app/user/\(session.uid)?\(query)", form: [("key", "thumb"), ("value", thumb)])
        #expect(edited.code == 200, "\(edited.text)")
        #expect(edited.data["thumb"]?.stringValue == thumb)
        let several = try await client.send("PUT", "/app/user/\(session.uid)?\(query)",
                                            form: [("company", "趣图科技"), ("province", "广东"), ("industry", "婚庆")])
        #expect(several.code == 200, "\(several.text)")
        #expect(several.data["company"]?.stringValue == "趣图科技")
        #expect(several.data["industry"]?.stringValue == "婚庆")
        Self.expectQTUser(several.data, owner: true)

        let tokenScheme = try await client.send("GET", "/app/events", headers: ["Authorization": "Token token=\"\(session.token)\""])
        #expect(tokenScheme.code == 200, "QT's unused Token scheme is accepted too: \(tokenScheme.text)")
        let wrongToken = try await client.send("GET", "/app/events", headers: ["Authorization": "Token token=\"nope\""])
        #expect(wrongToken.code == 401)
    }

    /// The profile read writes the user straight from the database row; an edit answers the
    /// user it just stored. Both must be the same bytes, escapes and non-ASCII text included.
    @Test func profileReadAnswersTheBytesAnEditAnswers() async throws {
        let session = try await client.login(Self.qtEmail, password: Self.qtPassword)
        let query = "token=\(session.token)&uid=\(session.uid)"
        let edited = try await client.send("PUT", "/app/user/\(session.uid)?\(query)",
                                           form: [("company", #"趣图 "科技" \ é"#), ("province", #"say "hi" \ x"#), ("city", "a/b")])
        #expect(edited.code == 200, "\(edited.text)")
        #expect(edited.data["company"]?.stringValue == #"趣图 "科技" \ é"#)
        let read = try await client.send("GET", "/app/user/\(session.uid)?\(query)")
        #expect(read.code == 200)
        #expect(read.text == edited.text, "profile read: \(read.text)\nedit answer: \(edited.text)")
        #expect(read.text.contains(#""company":"趣图 \"科技\" \\ é""#), "\(read.text)")
        #expect(read.text.contains(#""province":"say \"hi\" \\ x""#), "\(read.text)")
    }
}
