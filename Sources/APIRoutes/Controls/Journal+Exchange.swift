import CaptureFormats
import Foundation
import HTTPServer
import Store
import Wire

extension Journal {
    /// Records one answered request and its answer. The duration is the time from
    /// the request read whole to its answer (`answerMilliseconds`: the handlers' time, and any
    /// wait behind a request before it on the connection) plus the injected delay; a transport fault is
    /// recorded with no status (and no answer). The request body's secrets are masked here by
    /// `masking`; the target, both header lists (kept as the request received them, bytes until
    /// read) and the answer's body are left as sent, for the journal's writer to mask (a login
    /// answer's `token` member as much as an `Authorization` field) off the request path. The
    /// answer has no body for `HEAD`. `answeredBy` is who answered when the caller set the
    /// answer's `X-Mock-Answered-By` itself; nil leaves that field, which a module sets, for the
    /// writer to look up in the answer kept (or, for a faulted answer, which keeps no fields, it
    /// is looked up here). The start is a monotonic reading (`timing`), made a time by the
    /// writer. Request, answer and decision are lent: their fields are copied into the journal's
    /// pending records (`recordAnswered`), no entry made.
    func record(request: HTTPRequest, response: borrowing HTTPResponse, answeredBy: String?,
                decision: borrowing ControlDecision, timing: JournalTiming, answerMilliseconds: Double, masking: SecretMasking) {
        let delayMilliseconds = response.delay?.inMilliseconds ?? 0
        // The content type is looked up only for a body that may hold a secret name (most are
        // empty, or hold none).
        let body = request.body.isEmpty || masking.leavesUnchanged(request.body)
            ? request.body : masking.body(request.body, contentType: request.headers[.contentType])
        let answered = response.fault == nil
        recordAnswered(
            startedAtMonotonic: timing.start, client: request.remoteAddress, method: request.method.rawValue,
            target: request.target, path: request.path, requestFields: request.headers, body: body,
            status: answered ? response.status.code : nil,
            durationMilliseconds: ((answerMilliseconds + delayMilliseconds) * 1000).rounded() / 1000,
            answeredBy: answeredBy ?? (answered ? nil : response.headers[.xMockAnsweredBy]),
            answeredByIsAnswers: answeredBy == nil && answered,
            delayMilliseconds: decision.delayMilliseconds, delaySource: decision.delaySource?.description,
            fault: decision.fault?.description, faultSource: decision.faultSource?.description,
            answerFields: answered ? response.headers : HTTPHeaders(),
            responseBody: answered && !Self.isHEAD(request.method) ? response.body : [])
    }

    /// Whether `method` is `HEAD`, its length looked at first: `==` on two different short
    /// texts (`GET` and `HEAD`) calls into the runtime (~22 Ir a request).
    private static func isHEAD(_ method: HTTPMethod) -> Bool {
        method.rawValue.utf8.count == 4 && method == .HEAD
    }
}
