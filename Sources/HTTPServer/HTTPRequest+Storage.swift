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
        /// The target's authority, or one set by code.
        var authority: String?
        /// Without `authority`, the Host field's host is the authority (a request the parser
        /// read): made a String only when asked for, which nearly no request is.
        var authorityFromHost: Bool
        /// When the server had read the whole request, on the monotonic clock (`DispatchTime`'s
        /// uptime nanoseconds); 0 for a request made by code.
        var receivedAt: UInt64 = 0

        /// `authority`, else the Host field's host without its port; nil when that is empty.
        var resolvedAuthority: String? {
            if let authority { return authority }
            guard authorityFromHost, let host = headers[.host] else { return nil }
            let name = RequestTarget.hostWithoutPort(host)
            return name.isEmpty ? nil : name
        }
    }

    /// The box a request's copies share; never changed once made, so copies need no locking.
    final class Storage: Sendable {
        let fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }
}
