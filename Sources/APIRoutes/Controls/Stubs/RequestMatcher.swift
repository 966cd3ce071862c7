import HTTPServer
import Wire

/// Which requests a stub answers, or a verification query counts. Every condition that is set
/// must hold; none set matches every request.
///
/// - `method`: compared without regard to case; a stub's `GET` also answers `HEAD` (the server
///   leaves the body out, as servers do), while a verification query's counts only GETs.
/// - `path` (exact, decoded) or `pathPattern` (a regular expression over the whole path).
/// - `action`: Youfan's `m` and `a`, compared without regard to case as ThinkPHP does, read as the
///   Youfan module reads them (a GET's from the query, a POST's from body and query).
/// - `params`: query and body parameters (form, JSON object, multipart text fields; a name in
///   the body hides the query's).
/// - `headers`: names without regard to case.
/// - `body`: the body as UTF-8 text (or, with `jsonPath`, a value inside it).
struct RequestMatcher: Sendable {
    enum PathCondition: Sendable {
        case exact(String)
        case pattern(StubRegex)
    }

    var method: String?
    var path: PathCondition?
    var action: (module: String, action: String)?
    var params: [(name: String, matcher: ValueMatcher)] = []
    var headers: [(name: String, matcher: ValueMatcher)] = []
    var body: ValueMatcher?
    /// The matcher as given, for the admin API and persistence.
    var json: JSON = .object([])

    func matches(_ request: HTTPRequest) -> Bool {
        matches(MatchedRequest(request))
    }

    /// `matches`, reading what several matchers share from `matched` (decoded once). The cheap
    /// conditions go first, the regular expressions and the body last.
    func matches(_ matched: MatchedRequest) -> Bool {
        let request = matched.request
        if let method, !matched.method(accepts: method) { return false }
        if case let .exact(path)? = path, path != request.path { return false }
        guard headers.allSatisfy({ $0.matcher.matches(values: request.headers.values(for: $0.name), in: matched) }) else {
            return false
        }
        if let action {
            guard let query = matched.youfanQuery,
                  query["m"]?.lowercased() == action.module.lowercased(),
                  query["a"]?.lowercased() == action.action.lowercased()
            else { return false }
        }
        if case let .pattern(regex)? = path, !matched.matchesWhole(regex, request.path) { return false }
        if !params.isEmpty {
            let parameters = matched.parameters
            guard params.allSatisfy({ $0.matcher.matches(values: parameters.values(for: $0.name), in: matched) }) else {
                return false
            }
        }
        if let body, !body.matchesBody(of: matched) { return false }
        return true
    }
}
