import CaptureFormats
import Dispatch
import HTTPServer
import Store
import Wire

/// `POST /__admin/import`: the body is one HAR or capture JSON document, imported in one
/// transaction. 200 with the summary; 400 naming the entry and problem when the document is
/// malformed or a mapper refuses a record (nothing written); 500 when the database fails.
/// `?name=` names the document in messages (default `request body`).
public struct CaptureImportResponder: HTTPResponder {
    public static let path = "/__admin/import"

    private let importer: CaptureImporter
    private static let queue = DispatchQueue(label: "captures.admin-import")

    public init(importer: CaptureImporter) {
        self.importer = importer
    }

    /// Imports off the server's I/O threads, one import at a time, and replies when done.
    public func respond(to request: HTTPRequest, reply: @escaping @Sendable (HTTPResponse) -> Void) {
        let importer = importer
        Self.queue.async {
            reply(Self.response(to: request, importer: importer))
        }
    }

    static func response(to request: HTTPRequest, importer: CaptureImporter) -> HTTPResponse {
        guard !request.body.isEmpty else {
            return Envelope.httpError(status: .badRequest,
                                      message: "empty body: send a HAR or capture JSON document", path: request.path)
        }
        let name = (try? request.queryParameters())?["name"] ?? "request body"
        do {
            let summary = try importer.importDocument(request.body, name: name)
            return .json(summary.json.encoded())
        } catch let error as CaptureFormatError {
            return Envelope.httpError(status: .badRequest, message: "nothing imported: \(error)", path: request.path)
        } catch let error as CaptureImportError {
            return Envelope.httpError(status: .badRequest, message: "nothing imported: \(error)", path: request.path)
        } catch {
            return Envelope.httpError(status: .internalServerError, message: "import failed: \(error)", path: request.path)
        }
    }
}
