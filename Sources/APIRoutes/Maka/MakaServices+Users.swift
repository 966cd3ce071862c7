import HTTPServer
import Store
import Wire

/// `/app/user/…`: register, login, forgotten password, profile read and update.
extension MakaServices {
    static let readOnlyProfileKeys: Set<String> = ["uid", "email", "password", "createTime", "token"]

    func register(_ request: HTTPRequest, _ parameters: Parameters) throws -> HTTPResponse {
        let rawEmail = try MakaInput.required(parameters, "email")
        let rawPassword = try MakaInput.required(parameters, "password")
        let email = try MakaInput.email(rawEmail)
        let password = try MakaInput.password(rawPassword)
        if try users.exists(email: email) { throw MakaFailure.emailTaken }
        let token = MakaTokens.generate()
        let nickname = String(email.prefix { $0 != "@" }.prefix(30))
        switch try users.register(email: email, passwordHash: try hasher.hash(password), nickname: nickname, token: token) {
        case .created(let user): return Envelope.maka(data: user.session(token: token))
        case .emailTaken: throw MakaFailure.emailTaken
        }
    }

    func login(_ request: HTTPRequest, _ parameters: Parameters) throws -> HTTPResponse {
        let rawEmail = try MakaInput.required(parameters, "email")
        let password = try MakaInput.required(parameters, "password")
        let email = try MakaInput.email(rawEmail)
        guard let credentials = try users.credentials(email: email) else {
            _ = hasher.verify(password, against: decoyHash)
            throw MakaFailure.wrongCredentials
        }
        let verified = hasher.verify(password, against: credentials.passwordHash)
        guard acceptsAnyPassword || verified,
              let user = try users.user(uid: credentials.uid) else { throw MakaFailure.wrongCredentials }
        if verified, hasher.needsRehash(credentials.passwordHash) {
            try users.replacePasswordHash(uid: user.uid, with: try hasher.hash(password))
        }
        let token = MakaTokens.generate()
        try users.issueToken(token, uid: user.uid)
        return Envelope.maka(data: user.session(token: token))
    }

    /// Acknowledges a reset request for a known email (the mock sends no mail).
    func forgetPassword(_ request: HTTPRequest, _ parameters: Parameters) throws -> HTTPResponse {
        let email = try MakaInput.email(try MakaInput.required(parameters, "email"))
        guard try users.exists(email: email) else { throw MakaFailure.notFound("no user is registered with this email") }
        return Envelope.maka(data: .object([("email", .string(email)), ("sent", true)]))
    }

    func profile(_ request: HTTPRequest, _ parameters: Parameters) throws -> HTTPResponse {
        let uid = try userID(request)
        let isOwner = try optionalUID(request, parameters) == uid
        return try Envelope.maka { output in
            guard try users.appendProfileJSON(uid: uid, forOwner: isOwner, to: &output) else {
                throw MakaFailure.notFound("user \(uid) not found")
            }
        }
    }

    /// Owner only: `key` + `value` (one field, as the captured client sends) or several fields.
    func updateProfile(_ request: HTTPRequest, _ parameters: Parameters) throws -> HTTPResponse {
        let caller = try authenticatedUID(request, parameters)
        let uid = try userID(request)
        guard try users.user(uid: uid) != nil else { throw MakaFailure.notFound("user \(uid) not found") }
        guard caller == uid else { throw MakaFailure.notOwner("this profile") }
        let changes = try MakaChangeSet(parameters, readOnly: Self.readOnlyProfileKeys,
                                        editable: MakaProfileField.allCases.map(\.rawValue))
        let values = try changes.fields.map { name, value in try Self.profileValue(name, value) }
        guard let user = try users.update(uid: uid, changes: values) else {
            throw MakaFailure.notFound("user \(uid) not found")
        }
        return Envelope.maka(data: user.json(forOwner: true))
    }

    private func userID(_ request: HTTPRequest) throws -> Int64 {
        let text = request.pathParameters["uid"] ?? ""
        guard let uid = MakaInput.decimal(text), uid > 0 else { throw MakaFailure.notFound("user \(text) not found") }
        return Int64(uid)
    }

    private static func profileValue(_ name: String, _ raw: String) throws(MakaFailure) -> (MakaProfileField, SQLValue) {
        guard let field = MakaProfileField(rawValue: name) else { throw .invalid("unknown field \(name)") }
        switch field {
        case .nickname: return (field, .text(try MakaInput.text(raw, name: name, length: 1...30)))
        case .thumb: return (field, .text(try MakaInput.url(raw, name: name)))
        case .username, .city, .province, .truename: return (field, .text(try MakaInput.text(raw, name: name, length: 0...30)))
        case .company, .industry: return (field, .text(try MakaInput.text(raw, name: name, length: 0...60)))
        case .mobile: return (field, .text(try MakaInput.text(raw, name: name, length: 0...20)))
        }
    }
}
