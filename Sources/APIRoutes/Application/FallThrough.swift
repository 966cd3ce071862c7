import HTTPServer

/// "What the mock knows, then what was captured, then the upstream": a failure that says the
/// stateful module does not know the entity (an unknown user, template, event …) does not hide a
/// capture. `ErrorBoundary` marks its answer; `MockApplication` then asks the fallbacks (capture
/// replay, then the upstream in record mode) and sends the failure only when none answers. The
/// mark is an internal header that never leaves the application.
enum FallThrough {
    static let markerHeader = "X-Mock-Ask-Fallbacks"

    /// `response` marked as "ask the fallbacks first".
    static func marked(_ response: HTTPResponse) -> HTTPResponse {
        var response = response
        response.headers.replaceOrAdd(name: markerHeader, value: "1")
        return response
    }

    /// The failure without its mark when `response` is marked; nil otherwise.
    static func unmarked(_ response: HTTPResponse) -> HTTPResponse? {
        guard response.headers.contains(markerHeader) else { return nil }
        var response = response
        response.headers.remove(name: markerHeader)
        return response
    }
}
