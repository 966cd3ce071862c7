import HTTPServer
import Wire

extension ControlsAdminRoutes {
    /// `POST /__admin/stubs`: creates a stub → `201` with it as stored (its id generated when not
    /// given); `409` when a stub has its id. Nothing is stored when any part is wrong.
    func createStub(_ request: HTTPRequest) throws -> HTTPResponse {
        let stub = try Stub(parsing: try Self.jsonBody(of: request))
        guard let entry = try stubs.add(stub) else {
            throw HTTPError(HTTPStatus(code: 409), "a stub with id \"\(stub.id)\" exists; PUT /__admin/stubs/\(stub.id) replaces it")
        }
        return .json(entry.json.encoded(), status: .created)
    }

    /// `GET /__admin/stubs`: `{"stubs":[…]}`, in the order they were created.
    func listStubs(_ request: HTTPRequest) throws -> HTTPResponse {
        _ = try Self.queryParameters(of: request, known: [])
        return Self.ok(.object([("stubs", .array(stubs.settledEntries.map(\.json)))]))
    }

    /// `GET /__admin/stubs/{id}`: one stub, or 404.
    func showStub(_ request: HTTPRequest) throws -> HTTPResponse {
        let id = Self.stubID(of: request)
        guard let entry = stubs.entry(id: id) else { throw Self.noStub(id) }
        return Self.ok(entry.json)
    }

    /// `PUT /__admin/stubs/{id}`: replaces the stub, or 404. Its count starts afresh; its place
    /// in the creation order (which breaks priority ties) is kept.
    func replaceStub(_ request: HTTPRequest) throws -> HTTPResponse {
        let id = Self.stubID(of: request)
        let stub = try Stub(parsing: try Self.jsonBody(of: request), id: id)
        guard let entry = try stubs.replace(stub) else { throw Self.noStub(id) }
        return Self.ok(entry.json)
    }

    /// `DELETE /__admin/stubs/{id}`: `{"deleted":1}`, or 404.
    func deleteStub(_ request: HTTPRequest) throws -> HTTPResponse {
        let id = Self.stubID(of: request)
        guard try stubs.remove(id: id) else { throw Self.noStub(id) }
        return Self.ok(.object([("deleted", .int(1))]))
    }

    /// `DELETE /__admin/stubs`: every stub, persistent ones too → `{"deleted":N}`.
    func deleteStubs(_ request: HTTPRequest) throws -> HTTPResponse {
        _ = try Self.queryParameters(of: request, known: [])
        return Self.ok(.object([("deleted", .int(try stubs.removeAll()))]))
    }

    /// The request's body as JSON; a `400` saying where it is broken otherwise.
    static func jsonBody(of request: HTTPRequest) throws -> JSON {
        guard !request.body.isEmpty else { throw AdminInputError("the body is empty; send a JSON object") }
        do {
            return try JSON.parse(request.body)
        } catch {
            let (line, column) = error.lineAndColumn(in: request.body)
            throw AdminInputError("the body is not JSON: \(error.message) at line \(line), column \(column)")
        }
    }

    private static func stubID(of request: HTTPRequest) -> String { request.pathParameters["id"] ?? "" }

    private static func noStub(_ id: String) -> HTTPError {
        HTTPError(.notFound, "no stub \"\(id)\"; GET /__admin/stubs lists them")
    }
}
