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
/// A request body over the server's `--max-body-bytes` is taken as a stream and sent on while
/// the client sends it (`takesStreamedBody`): only bodies that fit stay whole, so that capture
/// replay, which matches on the body, and the API modules see every body they saw before. A
/// streamed body is recorded when it is no larger than `maxRecordedBytes`, like an answer.
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
    /// How long an upstream may send and take nothing before it is given up.
    private let timeout: Duration
    private let recording = DispatchQueue(label: "UpstreamForwarder.record")

    /// The largest answer body recorded as a capture: bodies of any size stream to the client,
    /// and a copy is kept for recording up to this many bytes; a larger answer is forwarded but
    /// not recorded.
    static let maxRecordedBytes = 8 << 20

    /// `X-Mock-Answered-By` of an answer announced larger than `maxRecordedBytes`, or to a request
    /// whose streamed body is, which record mode would otherwise have recorded: the journal says
    /// why no capture came of it.
    static let answeredTooLargeToRecord = "upstream;too-large-to-record"

    /// - Parameters:
    ///   - upstreams: where unanswered requests go; may be empty.
    ///   - proxy: where tunnels and forwards to other hosts may go.
    ///   - recorder: where exchanges are saved; nil forwards without recording.
    ///   - recordStatuses: the upstream statuses that are recorded.
    ///   - connectTimeout, timeout: seconds to wait for the connection (at most `timeout`), and
    ///     that the upstream may then send and take nothing (a stall) before it is given up.
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

    /// Forwards a request to its destination (`destination(for:)`), or answers the refusal.
    public func respondIfPossible(to request: HTTPRequest, reply: @escaping @Sendable (consuming HTTPResponse) -> Void) -> Bool {
        if request.method == .CONNECT {
            openTunnel(for: request, reply: reply)
            return true
        }
        guard let client, let destination = destination(for: request) else { return false }
        switch destination {
        case .forward(let upstream, let recorded):
            forward(request, to: upstream, with: client, recorder: recorded ? recorder : nil, reply: reply)
        case .refused(let message):
            reply(Self.refusal(message, path: request.path))
        }
        return true
    }

    /// Takes a body too large to hold for any request it forwards.
    public func takesStreamedBody(_ head: HTTPRequest) -> Bool {
        guard client != nil, head.method != .CONNECT, case .forward? = destination(for: head) else { return false }
        return true
    }

    /// Where a request other than `CONNECT` goes, when anywhere.
    private enum Destination {
        /// To this upstream; recorded (in record mode) unless it is a proxied request's own origin.
        case forward(Upstream, recorded: Bool)
        /// Nowhere: the proxy may not go there.
        case refused(String)
    }

    /// The upstream for the request's path prefix, else the one for its host and port; as a
    /// proxy, an absolute-form target's own host (when allowed); otherwise the first upstream.
    /// The target's host is only ever compared with the configuration, never glued into a URL.
    private func destination(for request: HTTPRequest) -> Destination? {
        let authority = request.intendedAuthority
        if let upstream = Upstream.matching(path: request.path, authority: authority, among: upstreams) {
            return .forward(upstream, recorded: true)
        }
        if request.isProxyRequest, proxy.isEnabled {
            guard let authority, proxy.allows(authority, tunnel: false) else {
                return .refused("forwarding to \(authority?.description ?? request.target) is not allowed")
            }
            return .forward(Upstream(origin: authority), recorded: false)
        }
        return upstreams.first.map { .forward($0, recorded: true) }
    }

    private func forward(_ request: HTTPRequest, to upstream: Upstream, with client: UpstreamClient, recorder: CaptureRecorder?,
                         reply: @escaping @Sendable (consuming HTTPResponse) -> Void) {
        let outgoing = UpstreamRequest(
            url: upstream.url(for: request), method: request.method.rawValue,
            headers: ForwardedHeaders.request(request.headers), body: request.body, bodyStream: request.bodyStream,
            expectsNoBody: request.method == .HEAD, connectTimeout: connectTimeout, stallTimeout: timeout,
            keptBodyBytes: Self.maxRecordedBytes)
        let started = ContinuousClock.now
        let limits = (connect: connectTimeout, stall: timeout)
        let recording = recording
        // A HEAD answer has no body; replay matches HEAD as GET, so it must not become a capture.
        let statuses = request.method == .HEAD ? nil : recorder.map { _ in recordStatuses }
        let wait = Mutex(Duration.zero)
        client.send(outgoing, onAnswer: { result in
            let elapsed = started.duration(to: .now)
            wait.withLock { $0 = elapsed }
            switch result {
            case .failure(let failure):
                reply(Self.failureResponse(failure, upstream: upstream, limits: limits, path: request.path))
            case .success(let answer):
                var response = Self.response(for: answer, isHead: request.method == .HEAD)
                let answerTooLarge = answer.bodyStream?.length.map { $0 > Self.maxRecordedBytes } ?? false
                if statuses?.contains(answer.status) == true, answerTooLarge || answer.requestBodyTooLargeToKeep {
                    response.headers.replaceOrAdd(name: MockControls.answeredByHeader, value: Self.answeredTooLargeToRecord)
                }
                reply(response)
            }
        }, onBodyEnd: { answer, end in
            guard let stream = answer.bodyStream else { return }
            switch end {
            case .failure:
                stream.fail()
            case .success(let kept):
                guard let recorder, statuses?.contains(answer.status) == true else { return stream.finish() }
                guard let body = kept.answer, let requestBody = request.bodyStream == nil ? request.body : kept.request else {
                    let which = kept.answer == nil ? "answer" : "request body"
                    FileHandle.standardError.write(Data(
                        "record: \(request.method) \(request.target) not recorded: \(which) larger than \(Self.maxRecordedBytes) bytes\n".utf8))
                    return stream.finish()
                }
                var whole = answer
                whole.body = body
                let response = Self.response(for: whole, isHead: false)
                var recorded = request
                recorded.body = requestBody
                recorded.bodyStream = nil
                // The client's answer completes once the capture is stored: its next request is replayed.
                recording.async { [recorded] in
                    recorder.record(request: recorded, response: response, upstream: upstream,
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
    private static func failureResponse(_ failure: UpstreamFailure, upstream: Upstream,
                                        limits: (connect: Duration, stall: Duration), path: String) -> HTTPResponse {
        let name = "upstream \(upstream.base)"
        let (status, message): (HTTPStatus, String)
        switch failure {
        case .timedOut: (status, message) = (.gatewayTimeout, "\(name) timed out after \(seconds(limits.connect)) s")
        case .stalled: (status, message) = (.gatewayTimeout, "\(name) timed out after \(seconds(limits.stall)) s")
        case .requestBodyBroken: (status, message) = (.badRequest, "the request body broke off before its end")
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
