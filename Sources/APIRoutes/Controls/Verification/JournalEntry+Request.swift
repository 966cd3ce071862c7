import HTTPServer
import Store
import Wire

extension JournalEntry {
    /// The request as the journal kept it, for matching with a `RequestMatcher`: the method,
    /// the target's path and query, the header fields and the body as stored, so secrets are
    /// masked (unless `--keep-secrets`) and the body is cut at the journal's cap.
    var request: HTTPRequest {
        let origin = TargetSplit.originForm(of: target)
        let query = origin.firstIndex(of: "?").map { String(origin[origin.index(after: $0)...]) }
        return HTTPRequest(method: HTTPMethod(method), target: target, path: path, query: query,
                           headers: HTTPHeaders(headers), body: body, remoteAddress: client)
    }
}
