import HTTPServer
import Wire

extension ControlsAdminRoutes {
    /// `GET /__admin/rules`: the seed, the global settings in force, and the runtime rules.
    func rulesResponse() -> HTTPResponse {
        let global = policy.global
        return Self.ok(.object([
            ("seed", .string(String(policy.seed))),
            ("global", .object([
                ("latency", .string(global.latency?.description)),
                ("fault", .string(global.fault?.kindsDescription)),
                ("faultRate", global.fault.map { .number($0.rate) } ?? .null),
            ])),
            ("rules", .array(policy.rules.map(\.json))),
        ]))
    }

    /// `PUT /__admin/rules` with `{"rules":[…], "global":{…}}`: replaces the rules (and the
    /// global settings when `global` is present). Nothing changes when any part is wrong.
    func replaceRules(_ request: HTTPRequest) throws -> HTTPResponse {
        let body = try Self.jsonBody(of: request)
        guard let members = body.objectValue else {
            throw AdminInputError("the body must be an object like {\"rules\":[{\"path\":\"/app/templates\",\"latency\":\"200ms\"}]}")
        }
        try Self.refuseUnknownKeys(members, known: ["rules", "global"], in: "the body")
        var rules: [MockRule] = []
        if let list = body["rules"], !list.isNull {
            guard let items = list.arrayValue else { throw AdminInputError("\"rules\" must be an array") }
            for (index, item) in items.enumerated() {
                rules.append(try Self.rule(from: item, index: index))
            }
            if let duplicate = Dictionary(grouping: rules, by: \.id).first(where: { $0.value.count > 1 })?.key {
                throw AdminInputError("two rules have the id \"\(duplicate)\"")
            }
        }
        let global = try body["global"].map(Self.globalControls(from:))
        policy.replace(rules: rules, global: global)
        return rulesResponse()
    }

    /// `DELETE /__admin/rules`: drops the rules and restores the command-line global settings.
    func restoreRules(_ request: HTTPRequest) throws -> HTTPResponse {
        policy.restoreStartupSettings()
        return rulesResponse()
    }

    static func rule(from json: JSON, index: Int) throws -> MockRule {
        let name = "rules[\(index)]"
        guard let members = json.objectValue else { throw AdminInputError("\(name) must be an object") }
        try refuseUnknownKeys(members, known: ["id", "method", "path", "m", "a", "latency", "fault", "faultRate"], in: name)
        let id = try string(json["id"], "\(name).id") ?? "rule-\(index + 1)"
        guard let path = try string(json["path"], "\(name).path") else {
            throw AdminInputError("\(name) needs a \"path\" (exact, /app/user/:uid, or a prefix ending in *)")
        }
        let method = try string(json["method"], "\(name).method").map { HTTPMethod($0.uppercased()) }
        do {
            let latency = try string(json["latency"], "\(name).latency").map { text throws(ControlSyntaxError) in
                try LatencySpec(parsing: text)
            }
            let fault = try faultPlan(kinds: json["fault"], rate: json["faultRate"], in: name)
            return try MockRule(id: id, method: method, path: path, module: try string(json["m"], "\(name).m"),
                                action: try string(json["a"], "\(name).a"), latency: latency, fault: fault)
        } catch let error as ControlSyntaxError {
            throw AdminInputError("\(name): \(error.message)")
        }
    }

    static func globalControls(from json: JSON) throws -> GlobalControls {
        guard let members = json.objectValue else { throw AdminInputError("\"global\" must be an object") }
        try refuseUnknownKeys(members, known: ["latency", "fault", "faultRate"], in: "global")
        do {
            let latency = try string(json["latency"], "global.latency").map { text throws(ControlSyntaxError) in
                try LatencySpec(parsing: text)
            }
            return GlobalControls(latency: latency, fault: try faultPlan(kinds: json["fault"], rate: json["faultRate"], in: "global"))
        } catch let error as ControlSyntaxError {
            throw AdminInputError("global: \(error.message)")
        }
    }

    private static func faultPlan(kinds: JSON?, rate: JSON?, in name: String) throws -> FaultPlan? {
        guard let kindsText = try string(kinds, "\(name).fault") else {
            if let rate, !rate.isNull { throw AdminInputError("\(name).faultRate needs a \"fault\"") }
            return nil
        }
        var rateValue = 1.0
        if let rate, !rate.isNull {
            guard let value = rate.doubleValue else { throw AdminInputError("\(name).faultRate must be a number from 0 to 1") }
            rateValue = value
        }
        return try FaultPlan(kinds: FaultKind.parseList(kindsText), rate: rateValue)
    }

    static func string(_ value: JSON?, _ name: String) throws -> String? {
        switch value {
        case nil, .null?: return nil
        case let .string(text)?: return text
        default: throw AdminInputError("\(name) must be a string")
        }
    }

    static func refuseUnknownKeys(_ members: [(key: String, value: JSON)], known: [String], in name: String) throws {
        if let unknown = members.first(where: { !known.contains($0.key) }) {
            throw AdminInputError("\(name) has an unknown key \"\(unknown.key)\"; known keys: \(known.joined(separator: ", "))")
        }
    }
}

extension MockRule {
    /// The rule as the admin API shows and accepts it.
    var json: JSON {
        .object([
            ("id", .string(id)),
            ("method", .string(method?.rawValue)),
            ("path", .string(path)),
            ("m", .string(module)),
            ("a", .string(action)),
            ("latency", .string(latency?.description)),
            ("fault", .string(fault?.kindsDescription)),
            ("faultRate", fault.map { .number($0.rate) } ?? .null),
        ])
    }
}
