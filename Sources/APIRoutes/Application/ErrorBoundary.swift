import HTTPServer
import Synchronization

/// The one place a thrown error becomes an answer. An `APIResponseError` renders itself in the
/// envelope of the path's API (marked for `FallThrough` when it `asksFallbacks`). Anything else (a `StoreError`, any Swift error) is a 500 in that
/// envelope with a fixed public message naming an error id; the real description goes only to
/// the log, under the same id, so no SQL or Swift type name ever reaches a client.
public struct ErrorBoundary: Sendable {
    /// The public message of a 500; the id links it to the log line.
    static func internalErrorMessage(id: Int) -> String {
        "internal error, see the server log (request id \(id))"
    }

    /// Per-process ids of the requests that failed with an internal error, from 1.
    private static let nextID = Atomic<Int>(0)

    private let log: @Sendable (String) -> Void

    /// - Parameter log: where internal errors are described (`serve` passes its log sink).
    public init(log: @escaping @Sendable (String) -> Void = StandardError.writeLine) {
        self.log = log
    }

    /// `handler`'s answer, or the answer to what it threw.
    func answer(_ request: HTTPRequest, _ handler: (HTTPRequest) throws -> HTTPResponse) -> HTTPResponse {
        do {
            return try handler(request)
        } catch {
            return response(for: error, to: request)
        }
    }

    /// The answer to `error`, thrown while handling `request`.
    public func response(for error: any Error, to request: HTTPRequest) -> HTTPResponse {
        let style = APIStyle(path: request.path)
        if let error = error as? any APIResponseError {
            let response = error.response(in: style)
            return error.asksFallbacks ? FallThrough.marked(response) : response
        }
        let id = Self.nextID.wrappingAdd(1, ordering: .relaxed).newValue
        log("request id \(id): \(request.method) \(request.path) failed: \(String(reflecting: error))")
        return Envelope.httpError(status: .internalServerError, message: Self.internalErrorMessage(id: id), style: style)
    }
}
