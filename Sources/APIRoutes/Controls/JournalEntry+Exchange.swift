import CaptureFormats
import Foundation
import HTTPServer
import Store
import Wire

extension JournalEntry {
    /// The journal entry for one answered request and its answer. The duration is the time the
    /// handlers took (`handlerMilliseconds`) plus the injected delay; a transport fault is
    /// recorded with no status (and no answer). The request body's secrets are masked here by
    /// `masking`; the target, both header lists (kept as the request received them, bytes until
    /// read) and the answer's body are left as sent, for the journal's writer to mask (a login
    /// answer's `token` member as much as an `Authorization` field) off the request path. The
    /// answer has no body for `HEAD`. `answeredBy` is the answer's `X-Mock-Answered-By`, which
    /// the caller has at hand when it set the field itself. Request, answer and decision are
    /// lent: the entry copies only the fields it keeps, not the whole answer.
    init(request: HTTPRequest, response: borrowing HTTPResponse, answeredBy: String?,
         decision: borrowing ControlDecision, startedAt: Date, handlerMilliseconds: Double, masking: SecretMasking) {
        let delayMilliseconds = response.delay?.inMilliseconds ?? 0
        // The content type is looked up only for a body that may hold a secret name (most are
        // empty, or hold none).
        let body = masking.leavesUnchanged(request.body)
            ? request.body : masking.body(request.body, contentType: request.headers[.contentType])
        self.init(
            startedAt: startedAt, client: request.remoteAddress, method: request.method.rawValue,
            target: request.target, path: request.path, requestFields: request.headers, body: body, bodySize: body.count,
            status: response.fault == nil ? response.status.code : nil,
            durationMilliseconds: ((handlerMilliseconds + delayMilliseconds) * 1000).rounded() / 1000,
            answeredBy: answeredBy,
            delayMilliseconds: decision.delayMilliseconds, delaySource: decision.delaySource?.description,
            fault: decision.fault?.description, faultSource: decision.faultSource?.description,
            answerFields: response.fault == nil ? response.headers : HTTPHeaders(),
            responseBody: response.fault == nil && request.method != .HEAD ? response.body : [])
    }
}
