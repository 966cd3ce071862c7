import CaptureFormats
import HTTPServer
import Store
import Wire

/// The capture store as the mock controls see it: recorded waits and the capture list from the
/// `CaptureRepository`, and re-seeding through the closure `serve` wires to the importer.
public struct CaptureStoreAdministration: CaptureAdministration {
    public let repository: CaptureRepository
    private let reseedAction: @Sendable () throws -> JSON

    /// - Parameter reseed: rebuilds the stateful data from the bundled and imported captures and
    ///   returns a summary for `POST /__admin/reset`.
    public init(repository: CaptureRepository, reseed: @escaping @Sendable () throws -> JSON) {
        self.repository = repository
        self.reseedAction = reseed
    }

    public func recordedWait(for request: HTTPRequest) -> Int? {
        let captureRequest = CaptureRequest(
            method: request.method == .HEAD ? "GET" : request.method.rawValue, path: request.path,
            query: request.query, body: request.body, contentType: request.headers["Content-Type"])
        guard let wait = (try? repository.match(captureRequest))?.waitMilliseconds, wait.isFinite, wait >= 0 else {
            return nil
        }
        return Int(min(wait, Double(LatencySpec.maximumMilliseconds)).rounded())
    }

    public func listCaptures(limit: Int, offset: Int) throws -> (total: Int, captures: [JSON]) {
        let total = try repository.count()
        let captures = try repository.list(limit: limit, offset: offset).map { capture in
            JSON.object([
                ("id", .int(capture.id)),
                ("method", .string(capture.method)),
                ("url", .string(capture.url)),
                ("path", .string(capture.path)),
                ("parameters", .string(capture.parameters)),
                ("status", .int(capture.status)),
                ("contentType", .string(capture.contentType)),
                ("bodySize", .int(capture.body.count)),
                ("waitMs", capture.waitMilliseconds.map { .number($0) } ?? .null),
                ("source", .string(capture.source)),
            ])
        }
        return (total, captures)
    }

    public func reseed() throws -> JSON {
        repository.resetSequences()
        return try reseedAction()
    }
}
