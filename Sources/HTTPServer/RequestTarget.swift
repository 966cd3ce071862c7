/// A parsed request-target (RFC 9112 §3.2): origin-form, absolute-form, authority-form (only
/// for CONNECT) or asterisk-form (only for OPTIONS).
struct RequestTarget {
    /// The target exactly as sent.
    var target: String
    /// The percent-decoded path; `*` for asterisk-form, the authority for authority-form.
    var path: String
    /// The raw query after `?`, not decoded.
    var query: String?
    /// The host from an absolute-form or authority-form target, without port.
    var authority: String?

    struct Failure: Error { let message: String }

    static func parse(
        _ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>, method: HTTPMethod
    ) -> Result<RequestTarget, Failure> {
        var hasNonASCII = false
        for index in range {
            let byte = bytes[index]
            if byte <= ByteClass.space || byte == 0x7F {
                return .failure(Failure(message: byte == ByteClass.carriageReturn
                    ? "bare CR in request line" : "invalid character in request target"))
            }
            if byte == 0x23 { return .failure(Failure(message: "fragment (#) in request target")) }
            if byte >= 0x80 { hasNonASCII = true }
        }
        if hasNonASCII && String(validating: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) == nil {
            return .failure(Failure(message: "request target is not valid UTF-8"))
        }
        let target = bytes.string(range)
        let first = bytes[range.lowerBound]

        if method == .CONNECT { return authorityForm(target) }
        if first == ByteClass.slash {
            return originForm(range, in: bytes, target: target, authority: nil)
        }
        if range.count == 1 && first == 0x2A {
            guard method == .OPTIONS else {
                return .failure(Failure(message: "the '*' target is only allowed with OPTIONS"))
            }
            return .success(RequestTarget(target: target, path: "*", query: nil, authority: nil))
        }
        for scheme in ["http://", "https://"] as [StaticString] {
            let schemeEnd = range.lowerBound + scheme.utf8CodeUnitCount
            guard schemeEnd <= range.upperBound,
                  bytes.equalsIgnoringCase(range.lowerBound..<schemeEnd, scheme) else { continue }
            return absoluteForm((schemeEnd..<range.upperBound), in: bytes, target: target)
        }
        if bytes.firstIndex(of: ByteClass.colon, in: range) != nil,
           bytes.firstIndex(of: ByteClass.slash, in: range) == nil {
            return .failure(Failure(message: "an authority-form target is only allowed with CONNECT"))
        }
        return .failure(Failure(message: "request target must start with '/' or be an http(s) URL"))
    }

    /// `http://host[:port][/path][?query]`: routed by its path, authority kept.
    private static func absoluteForm(
        _ rest: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>, target: String
    ) -> Result<RequestTarget, Failure> {
        var authorityEnd = rest.lowerBound
        while authorityEnd < rest.upperBound,
              bytes[authorityEnd] != ByteClass.slash, bytes[authorityEnd] != ByteClass.questionMark {
            authorityEnd += 1
        }
        let authorityRange = rest.lowerBound..<authorityEnd
        guard !authorityRange.isEmpty else { return .failure(Failure(message: "absolute URL without a host")) }
        if bytes.firstIndex(of: 0x40, in: authorityRange) != nil {
            return .failure(Failure(message: "user information in the request target is not allowed"))
        }
        let authority = hostWithoutPort(bytes.string(authorityRange))
        let pathAndQuery = authorityEnd..<rest.upperBound
        if pathAndQuery.isEmpty {
            return .success(RequestTarget(target: target, path: "/", query: nil, authority: authority))
        }
        if bytes[authorityEnd] == ByteClass.questionMark {
            let query = bytes.string((authorityEnd + 1)..<rest.upperBound)
            return .success(RequestTarget(target: target, path: "/", query: query, authority: authority))
        }
        return originForm(pathAndQuery, in: bytes, target: target, authority: authority)
    }

    /// `/path[?query]`.
    private static func originForm(
        _ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>, target: String, authority: String?
    ) -> Result<RequestTarget, Failure> {
        let questionMark = bytes.firstIndex(of: ByteClass.questionMark, in: range)
        let pathRange = range.lowerBound..<(questionMark ?? range.upperBound)
        let query = questionMark.map { bytes.string(($0 + 1)..<range.upperBound) }
        guard let path = PercentDecoding.decode(pathRange, in: bytes) else {
            return .failure(Failure(message: "invalid percent-encoding in path"))
        }
        return .success(RequestTarget(target: target, path: path, query: query, authority: authority))
    }

    /// `host:port`, for CONNECT.
    private static func authorityForm(_ target: String) -> Result<RequestTarget, Failure> {
        let parts = target.split(separator: ":", omittingEmptySubsequences: false)
        guard let port = parts.last, parts.count >= 2, !port.isEmpty, port.allSatisfy(\.isASCIIDigit),
              !target.contains("/"), !target.contains("@"), !target.contains("?"),
              !parts.dropLast().joined(separator: ":").isEmpty
        else { return .failure(Failure(message: "CONNECT needs an authority-form target (host:port)")) }
        return .success(RequestTarget(target: target, path: target, query: nil, authority: hostWithoutPort(target)))
    }

    /// `example.com:8080` → `example.com`; `[::1]:8080` → `[::1]`.
    static func hostWithoutPort(_ authority: String) -> String {
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return authority }
            return String(authority[...close])
        }
        guard let colon = authority.lastIndex(of: ":") else { return authority }
        return String(authority[..<colon])
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
