import HTTPServer
import Wire

/// One request as the stub matchers read it: its parameters, its Youfan `m`/`a`, its body text and
/// its body as JSON are decoded at most once, and each regular expression is run at most once on
/// each value, however many stubs ask. Lives for one claim (or one journal entry), on one thread.
final class MatchedRequest {
    /// A regular expression's pattern and the text it was run on.
    private struct RegexQuestion: Hashable {
        let pattern: String
        let text: String
    }

    let request: HTTPRequest
    /// Whether a `GET` condition accepts a `HEAD` request (stubs: yes; verification: no).
    private let headMatchesGet: Bool
    private var regexAnswers: [RegexQuestion: Bool] = [:]

    init(_ request: HTTPRequest, headMatchesGet: Bool = false) {
        self.request = request
        self.headMatchesGet = headMatchesGet
    }

    /// Whether a matcher's `method` (upper case) accepts the request's.
    func method(accepts wanted: String) -> Bool {
        let actual = request.method.rawValue.uppercased()
        return wanted == actual || (headMatchesGet && wanted == "GET" && actual == "HEAD")
    }

    /// Read as the Youfan module reads them; nil when they cannot be decoded.
    private(set) lazy var youfanQuery: YoufanQuery? = try? YoufanQuery(reading: request)
    /// Query and body parameters; empty when they cannot be decoded.
    private(set) lazy var parameters: Parameters = (try? request.parameters()) ?? Parameters()
    /// The body as UTF-8 text, or no value for an empty body.
    private(set) lazy var bodyValues: [String] = request.body.isEmpty ? [] : [String(decoding: request.body, as: UTF8.self)]
    /// The body parsed as JSON; nil when it is empty or not JSON.
    private(set) lazy var bodyDocument: JSON? = request.body.isEmpty ? nil : try? JSON.parse(request.body)

    /// Whether `regex` matches all of `text`, run once per pattern and text in this request.
    func matchesWhole(_ regex: StubRegex, _ text: String) -> Bool {
        let question = RegexQuestion(pattern: regex.pattern, text: text)
        if let answer = regexAnswers[question] { return answer }
        let answer = regex.matchesWhole(text)
        regexAnswers[question] = answer
        return answer
    }
}
