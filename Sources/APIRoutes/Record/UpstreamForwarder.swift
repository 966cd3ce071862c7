import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPServer

/// Record mode's fallback, placed after capture replay: forwards a request nothing else answered
/// to its upstream with URLSession, returns the upstream's answer unchanged, and hands the
/// exchange to `recorder` (when recording) so the next identical request is answered locally.
/// An unreachable upstream is a `502` in the envelope of the path's API.
public final class UpstreamForwarder: FallbackResponder {
    public let upstreams: [Upstream]
    private let recorder: CaptureRecorder?
    private let session: URLSession
    private let timeout: TimeInterval

    /// - Parameters:
    ///   - upstreams: at least one.
    ///   - recorder: where exchanges are saved; nil forwards without recording.
    ///   - timeout: how long to wait for an upstream answer, in seconds.
    public init(upstreams: [Upstream], recorder: CaptureRecorder?, timeout: TimeInterval = 30) {
        precondition(!upstreams.isEmpty, "UpstreamForwarder needs at least one upstream")
        self.upstreams = upstreams
        self.recorder = recorder
        self.timeout = timeout
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.connectionProxyDictionary = [:]
        configuration.httpMaximumConnectionsPerHost = 16
        self.session = URLSession(configuration: configuration, delegate: RedirectRefuser(), delegateQueue: nil)
    }

    deinit { session.finishTasksAndInvalidate() }

    public func respondIfPossible(to request: HTTPRequest, reply: @escaping @Sendable (HTTPResponse) -> Void) -> Bool {
        let upstream = Upstream.choose(for: request, among: upstreams)
        let target = upstream.url(for: request)
        guard let url = URL(string: target) else {
            reply(Envelope.httpError(status: .badRequest, message: "cannot forward \(request.target) to \(upstream.base)", path: request.path))
            return true
        }
        var outgoing = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        outgoing.httpMethod = request.method.rawValue
        for (name, value) in request.headers where Self.forwardsRequestHeader(name) {
            outgoing.addValue(value, forHTTPHeaderField: name)
        }
        if !request.body.isEmpty { outgoing.httpBody = Data(request.body) }
        let started = ContinuousClock.now
        let recorder = recorder
        session.dataTask(with: outgoing) { data, response, error in
            guard let response = response as? HTTPURLResponse else {
                let reason = error?.localizedDescription ?? "no HTTP response"
                reply(Envelope.httpError(status: .badGateway, message: "upstream \(upstream.base) unreachable: \(reason)",
                                         path: request.path))
                return
            }
            let elapsed = started.duration(to: .now)
            var answer = HTTPResponse(status: HTTPStatus(code: response.statusCode), body: data.map { Array($0) } ?? [])
            for (name, value) in response.allHeaderFields {
                guard let name = name as? String, let value = value as? String, Self.returnsResponseHeader(name) else { continue }
                answer.headers.add(name: name, value: value)
            }
            answer.headers.replaceOrAdd(name: MockControls.answeredByHeader, value: "upstream")
            // A HEAD answer has no body; replay matches HEAD as GET, so it must not become a capture.
            if request.method != .HEAD {
                recorder?.record(request: request, response: answer, upstream: upstream,
                                 waitMilliseconds: elapsed.inMilliseconds)
            }
            reply(answer)
        }.resume()
        return true
    }

    /// Hop-by-hop headers, the ones URLSession sets itself, and the mock's own controls stay behind.
    static func forwardsRequestHeader(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return !hopByHop.contains(lowered) && !lowered.hasPrefix("x-mock-")
            && !["host", "content-length", "accept-encoding", "expect"].contains(lowered)
    }

    /// URLSession has already de-chunked and decompressed the body; the server frames it again.
    static func returnsResponseHeader(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return !hopByHop.contains(lowered) && !["content-length", "content-encoding", "date", "server"].contains(lowered)
    }

    private static let hopByHop: Set<String> = [
        "connection", "keep-alive", "proxy-connection", "proxy-authenticate", "proxy-authorization",
        "te", "trailer", "transfer-encoding", "upgrade",
    ]
}

/// Hands redirects back to the client instead of following them: the answer stays unchanged.
private final class RedirectRefuser: NSObject, URLSessionTaskDelegate {
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        completionHandler(nil)
    }
}
