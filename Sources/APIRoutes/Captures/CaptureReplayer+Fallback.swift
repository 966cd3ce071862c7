import HTTPServer

/// Capture replay as `MockApplication`'s first fallback: after the stateful modules, before 404.
extension CaptureReplayer: FallbackResponder {
    public func respondIfPossible(to request: HTTPRequest, reply: @escaping @Sendable (consuming HTTPResponse) -> Void) throws -> Bool {
        guard let response = try response(for: request) else { return false }
        reply(response)
        return true
    }

    public func nearMiss(for request: HTTPRequest) throws -> String? {
        try nearMissHint(for: request)
    }
}
