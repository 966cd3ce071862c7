import HTTPServer

extension ControlsAdminRoutes {
    /// `GET /__admin/captures?limit=&offset=`: the captured requests replay can answer.
    func listCaptures(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let captures else { throw AdminInputError("no capture store is configured") }
        let parameters = try Self.queryParameters(of: request, known: ["limit", "offset"])
        let limit = try Self.count(parameters["limit"], name: "limit", minimum: 1) ?? Self.defaultLimit
        let offset = try Self.count(parameters["offset"], name: "offset", minimum: 0) ?? 0
        let page = try captures.listCaptures(limit: limit, offset: offset)
        return Self.ok(.object([("total", .int(page.total)), ("captures", .array(page.captures))]))
    }

    /// `POST /__admin/reset`: re-seeds the data from the captures, clears the journal and
    /// restores the command-line controls.
    func reset(_ request: HTTPRequest) throws -> HTTPResponse {
        let seeded = try captures?.reseed() ?? .null
        let cleared = try journal?.clear() ?? 0
        policy.restoreStartupSettings()
        return Self.ok(.object([("reseeded", seeded), ("journalCleared", .int(cleared)), ("rules", .array([]))]))
    }

    private static func count(_ text: String?, name: String, minimum: Int) throws -> Int? {
        guard let text else { return nil }
        guard let value = Int(text), value >= minimum else {
            throw AdminInputError("\(name) \"\(text)\" must be a whole number of at least \(minimum)")
        }
        return value
    }
}
