import HTTPServer
import Wire

extension ControlsAdminRoutes {
    /// `GET /__admin/scenarios`: `{"scenarios":[{"name","state","possibleStates"}]}` for every
    /// scenario a stub names, by name.
    func listScenarios(_ request: HTTPRequest) throws -> HTTPResponse {
        _ = try Self.queryParameters(of: request, known: [])
        return Self.ok(.object([("scenarios", .array(stubs.scenarios.map { scenario in
            .object([("name", .string(scenario.name)), ("state", .string(scenario.state)),
                     ("possibleStates", .array(scenario.possibleStates.map(JSON.string)))])
        }))]))
    }

    /// `POST /__admin/scenarios/reset`: every scenario back in `Started`.
    func resetScenarios(_ request: HTTPRequest) throws -> HTTPResponse {
        stubs.resetScenarios()
        return try listScenarios(request)
    }

    /// `PUT /__admin/scenarios/{name}/state` with `{"state":"…"}`: moves one scenario, or 404
    /// when no stub names it.
    func setScenarioState(_ request: HTTPRequest) throws -> HTTPResponse {
        let name = request.pathParameters["name"] ?? ""
        let body = try Self.jsonBody(of: request)
        guard let members = body.objectValue else { throw AdminInputError("the body must be an object like {\"state\":\"Started\"}") }
        try Self.refuseUnknownKeys(members, known: ["state"], in: "the body")
        guard let state = try Self.string(body["state"], "state"), !state.isEmpty else {
            throw AdminInputError("the body needs a \"state\"")
        }
        guard stubs.setScenario(name, to: state) else {
            throw HTTPError(.notFound, "no stub names scenario \"\(name)\"; GET /__admin/scenarios lists them")
        }
        return Self.ok(.object([("name", .string(name)), ("state", .string(state))]))
    }
}
