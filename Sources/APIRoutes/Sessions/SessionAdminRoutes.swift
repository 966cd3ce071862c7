import Foundation
import HTTPServer
import Store
import Wire

/// The sessions' admin routes: `GET /__admin/sessions` (the list), `GET`, `PUT` and `DELETE
/// /__admin/sessions/NAME` (one session; create it and assign client addresses; drop it), and
/// the rule for `POST /__admin/reset?all=true`. Bad input is a `400` (`AdminInputError`).
struct SessionAdminRoutes: Sendable {
    static let listPath = MockApplication.adminPrefix + "/sessions"
    static let resetPath = MockApplication.adminPrefix + "/reset"
    /// `listPath` and a slash, the start of one session's routes; made once, not per request.
    private static let sessionPathPrefix = listPath + "/"

    let registry: SessionRegistry
    let defaultSession: MockSession
    let errors: ErrorBoundary

    /// Whether `path` is one of these routes' (the reset rule aside).
    static func owns(_ path: String) -> Bool {
        MockApplication.isAdminPath(path) && (path == listPath || path.hasPrefix(sessionPathPrefix))
    }

    /// Whether a `POST /__admin/reset` resets every session: `all=true`; `all=false` or no `all`
    /// resets the request's own session.
    static func resetsAll(_ request: HTTPRequest) throws -> Bool {
        guard request.query != nil else { return false }
        let parameters: Parameters
        do {
            parameters = try request.queryParameters()
        } catch {
            throw AdminInputError("bad query string: \(error.message)")
        }
        if let unknown = parameters.names.first(where: { $0 != "all" }) {
            throw AdminInputError("unknown parameter \"\(unknown)\"; POST /__admin/reset takes only all=true")
        }
        switch parameters["all"] {
        case nil, "false"?: return false
        case "true"?: return true
        case let other?: throw AdminInputError("all \"\(other)\" must be true or false")
        }
    }

    func add(to router: inout Router) {
        router.add(.GET, Self.listPath, Endpoint(.blocking, errors: errors, handler: list))
        router.add(.GET, Self.listPath + "/:name", Endpoint(.blocking, errors: errors, handler: show))
        router.add(.PUT, Self.listPath + "/:name", Endpoint(.blocking, errors: errors, handler: put))
        router.add(.DELETE, Self.listPath + "/:name", Endpoint(.blocking, errors: errors, handler: drop))
    }

    /// `{"default":{…},"sessions":[…],"maxSessions":N,"idleTimeoutSeconds":S,"spareSessions":…}`.
    private func list(_ request: HTTPRequest) throws -> HTTPResponse {
        if let query = request.query, !query.isEmpty {
            throw AdminInputError("GET /__admin/sessions takes no parameters (got \"\(query.prefix(80))\")")
        }
        let defaultSummary = JSON.object([
            ("databaseBytes", .int(defaultSession.databaseBytes)),
            ("journalEntries", .int(try defaultSession.journal.count(matching: JournalFilter()))),
        ])
        return ControlsAdminRoutes.ok(.object([
            ("default", defaultSummary),
            ("sessions", .array(try registry.summaries())),
            ("maxSessions", .int(registry.settings.maxSessions)),
            ("idleTimeoutSeconds", .number(registry.settings.idleTimeout)),
            ("spareSessions", .object([
                ("ready", .int(registry.factory.readySpares)),
                ("target", .int(registry.factory.spares)),
            ])),
            ("templateReady", .bool(registry.template.isBuilt)),
        ]))
    }

    /// One live session's summary; 404 when there is none.
    private func show(_ request: HTTPRequest) throws -> HTTPResponse {
        let name = try Self.name(of: request)
        guard let summary = try registry.summaries().first(where: { $0["name"]?.stringValue == name }) else {
            throw Self.noSession(name)
        }
        return ControlsAdminRoutes.ok(summary)
    }

    /// Creates the session if it is new and, with `{"clientAddresses":["10.0.2.15"]}`, sends
    /// every request from those addresses to it (an empty list takes its addresses away).
    private func put(_ request: HTTPRequest) throws -> HTTPResponse {
        let name = try Self.name(of: request)
        let addresses = try Self.clientAddresses(in: request.body)
        registry.checkIn(try registry.checkOut(name))
        if let addresses { registry.assign(addresses: addresses, to: name) }
        return try show(request)
    }

    /// Drops the session and deletes its files: `{"dropped":"NAME"}`; 404 when there is none.
    private func drop(_ request: HTTPRequest) throws -> HTTPResponse {
        let name = try Self.name(of: request)
        guard registry.drop(name) else { throw Self.noSession(name) }
        return ControlsAdminRoutes.ok(.object([("dropped", .string(name))]))
    }

    private static func name(of request: HTTPRequest) throws -> String {
        let name = request.pathParameters["name"] ?? ""
        guard SessionSelection.isValid(name) else {
            throw SessionNameError(name: name, source: "the path /__admin/sessions/NAME")
        }
        return name
    }

    private static func noSession(_ name: String) -> HTTPError {
        HTTPError(.notFound, "no session \"\(name)\"; GET /__admin/sessions lists them")
    }

    /// The `clientAddresses` of a `PUT` body, canonical; nil for an empty body.
    private static func clientAddresses(in body: [UInt8]) throws -> [String]? {
        guard !body.isEmpty else { return nil }
        let json: JSON
        do {
            json = try JSON.parse(body)
        } catch {
            throw AdminInputError("the body is not JSON: \(error)")
        }
        let example = #"{"clientAddresses":["10.0.2.15"]}"#
        guard let members = json.objectValue else { throw AdminInputError("the body must be an object like \(example)") }
        if let unknown = members.first(where: { $0.key != "clientAddresses" }) {
            throw AdminInputError("unknown key \"\(unknown.key)\" in the body; it takes \(example)")
        }
        guard let list = json["clientAddresses"] else { return nil }
        guard let items = list.arrayValue else { throw AdminInputError("\"clientAddresses\" must be an array like \(example)") }
        return try items.enumerated().map { index, item in
            guard let text = item.stringValue, let address = ClientAddress.canonical(text) else {
                throw AdminInputError("clientAddresses[\(index)] must be an IPv4 or IPv6 address like \"10.0.2.15\"")
            }
            return address
        }
    }
}
