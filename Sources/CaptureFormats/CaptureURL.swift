import Wire

/// Splits a captured URL into a decoded path and a raw query, by the server's rules for a request
/// target: fragment dropped, scheme and authority dropped, split at the first `?`, the path
/// percent-decoded (kept as written when it cannot be decoded).
package struct CaptureURL {
    package let path: String
    package let query: String?

    package init(_ url: String) {
        let withoutFragment = url.firstIndex(of: "#").map { url[..<$0] } ?? url[...]
        var target = TargetSplit.originForm(of: withoutFragment)
        let (rawPath, query) = target.withUTF8 { bytes in
            let (path, query) = TargetSplit.pathAndQuery(0..<bytes.count, in: bytes)
            let decoded = PercentDecoding.decode(path, in: bytes) ?? bytes.string(path)
            return (decoded, query.map { bytes.string($0) })
        }
        self.path = rawPath.hasPrefix("/") ? rawPath : "/" + rawPath
        self.query = query
    }
}
