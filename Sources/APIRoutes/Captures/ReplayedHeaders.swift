import Wire

/// Which captured response headers replay sends back: all of them (`Set-Cookie`,
/// `Cache-Control`, `ETag`, `Location`, `Last-Modified`, custom ones …) in their captured order,
/// except those that describe the captured connection or framing rather than the answer, and
/// those the mock writes itself.
enum ReplayedHeaders {
    /// Never replayed, lowercased: hop-by-hop (RFC 9110 §7.6.1) and framing headers, which the
    /// server computes for the bytes it sends; `Content-Encoding`, because a capture holds the
    /// decoded body (HAR `content.text`); `Date` and `Server`, which the server sets;
    /// `Content-Type`, replayed from the capture's own column; the mock's `X-Mock-Answered-By`.
    static let dropped: Set<String> = ForwardedHeaders.hopByHop.union([
        "content-length", "content-encoding", "date", "server", "content-type", "x-mock-answered-by",
    ])

    /// The captured headers replay sends; HTTP/2 pseudo-headers (`:status`) some HAR writers
    /// list are dropped too.
    static func replayed(_ captured: HTTPHeaders) -> HTTPHeaders {
        HTTPHeaders(captured.filter { field in
            !field.name.hasPrefix(":") && !dropped.contains(field.name.lowercased())
        })
    }
}
