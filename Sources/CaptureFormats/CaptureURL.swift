import Wire

/// Splits a captured URL into a decoded path and a raw query, by the server's rules for a request
/// target: scheme and authority dropped, fragment dropped, split at the first `?`, the path
/// percent-decoded (kept as written when it cannot be decoded).
package struct CaptureURL {
    package let path: String
    package let query: String?

    package init(_ url: String) {
        var rest = Substring(url)
        if let fragment = rest.firstIndex(of: "#") { rest = rest[..<fragment] }
        if let scheme = rest.range(of: "://") {
            let afterAuthority = rest[scheme.upperBound...]
            rest = afterAuthority.firstIndex(where: { $0 == "/" || $0 == "?" }).map { afterAuthority[$0...] } ?? ""
        }
        var target = String(rest)
        let (rawPath, query) = target.withUTF8 { bytes in
            let (path, query) = TargetSplit.pathAndQuery(0..<bytes.count, in: bytes)
            let decoded = PercentDecoding.decode(path, in: bytes) ?? bytes.string(path)
            return (decoded, query.map { bytes.string($0) })
        }
        self.path = rawPath.hasPrefix("/") ? rawPath : "/" + rawPath
        self.query = query
    }
}
