import CaptureFormats
import HTTPServer
import Store
import Wire

/// Answers a request from the captures when no stateful module did: the captured status,
/// Content-Type, headers (see `ReplayedHeaders`) and body bytes, exactly. HEAD is matched as GET.
public struct CaptureReplayer: Sendable {
    public let repository: CaptureRepository
    /// `--replay-sequence`: identical requests walk through the matching captures in import order.
    public let sequence: Bool
    private let replayedHeaders = ReplayedHeaderCache()

    public init(repository: CaptureRepository, sequence: Bool = false) {
        self.repository = repository
        self.sequence = sequence
    }

    /// Forgets what it remembers of captures (after a reset restored the database).
    public func forgetCachedCaptures() {
        replayedHeaders.removeAll()
    }

    /// The replayed response, or nil when no capture matches. Throws when the store cannot be
    /// read: that is a server fault, not a request nothing was captured for.
    public func response(for request: HTTPRequest) throws -> HTTPResponse? {
        guard let capture = try repository.match(Self.captureRequest(request), sequence: sequence) else { return nil }
        var headers = HTTPHeaders()
        if let contentType = capture.contentType {
            headers.add(name: "Content-Type", value: contentType)
        }
        for field in replayedHeaders.headers(of: capture) {
            headers.add(name: field.name, value: field.value)
        }
        headers.add(name: MockControls.answeredByHeader, value: MockControls.capturePrefix + String(capture.id))
        return HTTPResponse(status: HTTPStatus(code: capture.status), headers: headers, body: capture.body)
    }

    /// The closest captured request on the same path, with what differs, for a 404 body.
    public func nearMissHint(for request: HTTPRequest) throws -> String? {
        guard let miss = try repository.nearMiss(Self.captureRequest(request)) else { return nil }
        return "\(miss.closestDescription) (\(miss.differences.joined(separator: "; ")))"
    }

    /// The matcher's view of a live request.
    static func captureRequest(_ request: HTTPRequest) -> CaptureRequest {
        let method = request.method == .HEAD ? "GET" : request.method.rawValue
        return CaptureRequest(method: method, path: request.path, query: request.query,
                              body: request.body, contentType: request.headers["content-type"])
    }
}
