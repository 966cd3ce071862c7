import Wire

extension HTTPRequest {
    /// Every field of a request, as one value.
    struct Fields: Sendable {
        var method: HTTPMethod
        var target: String
        var path: String
        var query: String?
        var version: HTTPVersion
        var headers: HTTPHeaders
        var body: [UInt8]
        var bodyStream: RequestBodyStream?
        var remoteAddress: String
        var authority: String?
    }

    /// The box a request's copies share; never changed once made, so copies need no locking.
    final class Storage: Sendable {
        let fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }
}
