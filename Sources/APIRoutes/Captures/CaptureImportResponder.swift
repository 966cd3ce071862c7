import CaptureFormats
import Dispatch
import HTTPServer
import Store
import Wire

/// `POST /__admin/import`: the body is one HAR or capture JSON document, imported in one
/// transaction. 200 with the summary; 400 naming the entry and problem when the document is
/// malformed (nothing written); a mapper that cannot store a record or a failing database is a
/// 500 through the `ErrorBoundary`, its detail in the log. `?name=` names the document in
/// messages (default `request body`).
public struct CaptureImportResponder: HTTPResponder {
    public static let path = "/__admin/import"

    /// Imports run here, off the server's event loops, one at a time.
    private static let queue = DispatchQueue(label: "captures.admin-import")

    private let endpoint: Endpoint

    /// - Parameter log: where internal errors are described (`serve` passes its log sink).
    public init(importer: CaptureImporter, log: @escaping @Sendable (String) -> Void = StandardError.writeLine) {
        endpoint = Endpoint(.on(Self.queue), errors: ErrorBoundary(log: log)) { request in
            try Self.response(to: request, importer: importer)
        }
    }

    public func respond(to request: HTTPRequest, reply: @escaping @Sendable (consuming HTTPResponse) -> Void) {
        endpoint.respond(to: request, reply: reply)
    }

    static func response(to request: HTTPRequest, importer: CaptureImporter) throws -> HTTPResponse {
        guard !request.body.isEmpty else {
            throw HTTPError(.badRequest, "empty body: send a HAR or capture JSON document")
        }
        let name = (try? request.queryParameters())?["name"] ?? "request body"
        do {
            return .json(try importer.importDocument(request.body, name: name).json.encoded())
        } catch let error as CaptureFormatError {
            throw HTTPError(.badRequest, "nothing imported: \(error)")
        }
    }
}
