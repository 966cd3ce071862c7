import HTTPServer
import Wire

extension YoufanQuery {
    /// The parameters of `request` as ThinkPHP bound them: a GET's from `$_GET` only, a POST's
    /// from both (the body winning). The Youfan module and stubs matching `m`/`a` read them so.
    init(reading request: HTTPRequest) throws(ParameterError) {
        let body = request.method == .POST ? try request.bodyParameters() : Parameters()
        let host = request.headers[.host].flatMap { $0.isEmpty ? nil : $0 }
        self.init(query: try request.queryParameters(), body: body, host: host)
    }
}
