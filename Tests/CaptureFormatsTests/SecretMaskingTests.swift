import CaptureFormats
import Testing
import Wire

/// The one masking rule: which values are secret, how each place a secret can sit is masked,
/// and that `--keep-secrets` (`keepingSecrets`) leaves everything as it was.
struct SecretMaskingTests {
    let masking = SecretMasking.standard

    @Test(arguments: ["token", "Token", "password", "access_token", "deviceToken", "new-password", "refreshToken"])
    func secretNames(name: String) {
        #expect(SecretMasking.isSecretName(name))
    }

    @Test(arguments: ["tokens", "uid", "passwordHint", "m", "sign"])
    func ordinaryNames(name: String) {
        #expect(!SecretMasking.isSecretName(name))
    }

    @Test func authorizationKeepsItsSchemeCookiesKeepTheirNamesSetCookieKeepsItsAttributes() {
        let cases: [(name: String, value: String, masked: String)] = [
            ("Authorization", "Bearer eyJhbGciOi.abc", "Bearer [masked]"),
            ("proxy-authorization", "opaque", "[masked]"),
            ("Cookie", "sid=123; theme=dark", "sid=[masked]; theme=[masked]"),
            ("Set-Cookie", "sid=456; Path=/; HttpOnly", "sid=[masked]; Path=/; HttpOnly"),
            ("token", "t-1", "[masked]"),
            ("Accept", "application/json", "application/json"),
        ]
        let masked = masking.headers(HTTPHeaders(cases.map { (name: $0.name, value: $0.value) }))
        #expect(masked == HTTPHeaders(cases.map { (name: $0.name, value: $0.masked) }))
    }

    /// Header names are ruled out by their last byte before the full rules run: a secret name
    /// ending in any case, or in a `-` or `_` the name rules skip, still reaches them.
    @Test(arguments: ["X-Auth-Token_", "TOKEN", "x-password-", "Device-Token", "PROXY-AUTHORIZATION", "COOKIE", "set-Cookie"])
    func secretHeadersAreMaskedWhateverTheirLastByte(name: String) {
        let masked = masking.headers(HTTPHeaders([(name: name, value: "Bearer sid=abc")]))
        #expect(masked.fields.count == 1)
        #expect(masked.fields[0].name == name)
        #expect(!masked.fields[0].value.contains("abc"), "\(name): \(masked.fields[0].value)")
    }

    @Test(arguments: ["Host", "Content-Type", "Origin", "X-Tokenish", "Vary", "Access-Control-Allow-Origin", "-", ""])
    func ordinaryHeadersKeepTheirValues(name: String) {
        let headers = HTTPHeaders([(name: name, value: "Bearer sid=abc")])
        #expect(masking.headers(headers) == headers)
    }

    /// The search for `token` and `password` that decides whether a body is parsed at all finds
    /// them in any case, at the very start and the very end, and not in fewer bytes.
    @Test func aSecretWordIsFoundAtEitherEndOfABodyInAnyCase() {
        let form = "application/x-www-form-urlencoded"
        #expect(String(decoding: masking.body(Array("PassWord=1".utf8), contentType: form), as: UTF8.self)
            == "PassWord=%5Bmasked%5D")
        #expect(String(decoding: masking.body(Array("a=1&x_TOKEN=".utf8), contentType: form), as: UTF8.self)
            == "a=1&x_TOKEN=%5Bmasked%5D")
        #expect(String(decoding: masking.body(Array(#"{"tokeN":1}"#.utf8), contentType: nil), as: UTF8.self)
            == #"{"tokeN":"[masked]"}"#)
        for body in ["toke", "passwor=1", "a=pass&b=word", "tok=en"] {
            #expect(masking.body(Array(body.utf8), contentType: form) == Array(body.utf8), "\(body)")
        }
    }

    /// The search reads eight bytes at a time: a secret word is found wherever it starts
    /// relative to those eight, in the last bytes that do not fill eight, and among many
    /// `t`s and `p`s (and `to`s and `pa`s) that start no secret word, whichever of the two is
    /// the secret.
    @Test(arguments: 0..<20)
    func aSecretWordIsFoundAtEveryOffset(_ offset: Int) {
        let form = "application/x-www-form-urlencoded"
        let padding = "a=" + String(repeating: "tp", count: 20).prefix(offset)
        let body = padding + "&TOKEN=1&b=" + String(repeating: "x", count: offset % 7)
        #expect(String(decoding: masking.body(Array(body.utf8), contentType: form), as: UTF8.self)
            == padding + "&TOKEN=%5Bmasked%5D&b=" + String(repeating: "x", count: offset % 7))
        let password = padding + "&toPa=x&newPassWord=2"
        #expect(String(decoding: masking.body(Array(password.utf8), contentType: form), as: UTF8.self)
            == padding + "&toPa=x&newPassWord=%5Bmasked%5D")
        let clean = padding + "&tok=en&pass=word&" + String(repeating: "tpTP", count: offset)
        #expect(masking.body(Array(clean.utf8), contentType: form) == Array(clean.utf8))
    }

    /// The last bytes that do not fill eight are read as the eight that end one byte before the
    /// end: a word that ends the bytes is found after any number of bytes, one cut short is not.
    @Test(arguments: 0..<20)
    func aSecretWordThatEndsTheBytesIsFound(_ length: Int) {
        let padding = String(repeating: "x", count: length)
        #expect(!masking.leavesUnchanged(Array((padding + "Token").utf8)))
        #expect(!masking.leavesUnchanged(Array((padding + "passWORD").utf8)))
        #expect(masking.leavesUnchanged(Array((padding + "Toke").utf8)))
        #expect(masking.leavesUnchanged(Array((padding + "passwor").utf8)))
    }

    @Test func queryParametersAreMaskedInPlace() {
        #expect(masking.target("/app/user/1?uid=1&token=abc%20d&pass%77ord=x#top")
            == "/app/user/1?uid=1&token=%5Bmasked%5D&pass%77ord=%5Bmasked%5D#top")
        #expect(masking.target("https://api.maka.im/app/events?page=2") == "https://api.maka.im/app/events?page=2")
        #expect(masking.target("/app/token/5") == "/app/token/5", "only parameters, never the path")
        #expect(masking.target("/app/token/5?page=1") == "/app/token/5?page=1")
        #expect(masking.target("/a?b=1#token=x") == "/a?b=1#token=x", "the fragment is not the query")
        #expect(masking.target("/中文/?token=1&x=2") == "/中文/?token=%5Bmasked%5D&x=2", "found after bytes of several-byte characters")
        #expect(masking.target("/a?") == "/a?")
        #expect(SecretMasking.keepingSecrets.target("/a?token=1") == "/a?token=1")
    }

    /// The query's `?` is looked for eight bytes at a time: it is found wherever it lies relative
    /// to those eight, in the last bytes that do not fill eight (read as the word that ends the
    /// target), and in targets shorter than a word; a second `?` is part of the query.
    @Test(arguments: 0..<20)
    func theQueryIsFoundAtEveryOffset(_ offset: Int) {
        let path = "/" + String(repeating: "p", count: offset)
        #expect(masking.target(path + "?token=1") == path + "?token=%5Bmasked%5D")
        #expect(masking.target(path + "?a=?&token=1?") == path + "?a=?&token=%5Bmasked%5D")
        #expect(masking.target(path + "?") == path + "?")
        #expect(masking.target(path + "/token") == path + "/token")
    }

    @Test func formAndJSONBodiesAreMaskedAtAnyDepth() {
        let form = masking.body(Array("email=a%40b.c&password=secret".utf8), contentType: "application/x-www-form-urlencoded")
        #expect(String(decoding: form, as: UTF8.self) == "email=a%40b.c&password=%5Bmasked%5D")
        let json = masking.body(Array(#"{"user":{"email":"a@b.c","password":"secret"},"list":[{"token":1}],"n":1.50}"#.utf8),
                                contentType: "application/json; charset=utf-8")
        #expect(String(decoding: json, as: UTF8.self)
            == #"{"user":{"email":"a@b.c","password":"[masked]"},"list":[{"token":"[masked]"}],"n":1.50}"#)
        let plain = Array(#"{"title":"春天"}"#.utf8)
        #expect(masking.body(plain, contentType: "application/json") == plain, "no secret: the bytes as sent")
        let binary: [UInt8] = [0xFF, 0x00, 0x74, 0x6F, 0x6B, 0x65, 0x6E]
        #expect(masking.body(binary, contentType: "application/octet-stream") == binary)
    }

    @Test func aRecordIsMaskedOnBothSidesButKeepsItsResponseBody() {
        let record = CaptureRecord(
            method: "POST", url: "/app/user/login?token=abc",
            requestHeaders: ["Authorization": "Basic dXNlcjpwYXNz"],
            requestBody: Array(#"{"email":"a@b.c","password":"x"}"#.utf8), requestContentType: "application/json",
            status: 200, responseHeaders: ["Set-Cookie": "sid=1"], responseContentType: "application/json",
            responseBody: Array(#"{"data":{"token":"issued"}}"#.utf8))
        let masked = masking.record(record)
        #expect(masked.url == "/app/user/login?token=%5Bmasked%5D")
        #expect(masked.requestHeaders["Authorization"] == "Basic [masked]")
        #expect(String(decoding: masked.requestBody, as: UTF8.self) == #"{"email":"a@b.c","password":"[masked]"}"#)
        #expect(masked.responseHeaders["Set-Cookie"] == "sid=[masked]")
        #expect(masked.responseBody == record.responseBody, "response bodies are the data replay answers with")
        #expect(SecretMasking.keepingSecrets.record(record) == record)
    }
}
