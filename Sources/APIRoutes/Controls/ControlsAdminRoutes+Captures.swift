import HTTPServer
import Store

extension ControlsAdminRoutes {
    /// `GET /__admin/captures?method=&pathPrefix=&status=&source=&limit=&offset=`: newest first.
    func listCaptures(_ request: HTTPRequest) throws -> HTTPResponse {
        let captures = try requireCaptures()
        let (filter, parameters) = try Self.captureFilter(from: request, extra: ["limit", "offset"])
        let limit = try Self.count(parameters["limit"], name: "limit", minimum: 1) ?? Self.defaultLimit
        let offset = try Self.count(parameters["offset"], name: "offset", minimum: 0) ?? 0
        let page = try captures.listCaptures(matching: filter, limit: limit, offset: offset)
        return Self.ok(.object([("total", .int(page.total)), ("captures", .array(page.captures))]))
    }

    /// `GET /__admin/captures/{id}`: one capture in full, or 404.
    func showCapture(_ request: HTTPRequest) throws -> HTTPResponse {
        let id = try Self.captureID(of: request)
        guard let capture = try requireCaptures().capture(id: id) else { throw Self.noCapture(id) }
        return Self.ok(capture)
    }

    /// `DELETE /__admin/captures/{id}`: `{"deleted":1}`, or 404.
    func deleteCapture(_ request: HTTPRequest) throws -> HTTPResponse {
        let id = try Self.captureID(of: request)
        guard try requireCaptures().deleteCapture(id: id) else { throw Self.noCapture(id) }
        return Self.ok(.object([("deleted", .int(1))]))
    }

    /// `DELETE /__admin/captures?method=&pathPrefix=&status=&source=`: every match (every
    /// capture without a filter) → `{"deleted":N}`.
    func deleteCaptures(_ request: HTTPRequest) throws -> HTTPResponse {
        let captures = try requireCaptures()
        let (filter, _) = try Self.captureFilter(from: request)
        return Self.ok(.object([("deleted", .int(try captures.deleteCaptures(matching: filter)))]))
    }

    /// `POST /__admin/reset`: back to the start state — captures added since the start removed,
    /// the data re-seeded from the rest, the journal cleared, the command-line controls restored,
    /// the stubs that are not persistent removed and every scenario back in `Started`.
    func reset(_ request: HTTPRequest) throws -> HTTPResponse {
        let cleared = try journal?.clear() ?? 0
        let seeded = try captures?.reseed() ?? .null
        policy.restoreStartupSettings()
        let stubsRemoved = stubs.reset()
        return Self.ok(.object([("reseeded", seeded), ("journalCleared", .int(cleared)), ("rules", .array([])),
                                ("stubsRemoved", .int(stubsRemoved))]))
    }

    func requireCaptures() throws -> any CaptureAdministration {
        guard let captures else { throw AdminInputError("no capture store is configured") }
        return captures
    }

    private static func captureID(of request: HTTPRequest) throws -> Int64 {
        let text = request.pathParameters["id"] ?? ""
        guard let id = Int64(text), id >= 1 else {
            throw AdminInputError("capture id \"\(text)\" must be a whole number of at least 1")
        }
        return id
    }

    private static func noCapture(_ id: Int64) -> HTTPError {
        HTTPError(.notFound, "no capture \(id); GET /__admin/captures lists them")
    }

    private static func count(_ text: String?, name: String, minimum: Int) throws -> Int? {
        guard let text else { return nil }
        guard let value = Int(text), value >= minimum else {
            throw AdminInputError("\(name) \"\(text)\" must be a whole number of at least \(minimum)")
        }
        return value
    }
}
