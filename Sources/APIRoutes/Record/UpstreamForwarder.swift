import Dispatch
import Foundation
import HTTPServer
import Synchronization
import Wire

/// The last fallback, after capture replay: forwards a request nothing else answered to its
/// upstream with `UpstreamClient` (libcurl), returns the upstream's answer unchanged —
/// status, reason, header fields in order with repeated ones kept, body bytes — and hands the
/// exchange to `recorder` when its status is one of `recordStatuses`, so the next identical
/// request is answered locally. A timeout is a `504`, any other failure a `502`, each in the
/// envelope of the path's API with a short fixed phrase.
///
/// As a phone's HTTP proxy (`proxy` enabled) it also opens `CONNECT` tunnels and forwards
/// absolute-form requests for other hosts to those hosts, where `proxy` allows. Without
/// upstreams and without `proxy` it forwards nothing and refuses every `CONNECT`.
public final class UpstreamForwarder: FallbackResponder {
    public let upstreams: [Upstream]
    let proxy: ProxyPolicy
    private let recorder: CaptureRecorder?
    private let recordStatuses: RecordStatuses
    /// Nil when there is nowhere to forward to.
    private let client: UpstreamClient?
    let connectTimeout: Duration
    private let timeout: Duration
    private let recording = DispatchQueue(label: "UpstreamForwarder.record")

    /// The largest answer body recorded as a capture: bodies of any size stream to the client,
    /// and a copy is kept for recording up to this many bytes; a larger answer is forwarded but
    /// not recorded.
    static let maxRecordedBytes = 8 << 20

    /// `X-Mock-Answered-By` of an answer announced larger than `maxRecordedBytes`, which
    /// record mode would otherwise have recorded: the journal says why no capture came of it.
    static let answeredTooLargeToRecord = "upstream;too-large-to-record"

    /// - Parameters:
    ///   - upstreams: where unanswered requests go; may be empty.
    ///   - proxy: where tunnels and forwards to other hosts may go.
    ///   - recorder: where exchanges are saved; nil forwards without recording.
    ///   - recordStatuses: the upstream statuses that are recorded.
    ///   - connectTimeout, timeout: seconds to wait for the connection, and for the whole answer.
    public init(upstreams: [Upstream], proxy: ProxyPolicy = .off, recorder: CaptureRecorder?,
                recordStatuses: RecordStatuses = .successAndRedirects, connectTimeout: Double = 10, timeout: Double = 30) {
        self.upstreams = upstreams
        self.proxy = proxy
        client = upstreams.isEmpty && !proxy.isEnabled ? nil : UpstreamClient()
        self.recorder = recorder
        self.recordStatuses = recordStatuses
        self.timeout = .milliseconds(Int((timeout * 1000).rounded()))
        self.connectTimeout = .milliseconds(Int((min(connectTimeout, timeout) * 1000).rounded()))
    }

    deinit { client?.stop() }

    /// Where a request goes: the upstream for its path prefix, else the one for its host and
    /// port; as a proxy, an absolute-form target's own host (when allowed); otherwise the first
    /// upstream. The target's host is only ever compared
    /// with the configuration, never glued into a URL.
    public func respondIfPossible(to request: HTTPRequest, reply: @escaping @Sendable (HTTPResponse) -> Void) -> Bool {
        if request.method == .CONNECT {
            openTunnel(for: request, reply: reply)
            return true
        }
        guard let client else { return false }
        let authority = request.intendedAuthority
        if let upstream = Upstream.matching(path: request.path, authority: authority, among: upstreams) {
            forward(request, to: upstream, with: client, reply: reply)
        } else if request.isProxyRequest, proxy.isEnabled {
            guard let authority, proxy.allows(authority, tunnel: false) else {
                reply(Self.refusal("forwarding to \(authority?.description ?? request.target) is not allowed", path: request.path))
                return true
            }
            let origin = Upstream(origin: authority)
            forward(request, to: origin, with: client, recorder: nil, reply: reply)
        } else if let first = upstreams.first {
            forward(request, to: first, with: client, reply: reply)
        } else {
            return false
        }
        return true
    }

    private func forward(_ request: HTTPRequest, to upstream: Upstream, with client: UpstreamClient,
                         reply: @escaping @Sendable (HTTPResponse) -> Void) {
        forward(request, to: upstream, with: client, recorder: recorder, reply: reply)
    }

    private func forward(_ request: HTTPRequest, to upstream: Upstream, with client: UpstreamClient, recorder: CaptureRecorder?,
                         reply: @escaping @Sendable (HTTPResponse) -> Void) {
        let outgoing = UpstreamRequest(
            url: upstream.url(for: request), method: request.method.rawValue,
            headers: ForwardedHeaders.request(request.headers), body: request.body,
            expectsNoBody: request.method == .HEAD, connectTimeout: connectTimeout, totalTimeout: timeout,
            keptBodyBytes: Self.maxRecordedBytes)
        let started = ContinuousClock.now
        let limits = (connect: connectTimeout, total: timeout)
        let recording = recording
        // A HEAD answer has no body; replay matches HEAD as GET, so it must not become a capture.
        let statuses = request.method == .HEAD ? nil : recorder.map { _ in recordStatuses }
        let wait = Mutex(Duration.zero)
        client.send(outgoing, onAnswer: { result in
            let elapsed = started.duration(to: .now)
            wait.withLock { $0 = elapsed }
            switch result {
            case .failure(let failure):
                reply(Self.failureResponse(failure, upstream: upstream, elapsed: elapsed, limits: limits, path: request.path))
            case .success(let answer):
                var response = Self.response(for: answer, isHead: request.method == .HEAD)
                if statuses?.contains(answer.status) == true, let length = answer.bodyStream?.length, length > Self.maxRecordedBytes {
                    response.headers.replaceOrAdd(name: MockControls.answeredByHeader, value: Self.answeredTooLargeToRecord)
                }
                reply(response)
            }
        }, onBodyEnd: { answer, end in
            guard let stream = answer.bodyStream else { return }
            switch end {
            case .failure:
                stream.fail()
            case .success(let body):
                guard let recorder, statuses?.contains(answer.status) == true else { return stream.finish() }
                guard let body else {
                    FileHandle.standardError.write(Data(
                        "record: \(request.method) \(request.target) not recorded: larger than \(Self.maxRecordedBytes) bytes\n".utf8))
                    return stream.finish()
                }
                var whole = answer
                whole.body = body
                let response = Self.response(for: whole, isHead: false)
                // The client's answer completes once the capture is stored: its next request is replayed.
                recording.async {
                    recorder.record(request: request, response: response, upstream: upstream,
                                    waitMilliseconds: wait.withLock { $0 }.inMilliseconds)
                    stream.finish()
                }
            }
        })
    }

    /// The upstream's answer as the client gets it; a `HEAD` answer announces the upstream's
    /// `Content-Length` (the size the `GET` would have), as the body it describes never comes.
    private static func response(for answer: UpstreamAnswer, isHead: Bool) -> HTTPResponse {
        var response = HTTPResponse(status: HTTPStatus(code: answer.status, reasonPhrase: answer.reasonPhrase),
                                    headers: HTTPHeaders(ForwardedHeaders.response(answer.headers)), body: answer.body)
        response.headers.replaceOrAdd(name: MockControls.answeredByHeader, value: "upstream")
        response.bodyStream = answer.bodyStream
        if isHead, let field = answer.headers.last(where: { $0.name.lowercased() == "content-length" }),
           let length = Int(field.value[...].trimmingCharacters(in: " \t")), length >= 0 {
            response.headContentLength = length
        }
        return response
    }

    /// The client's answer when the upstream gave none: a fixed phrase per kind of failure.
    private static func failureResponse(_ failure: UpstreamFailure, upstream: Upstream, elapsed: Duration,
                                        limits: (connect: Duration, total: Duration), path: String) -> HTTPResponse {
        let name = "upstream \(upstream.base)"
        let (status, message): (HTTPStatus, String)
        switch failure {
        case .timedOut:
            // Before the total limit, it was the connect limit that ran out.
            let limit = elapsed < limits.total - .milliseconds(250) ? limits.connect : limits.total
            (status, message) = (.gatewayTimeout, "\(name) timed out after \(seconds(limit)) s")
        case .refused: (status, message) = (.badGateway, "\(name) unreachable: connection refused")
        case .hostNotFound: (status, message) = (.badGateway, "\(name) unreachable: host not found")
        case .tls: (status, message) = (.badGateway, "\(name) unreachable: TLS handshake failed")
        case .broken: (status, message) = (.badGateway, "\(name) sent no valid HTTP answer")
        case .stopped: (status, message) = (.serviceUnavailable, "the server is shutting down")
        }
        return Envelope.httpError(status: status, message: message, path: path)
    }

    /// `2`, `1.5`: whole seconds without a fraction.
    static func seconds(_ duration: Duration) -> String {
        let milliseconds = Int(duration.inMilliseconds.rounded())
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000)" : "\(Double(milliseconds) / 1000)"
    }
}
