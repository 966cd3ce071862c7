import HTTPServer
import Wire

/// One request as the stub matchers read it: its parameters, its Youfan `m`/`a` and its body text
/// are decoded at most once, however many stubs ask. Lives for one claim, on one thread.
final class MatchedRequest {
    let request: HTTPRequest

    init(_ request: HTTPRequest) {
        self.request = request
    }

    /// Read as the Youfan module reads them; nil when they cannot be decoded.
    private(set) lazy var youfanQuery: YoufanQuery? = try? YoufanQuery(reading: request)
    /// Query and body parameters; empty when they cannot be decoded.
    private(set) lazy var parameters: Parameters = (try? request.parameters()) ?? Parameters()
    /// The body as UTF-8 text, or no value for an empty body.
    private(set) lazy var bodyValues: [String] = request.body.isEmpty ? [] : [String(decoding: request.body, as: UTF8.self)]
}
