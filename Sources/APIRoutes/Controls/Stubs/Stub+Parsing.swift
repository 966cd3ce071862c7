import HTTPServer
import Wire

extension Stub {
    static let keys = ["id", "name", "priority", "request", "response", "patch", "patchAt", "times", "remaining", "scenario",
                       "persistent"]
    static let responseKeys = ["status", "headers", "body", "jsonBody", "delayMs"]
    static let scenarioKeys = ["name", "requiredState", "newState"]

    /// Reads a stub definition as `POST /__admin/stubs` takes it. `id` (from the route of a
    /// `PUT`) wins over the body's; without either a fresh one is made. Every problem is an
    /// `AdminInputError` naming the key.
    init(parsing json: JSON, id givenID: String? = nil) throws {
        guard let members = json.objectValue else {
            throw AdminInputError("the stub must be an object like {\"request\":{\"path\":\"/app/events\"},\"response\":{\"status\":503}}")
        }
        try ControlsAdminRoutes.refuseUnknownKeys(members, known: Self.keys, in: "the stub")
        let bodyID = try ControlsAdminRoutes.string(json["id"], "id")
        if let givenID, let bodyID, bodyID != givenID {
            throw AdminInputError("the body's id \"\(bodyID)\" differs from the id \"\(givenID)\" in the path")
        }
        id = givenID ?? bodyID ?? Self.generatedID()
        guard !id.isEmpty, !id.contains("/") else { throw AdminInputError("id \"\(id)\" must be non-empty and have no /") }
        name = try ControlsAdminRoutes.string(json["name"], "name")
        priority = try Self.integer(json["priority"], "priority", minimum: nil) ?? Self.defaultPriority
        guard let request = json["request"], !request.isNull else {
            throw AdminInputError("the stub needs a \"request\" matcher ({} matches every request)")
        }
        self.request = try RequestMatcher(parsing: request, name: "request")
        answer = try Self.answer(response: json["response"], patch: json["patch"], patchAt: json["patchAt"])
        times = try Self.integer(json["times"], "times", minimum: 1)
        remaining = try Self.integer(json["remaining"], "remaining", minimum: 1)
        if let remaining {
            guard let times else { throw AdminInputError("\"remaining\" goes with \"times\" (the answers left of them)") }
            guard remaining <= times else { throw AdminInputError("remaining \(remaining) must be at most times (\(times))") }
        }
        scenario = try json["scenario"].flatMap { $0.isNull ? nil : try Self.scenario($0) }
        switch json["persistent"] {
        case nil, .null?: persistent = false
        case let .bool(value)?: persistent = value
        default: throw AdminInputError("persistent must be true or false")
        }
        definition = .object([(key: "id", value: JSON.string(id))] + members.filter { $0.key != "id" && $0.key != "remaining" })
    }

    private static func answer(response: JSON?, patch: JSON?, patchAt: JSON?) throws -> Answer {
        let response = response.flatMap { $0.isNull ? nil : $0 }
        let patch = patch.flatMap { $0.isNull ? nil : $0 }
        switch (response, patch) {
        case (_?, _?):
            throw AdminInputError("the stub has both \"response\" and \"patch\"; give one")
        case (nil, nil):
            throw AdminInputError("the stub needs a \"response\" (its own answer) or a \"patch\" (a JSON merge patch over the server's answer)")
        case let (response?, nil):
            if let patchAt, !patchAt.isNull { throw AdminInputError("\"patchAt\" goes with \"patch\", not \"response\"") }
            return .response(try stubResponse(response))
        case let (nil, patch?):
            let target = try ControlsAdminRoutes.string(patchAt, "patchAt").map { try JSONPath(parsing: $0, name: "patchAt") }
            return .patch(patch, target: target)
        }
    }

    private static func stubResponse(_ json: JSON) throws -> StubResponse {
        guard let members = json.objectValue else {
            throw AdminInputError("response must be an object like {\"status\":200,\"jsonBody\":{…}}")
        }
        try ControlsAdminRoutes.refuseUnknownKeys(members, known: responseKeys, in: "response")
        let status = try integer(json["status"], "response.status", minimum: 100) ?? 200
        guard status <= 599 else { throw AdminInputError("response.status \(status) must be from 100 to 599") }
        var headers = try responseHeaders(json["headers"])
        let text = try ControlsAdminRoutes.string(json["body"], "response.body")
        let jsonBody = json["jsonBody"]
        if text != nil, jsonBody != nil { throw AdminInputError("response has both \"body\" and \"jsonBody\"; give one") }
        var body = Array((text ?? "").utf8)
        if let jsonBody {
            body = jsonBody.encoded()
            if !headers.contains("Content-Type") { headers.add(name: "Content-Type", value: "application/json; charset=utf-8") }
        }
        return StubResponse(status: HTTPStatus(code: status), headers: headers, body: body,
                            delayMilliseconds: try integer(json["delayMs"], "response.delayMs", minimum: 0))
    }

    private static func responseHeaders(_ json: JSON?) throws -> HTTPHeaders {
        guard let json, !json.isNull else { return HTTPHeaders() }
        guard let members = json.objectValue else {
            throw AdminInputError("response.headers must be an object like {\"Retry-After\":\"1\"}")
        }
        var headers = HTTPHeaders()
        for (name, value) in members {
            guard !name.isEmpty, name.utf8.allSatisfy(ByteClass.isToken) else {
                throw AdminInputError("response.headers: \"\(name)\" is not a valid header name")
            }
            let values = value.arrayValue ?? [value]
            for item in values {
                guard let text = item.stringValue, !text.contains(where: \.isNewline) else {
                    throw AdminInputError("response.headers.\(name) must be a string (or a list of strings) without line breaks")
                }
                headers.add(name: name, value: text)
            }
        }
        return headers
    }

    private static func scenario(_ json: JSON) throws -> Scenario {
        guard let members = json.objectValue else {
            throw AdminInputError("scenario must be an object like {\"name\":\"retry\",\"requiredState\":\"Started\",\"newState\":\"failed once\"}")
        }
        try ControlsAdminRoutes.refuseUnknownKeys(members, known: scenarioKeys, in: "scenario")
        guard let name = try ControlsAdminRoutes.string(json["name"], "scenario.name"), !name.isEmpty else {
            throw AdminInputError("scenario needs a \"name\"")
        }
        return Scenario(name: name, requiredState: try ControlsAdminRoutes.string(json["requiredState"], "scenario.requiredState"),
                        newState: try ControlsAdminRoutes.string(json["newState"], "scenario.newState"))
    }

    /// A whole number (`12`, not `12.5` or `"12"`) of at least `minimum`, or nil when absent.
    private static func integer(_ json: JSON?, _ name: String, minimum: Int?) throws -> Int? {
        guard let json, !json.isNull else { return nil }
        guard let value = json.intValue, json.stringValue == nil else { throw AdminInputError("\(name) must be a whole number") }
        if let minimum, value < minimum { throw AdminInputError("\(name) must be at least \(minimum), not \(value)") }
        return value
    }
}
