import HTTPServer
import Wire

extension StubRegistry {
    /// How `X-Mock-Answered-By` names a stub's answer: `stub:<id>`.
    static let answeredByPrefix = "stub:"
    /// Set on an answer a patch stub matched but could not change, saying why.
    static let noteHeader = "X-Mock-Stub-Note"

    /// Answers `request` with the stub that claims it, else with `otherwise` (the application).
    /// A patch stub lets `otherwise` answer and patches its JSON body; when the body is not JSON
    /// (or `patchAt` names nothing in it) the answer goes out unchanged, marked
    /// `stub:<id>:unpatched` with an `X-Mock-Stub-Note`.
    func respond(to request: HTTPRequest, otherwise: any HTTPResponder,
                 reply: @escaping @Sendable (consuming HTTPResponse) -> Void) {
        guard let stub = claim(for: request) else {
            otherwise.respond(to: request, reply: reply)
            return
        }
        let answeredBy = Self.answeredByPrefix + stub.id
        switch stub.answer {
        case let .response(response):
            var response = response.httpResponse
            response.headers.replaceOrAdd(name: MockControls.answeredByHeader, value: answeredBy)
            reply(response)
        case let .patch(patch, target):
            otherwise.respond(to: request) { response in
                reply(Self.patched(response, with: patch, at: target, answeredBy: answeredBy))
            }
        }
    }

    private static func patched(_ response: HTTPResponse, with patch: JSON, at target: JSONPath?,
                                answeredBy: String) -> HTTPResponse {
        var response = response
        let original = response.headers[MockControls.answeredByHeader] ?? "the server"
        guard let document = try? JSON.parse(response.body) else {
            response.headers.replaceOrAdd(name: MockControls.answeredByHeader, value: answeredBy + ":unpatched")
            response.headers.replaceOrAdd(name: noteHeader, value: "the answer of \(original) is not JSON; sent unpatched")
            return response
        }
        let result: JSON?
        if let target {
            result = target.replacing(in: document) { JSONMergePatch.apply(patch, to: $0) }
        } else {
            result = JSONMergePatch.apply(patch, to: document)
        }
        guard let result else {
            response.headers.replaceOrAdd(name: MockControls.answeredByHeader, value: answeredBy + ":unpatched")
            response.headers.replaceOrAdd(name: noteHeader, value: "patchAt \(target?.description ?? "$") names nothing in the answer of \(original); sent unpatched")
            return response
        }
        response.body = result.encoded()
        response.headers.replaceOrAdd(name: MockControls.answeredByHeader, value: answeredBy)
        return response
    }
}
