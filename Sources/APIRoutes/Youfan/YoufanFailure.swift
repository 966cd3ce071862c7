import HTTPServer

/// A Youfan business failure: answered as HTTP 200 `{"status":0,"info":…,"data":null}`, the way
/// the ThinkPHP server answered `$this->error(…)`. The message names what is wrong.
struct YoufanFailure: APIResponseError, Equatable {
    let message: String

    var status: HTTPStatus { .ok }

    /// A required parameter is absent (or empty).
    static func missing(_ name: String) -> YoufanFailure {
        YoufanFailure(message: "缺少参数: \(name)")
    }

    /// A parameter is present but unusable; `expected` says what would be accepted.
    static func invalid(_ name: String, _ value: String, expected: String) -> YoufanFailure {
        YoufanFailure(message: "参数无效: \(name)=\(value) (\(expected))")
    }

    /// Nothing is stored for what the parameters name (a product code, a channel's page …).
    static func notFound(_ what: String) -> YoufanFailure {
        YoufanFailure(message: what)
    }

    /// Always the Youfan envelope: only Youfan actions throw it.
    func response(in style: APIStyle) -> HTTPResponse { Envelope.youfanError(message: message) }
}
