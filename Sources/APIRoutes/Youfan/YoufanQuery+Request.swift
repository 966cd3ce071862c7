import HTTPServer
import Wire

extension YoufanQuery {
    /// The parameters of `request` as ThinkPHP bound them: a GET's from `$_GET` only, a POST's
    /// from both (the body winning). The Youfan module and stubs matching `m`/`a` read them so.
    init(reading request: HTTPRequest) throws(ParameterError) {
        let body = request.method == .POST ? try request.bodyParameters() : Parameters()
        self.init(query: try request.queryParameters(), body: body, headers: request.headers)
    }
}
