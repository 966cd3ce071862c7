import Wire

extension ValueMatcher {
    static let keys = ["equalTo", "contains", "matches", "absent", "jsonPath"]

    /// Reads a matcher object; `name` says where it sits (`request.params.page`) in errors.
    init(parsing json: JSON, name: String) throws {
        guard let members = json.objectValue else {
            throw AdminInputError("\(name) must be an object like {\"equalTo\":\"1\"}; keys: \(Self.keys.joined(separator: ", "))")
        }
        try ControlsAdminRoutes.refuseUnknownKeys(members, known: Self.keys, in: name)
        let jsonPath = try ControlsAdminRoutes.string(json["jsonPath"], "\(name).jsonPath").map {
            try JSONPath(parsing: $0, name: "\(name).jsonPath")
        }
        let predicates = members.filter { $0.key != "jsonPath" }
        guard predicates.count <= 1 else {
            throw AdminInputError("\(name) has \(predicates.map(\.key).joined(separator: " and ")); give one of equalTo, contains, matches, absent")
        }
        guard let chosen = predicates.first else {
            guard jsonPath != nil else {
                throw AdminInputError("\(name) needs one of equalTo, contains, matches, absent (or a jsonPath)")
            }
            self.init(jsonPath: jsonPath, predicate: .present, json: json)
            return
        }
        let predicate = try Self.predicate(chosen.key, chosen.value, name: "\(name).\(chosen.key)", inJSON: jsonPath != nil)
        self.init(jsonPath: jsonPath, predicate: predicate, json: json)
    }

    private static func predicate(_ key: String, _ value: JSON, name: String, inJSON: Bool) throws -> Predicate {
        switch (key, value) {
        case let ("equalTo", .string(text)): return .equalTo(.string(text))
        case ("equalTo", .object), ("equalTo", .array): break
        case ("equalTo", _) where inJSON: return .equalTo(value)
        case let ("contains", .string(text)): return .contains(text)
        case let ("matches", .string(pattern)):
            guard let regex = StubRegex(pattern) else {
                throw AdminInputError(StubRegex.invalidMessage(name, pattern))
            }
            return .matches(regex)
        case let ("absent", .bool(wanted)): return .absent(wanted)
        case ("absent", _): throw AdminInputError("\(name) must be true or false")
        default: break
        }
        throw AdminInputError(inJSON && key == "equalTo"
            ? "\(name) must be a string, number, true, false or null"
            : "\(name) must be a string")
    }
}
