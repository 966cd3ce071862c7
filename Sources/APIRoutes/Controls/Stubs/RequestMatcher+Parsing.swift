import Wire

extension RequestMatcher {
    static let keys = ["method", "path", "pathPattern", "action", "params", "headers", "body"]

    /// Reads a request matcher; unknown keys are refused, so a typo never matches everything.
    /// `extraKeys` are keys the caller reads itself (verification's `answeredBy`).
    init(parsing json: JSON, name: String, extraKeys: [String] = []) throws {
        guard let members = json.objectValue else {
            throw AdminInputError("\(name) must be an object like {\"method\":\"GET\",\"path\":\"/app/events\"}")
        }
        try ControlsAdminRoutes.refuseUnknownKeys(members, known: Self.keys + extraKeys, in: name)
        method = try ControlsAdminRoutes.string(json["method"], "\(name).method")?.uppercased()
        let path = try ControlsAdminRoutes.string(json["path"], "\(name).path")
        let pattern = try ControlsAdminRoutes.string(json["pathPattern"], "\(name).pathPattern")
        switch (path, pattern) {
        case (_?, _?):
            throw AdminInputError("\(name) has both path and pathPattern; give one")
        case let (path?, nil):
            guard path.hasPrefix("/") else { throw AdminInputError("\(name).path \"\(path)\" must start with /") }
            self.path = .exact(path)
        case let (nil, pattern?):
            guard let regex = StubRegex(pattern) else {
                throw AdminInputError(StubRegex.invalidMessage("\(name).pathPattern", pattern))
            }
            self.path = .pattern(regex)
        case (nil, nil):
            self.path = nil
        }
        if let action = json["action"], !action.isNull {
            self.action = try Self.action(action, name: "\(name).action")
        }
        params = try Self.namedMatchers(json["params"], name: "\(name).params")
        headers = try Self.namedMatchers(json["headers"], name: "\(name).headers")
        if let body = json["body"], !body.isNull {
            self.body = try ValueMatcher(parsing: body, name: "\(name).body")
        }
        self.json = .object(members.filter { Self.keys.contains($0.key) })
    }

    private static func action(_ json: JSON, name: String) throws -> (module: String, action: String) {
        guard let members = json.objectValue else { throw AdminInputError("\(name) must be an object like {\"m\":\"Product\",\"a\":\"getProductDetails\"}") }
        try ControlsAdminRoutes.refuseUnknownKeys(members, known: ["m", "a"], in: name)
        guard let module = try ControlsAdminRoutes.string(json["m"], "\(name).m"),
              let action = try ControlsAdminRoutes.string(json["a"], "\(name).a")
        else { throw AdminInputError("\(name) needs both \"m\" and \"a\"") }
        return (module, action)
    }

    private static func namedMatchers(_ json: JSON?, name: String) throws -> [(name: String, matcher: ValueMatcher)] {
        guard let json, !json.isNull else { return [] }
        guard let members = json.objectValue else {
            throw AdminInputError("\(name) must be an object of name → matcher, like {\"page\":{\"equalTo\":\"1\"}}")
        }
        return try members.map { member in
            (member.key, try ValueMatcher(parsing: member.value, name: "\(name).\(member.key)"))
        }
    }
}
