import CaptureFormats
import HTTPServer
import Wire

/// `/__admin/ignored-parameters`: the request parameters that never count when matching
/// captures, per path prefix, so a timestamp, nonce or signature a client computes afresh does
/// not break replay. Those in force at start (the APIs' own, `--ignore-param`) are shown; those
/// set here are added to them until `DELETE` or the next reset.
extension ControlsAdminRoutes {
    /// `GET`: `{"startup":[{"pathPrefix":"/","names":["sign"]}],"rules":[…]}`.
    func ignoredParameters(_ request: HTTPRequest) throws -> HTTPResponse {
        let (startup, runtime) = try requireCaptures().ignoredParameters()
        return Self.ok(.object([("startup", Self.json(startup)), ("rules", Self.json(runtime))]))
    }

    /// `PUT` with `{"rules":[{"pathPrefix":"/app/feed","names":["timestamp","sign"]}]}`: replaces
    /// the runtime rules (`pathPrefix` defaults to `/`, every path) and recomputes the captures'
    /// match keys. Nothing changes when any part is wrong.
    func replaceIgnoredParameters(_ request: HTTPRequest) throws -> HTTPResponse {
        let captures = try requireCaptures()
        let body = try Self.jsonBody(of: request)
        guard let members = body.objectValue else {
            throw AdminInputError("the body must be an object like {\"rules\":[{\"pathPrefix\":\"/app/\",\"names\":[\"timestamp\"]}]}")
        }
        try Self.refuseUnknownKeys(members, known: ["rules"], in: "the body")
        guard let items = body["rules"]?.arrayValue else { throw AdminInputError("\"rules\" must be an array") }
        let rules = try items.enumerated().map { try Self.ignoredParameterRule(from: $0.element, index: $0.offset) }
        try captures.setRuntimeIgnoredParameters(rules)
        return try ignoredParameters(request)
    }

    /// `DELETE`: drops the runtime rules; only those in force at start remain.
    func restoreIgnoredParameters(_ request: HTTPRequest) throws -> HTTPResponse {
        try requireCaptures().setRuntimeIgnoredParameters([])
        return try ignoredParameters(request)
    }

    private static func ignoredParameterRule(from json: JSON, index: Int) throws -> VolatileParameters.Rule {
        let name = "rules[\(index)]"
        guard let members = json.objectValue else { throw AdminInputError("\(name) must be an object") }
        try refuseUnknownKeys(members, known: ["pathPrefix", "names"], in: name)
        let prefix = try string(json["pathPrefix"], "\(name).pathPrefix") ?? "/"
        guard prefix.hasPrefix("/") else { throw AdminInputError("\(name).pathPrefix \"\(prefix)\" must start with /") }
        guard let list = json["names"]?.arrayValue, !list.isEmpty else {
            throw AdminInputError("\(name).names must be a non-empty array of parameter names such as [\"timestamp\",\"sign\"]")
        }
        let names = try list.map { item -> String in
            guard let text = item.stringValue, !text.isEmpty else {
                throw AdminInputError("\(name).names must hold parameter names (non-empty strings)")
            }
            return text
        }
        return VolatileParameters.Rule(pathPrefix: prefix, names: Set(names))
    }

    private static func json(_ rules: [VolatileParameters.Rule]) -> JSON {
        .array(rules.map { rule in
            .object([("pathPrefix", .string(rule.pathPrefix)), ("names", .array(rule.names.sorted().map { .string($0) }))])
        })
    }
}
