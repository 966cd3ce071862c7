import CaptureFormats
import Foundation
import HTTPServer
import Store
import Wire

/// The mock controls around `MockApplication`: CORS, per-request latency and faults (header
/// over rule over global), stubs (asked before the application), the request journal, and the
/// controls' own admin routes.
///
/// Admin requests pass the `AdminGuard` first, get no CORS headers, and are never delayed,
/// faulted or journaled. A faulted request never reaches the
/// handlers, so it changes no state. Delays are carried out by the server (`HTTPResponse.delay`)
/// and hold no thread.
public final class MockControls: HTTPResponder {
    /// The response header naming who answered (`maka`, `youfan`, `capture:12`, `upstream`…).
    public static let answeredByHeader = KnownHeader.xMockAnsweredBy.name
    static let delayHeader = KnownHeader.xMockDelay.name
    static let faultHeader = KnownHeader.xMockFault.name

    let application: MockApplication
    let policy: ControlPolicy
    let journal: Journal?
    let cors: CORSPolicy?
    let adminGuard: AdminGuard
    let captures: (any CaptureAdministration)?
    let masking: SecretMasking
    let stubs: StubRegistry

    /// - Parameters:
    ///   - application: what answers; the controls' admin routes join its admin router.
    ///   - cors: nil turns CORS off (`--no-cors`).
    ///   - adminGuard: who may use `/__admin/*` (by default loopback tools, no token).
    ///   - captures: the capture store, for `--latency captured`, `/__admin/captures` and reset.
    ///   - masking: how secrets are masked in the journal.
    ///   - stubs: the stubs and scenarios of `/__admin/stubs`, asked before the application.
    ///   - log: where internal errors of the admin routes are described.
    public init(application: MockApplication, policy: ControlPolicy, journal: Journal?,
                cors: CORSPolicy? = CORSPolicy(), adminGuard: AdminGuard = AdminGuard(token: nil),
                captures: (any CaptureAdministration)? = nil, masking: SecretMasking = .standard,
                stubs: StubRegistry = StubRegistry(), log: @escaping @Sendable (String) -> Void = StandardError.writeLine) {
        let routes = ControlsAdminRoutes(
            application: application, policy: policy, journal: journal, captures: captures, stubs: stubs,
            errors: ErrorBoundary(log: log))
        self.application = application.addingAdminRoutes(owner: "controls") { routes.add(to: &$0) }
        self.policy = policy
        self.journal = journal
        self.cors = cors
        self.adminGuard = adminGuard
        self.captures = captures
        self.masking = masking
        self.stubs = stubs
    }

    /// Journals what the server refuses by itself (400, 408, 413, 414, 431, 501 …), which never
    /// reaches `respond`; pass it to `HTTPServer` as its observer. Nil without a journal.
    public var rejectionObserver: (any ExchangeObserver)? {
        journal.map(RejectedRequestRecorder.init(journal:))
    }

    /// Takes a body too large to hold when the application does (its upstream); never for the
    /// admin API. Stubs and faults still apply to such a request; their answer ends its connection.
    public func takesStreamedBody(_ head: HTTPRequest) -> Bool {
        !MockApplication.isAdminPath(head.path) && application.takesStreamedBody(head)
    }

    public func respond(to request: HTTPRequest, reply: @escaping @Sendable (consuming HTTPResponse) -> Void) {
        if MockApplication.isAdminPath(request.path) {
            if let refusal = adminGuard.refusal(for: request) {
                reply(refusal)
            } else {
                application.respond(to: request, reply: reply)
            }
            return
        }
        // Read only for answers the journal times: admin requests are never journaled.
        let timing = journal == nil ? nil : JournalTiming(request)
        if let cors, cors.isPreflight(request) {
            finish(cors.preflightResponse(to: request), answeredBy: "cors-preflight", decision: Self.noDecision,
                   request: request, timing: timing, reply: reply)
            return
        }
        let delayHeader = request.headers[.xMockDelay]
        let faultHeader = request.headers[.xMockFault]
        guard delayHeader != nil || faultHeader != nil || !policy.decidesNothing else {
            // No decision to carry: copying an empty one into the answer's closure and out again
            // cost ~180 Ir a request.
            stubs.respond(to: request, otherwise: application) { [self] response in
                finish(response, answeredBy: nil, decision: Self.noDecision, request: request, timing: timing,
                       reply: reply)
            }
            return
        }
        let decision: ControlDecision
        do {
            decision = try policy.decide(for: RequestFacts(request, readingAction: policy.rulesMatchActions),
                                         delayHeader: delayHeader, faultHeader: faultHeader)
        } catch {
            let response = Envelope.httpError(status: .badRequest, message: error.message, path: request.path)
            finish(response, answeredBy: "controls", decision: Self.noDecision, request: request, timing: timing,
                   reply: reply)
            return
        }
        if let fault = decision.fault {
            finish(fault.response(forPath: request.path), answeredBy: "fault", decision: decision, request: request,
                   timing: timing, reply: reply)
            return
        }
        stubs.respond(to: request, otherwise: application) { [self] response in
            finish(response, answeredBy: nil, decision: decision, request: request, timing: timing, reply: reply)
        }
    }

    /// Applies the decision's delay, marks the response, adds CORS headers, journals, replies.
    /// The journal's duration runs from `timing`'s start to now, before this work. Only API
    /// requests come here (`respond` answers admin ones first), and every one is journaled.
    private func finish(
        _ response: consuming HTTPResponse, answeredBy: String?, decision: ControlDecision, request: HTTPRequest,
        timing: JournalTiming?, reply: @Sendable (consuming HTTPResponse) -> Void
    ) {
        let answerMilliseconds = timing?.elapsedMilliseconds()
        if let answeredBy { response.headers.replaceOrAdd(name: Self.answeredByHeader, value: answeredBy) }
        guard decision.capturedWaitSource != nil else {
            return markRecordAndReply(response, answeredBy: answeredBy, decision: decision, request: request,
                                      timing: timing, answerMilliseconds: answerMilliseconds, reply: reply)
        }
        let resolved = decision.resolvingCapturedWait { capturedWait(for: request, answeredBy: response) }
        markRecordAndReply(response, answeredBy: answeredBy, decision: resolved, request: request, timing: timing,
                           answerMilliseconds: answerMilliseconds, reply: reply)
    }

    /// The rest of `finish`, with the decision's captured wait resolved (the decision is lent:
    /// resolving one without a captured wait copied it, ~90 Ir). `answeredBy` is the value
    /// `finish` set; nil leaves the answer's own field for the journal's writer to look up.
    private func markRecordAndReply(
        _ response: consuming HTTPResponse, answeredBy: String?, decision: borrowing ControlDecision,
        request: HTTPRequest, timing: JournalTiming?, answerMilliseconds: Double?,
        reply: @Sendable (consuming HTTPResponse) -> Void
    ) {
        if let delay = decision.delay {
            response.delay = (response.delay ?? .zero) + delay
            response.headers.replaceOrAdd(name: Self.delayHeader, value: String(decision.delayMilliseconds ?? 0))
        }
        if let fault = decision.fault {
            response.headers.replaceOrAdd(name: Self.faultHeader, value: fault.description)
        }
        cors?.decorate(&response, for: request)
        if let journal, let timing, let answerMilliseconds {
            journal.record(request: request, response: response, answeredBy: answeredBy, decision: decision, timing: timing,
                           answerMilliseconds: answerMilliseconds, masking: masking)
        }
        reply(response)
    }

    /// `--latency captured`: the wait recorded with the capture that answered (`capture:N`), or,
    /// when a module answered, with the capture that matches the request.
    private func capturedWait(for request: HTTPRequest, answeredBy response: HTTPResponse) -> Int? {
        guard let captures else { return nil }
        if let answeredBy = response.headers[.xMockAnsweredBy], answeredBy.hasPrefix(Self.capturePrefix),
           let id = Int64(answeredBy.dropFirst(Self.capturePrefix.count)) {
            return captures.recordedWait(captureID: id)
        }
        return captures.recordedWait(for: request)
    }

    /// How `X-Mock-Answered-By` names a replayed capture: `capture:12`.
    static let capturePrefix = "capture:"

    /// The decision when the controls decide nothing: no delay, no fault. Made once, and lent.
    private static let noDecision = ControlDecision()
}

extension RequestFacts {
    /// The facts of a live request; with `readingAction`, Youfan's `m` and `a` come from its
    /// parameters (body, then query). Unparsable parameters leave them unset: the handler
    /// reports that error itself.
    init(_ request: HTTPRequest, readingAction: Bool) {
        var module: String?
        var action: String?
        if readingAction, APIStyle(path: request.path) == .youfan, let parameters = try? request.parameters() {
            module = parameters["m"]
            action = parameters["a"]
        }
        self.init(method: request.method, path: request.path, module: module, action: action)
    }
}
