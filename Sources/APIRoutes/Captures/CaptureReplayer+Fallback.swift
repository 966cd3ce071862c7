import HTTPServer

/// Capture replay as `MockApplication`'s first fallback: after the stateful modules, before 404.
extension CaptureReplayer: FallbackResponder {
    public func respondIfPossible(to request: HTTPRequest, reply: @escaping @Sendable (HTTPResponse) -> Void) -> Bool {
        guard let response = response(for: request) else { return false }
        reply(response)
        return true
    }

    public func nearMiss(for request: HTTPRequest) -> String? {
        nearMissHint(for: request)
    }
}
