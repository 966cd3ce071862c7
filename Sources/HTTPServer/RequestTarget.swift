import Wire

/// Request-target parsing (RFC 9112 §3.2): origin-form, absolute-form, authority-form (only
/// for CONNECT) or asterisk-form (only for OPTIONS). Results go straight into the head; each
/// function returns an error message, nil when the target is fine.
enum RequestTarget {
    static func parse(
        _ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>, into head: inout RequestHead
    ) -> String? {
        var hasNonASCII = false
        var position = range.lowerBound
        while let index = ByteClass.firstUnusualTargetByte(bytes, in: position..<range.upperBound) {
            let byte = bytes[index]
            if byte >= 0x80 {
                hasNonASCII = true
            } else if byte == 0x23 {
                return "fragment (#) in request target"
            } else {
                return byte == ByteClass.carriageReturn ? "bare CR in request line" : "invalid character in request target"
            }
            position = index + 1
        }
        if hasNonASCII && String(validating: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) == nil {
            return "request target is not valid UTF-8"
        }
        head.target = bytes.string(range)
        let first = bytes[range.lowerBound]

        if head.method == .CONNECT { return authorityForm(into: &head) }
        if first == ByteClass.slash { return originForm(range, in: bytes, isASCII: !hasNonASCII, into: &head) }
        if range.count == 1 && first == 0x2A {
            guard head.method == .OPTIONS else { return "the '*' target is only allowed with OPTIONS" }
            head.path = "*"
            return nil
        }
        for scheme in ["http://", "https://"] as [StaticString] {
            let schemeEnd = range.lowerBound + scheme.utf8CodeUnitCount
            guard schemeEnd <= range.upperBound,
                  bytes.equalsIgnoringCase(range.lowerBound..<schemeEnd, scheme) else { continue }
            return absoluteForm(schemeEnd..<range.upperBound, in: bytes, into: &head)
        }
        if bytes.firstIndex(of: ByteClass.colon, in: range) != nil,
           bytes.firstIndex(of: ByteClass.slash, in: range) == nil {
            return "an authority-form target is only allowed with CONNECT"
        }
        return "request target must start with '/' or be an http(s) URL"
    }

    /// `http://host[:port][/path][?query]`: routed by its path, authority kept.
    private static func absoluteForm(
        _ rest: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>, into head: inout RequestHead
    ) -> String? {
        var authorityEnd = rest.lowerBound
        while authorityEnd < rest.upperBound,
              bytes[authorityEnd] != ByteClass.slash, bytes[authorityEnd] != ByteClass.questionMark {
            authorityEnd += 1
        }
        let authorityRange = rest.lowerBound..<authorityEnd
        guard !authorityRange.isEmpty else { return "absolute URL without a host" }
        if bytes.firstIndex(of: 0x40, in: authorityRange) != nil {
            return "user information in the request target is not allowed"
        }
        head.targetAuthority = hostWithoutPort(bytes.string(authorityRange))
        if authorityEnd == rest.upperBound || bytes[authorityEnd] == ByteClass.questionMark {
            head.path = "/"
            if authorityEnd < rest.upperBound { head.query = bytes.string((authorityEnd + 1)..<rest.upperBound) }
            return nil
        }
        let pathAndQuery = authorityEnd..<rest.upperBound
        return originForm(pathAndQuery, in: bytes, isASCII: bytes.isASCII(pathAndQuery), into: &head)
    }

    /// `/path[?query]`. Empty path segments collapse (`//app//x` is `/app/x`) before decoding,
    /// so an encoded `%2F` stays a character: clients that join a base URL ending in `/` with a
    /// path starting with `/` send `//app/…` (WIRE.md §4.1, FP `FRTNetWorkAgent.m`). `isASCII`:
    /// whether `range` holds only ASCII, as the caller's scan of the target found.
    private static func originForm(
        _ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool, into head: inout RequestHead
    ) -> String? {
        let (pathRange, queryRange) = TargetSplit.pathAndQuery(range, in: bytes)
        if let queryRange { head.query = bytes.string(queryRange) }
        let hasEmptySegment = hasDoubleSlash(pathRange, in: bytes)
        // The common case: the whole target is the path, nothing to decode — share its String.
        if head.targetAuthority == nil && queryRange == nil && !hasEmptySegment && isASCII
            && bytes.firstIndex(of: ByteClass.percent, in: range) == nil {
            head.path = head.target
            return nil
        }
        let decoded: String?
        if hasEmptySegment {
            var collapsed: [UInt8] = []
            collapsed.reserveCapacity(pathRange.count)
            for index in pathRange where !(bytes[index] == ByteClass.slash && collapsed.last == ByteClass.slash) {
                collapsed.append(bytes[index])
            }
            decoded = collapsed.withUnsafeBufferPointer { PercentDecoding.decode(0..<$0.count, in: $0) }
        } else {
            decoded = PercentDecoding.decode(pathRange, in: bytes)
        }
        guard let path = decoded else { return "invalid percent-encoding in path" }
        head.path = path
        return nil
    }

    /// Whether `range` holds two slashes in a row, looked for eight bytes per step (SWAR: a
    /// lane's high bit marks a slash; two marks side by side, in one word or across two, are
    /// a double slash). Byte by byte it cost ~12 instructions a byte of every target.
    private static func hasDoubleSlash(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = range.lowerBound
        var previousWasSlash = false
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 8 <= range.upperBound {
                // Lane 0 is the first byte, whatever the machine's byte order.
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let difference = word ^ 0x2F2F_2F2F_2F2F_2F2F
                // Exact: a lane's high bit is set only where its byte is a slash (no carries).
                let slashes = ~(((difference & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | difference)
                    & 0x8080_8080_8080_8080
                if slashes & (slashes >> 8) != 0 || (previousWasSlash && slashes & 0x80 != 0) { return true }
                previousWasSlash = slashes >> 63 != 0
                index += 8
            }
        }
        while index < range.upperBound {
            let isSlash = bytes[index] == ByteClass.slash
            if isSlash && previousWasSlash { return true }
            previousWasSlash = isSlash
            index += 1
        }
        return false
    }

    /// `host:port`, for CONNECT.
    private static func authorityForm(into head: inout RequestHead) -> String? {
        let target = head.target
        let parts = target.split(separator: ":", omittingEmptySubsequences: false)
        guard let port = parts.last, parts.count >= 2, !port.isEmpty, port.allSatisfy(\.isASCIIDigit),
              !target.contains("/"), !target.contains("@"), !target.contains("?"),
              !parts.dropLast().joined(separator: ":").isEmpty
        else { return "CONNECT needs an authority-form target (host:port)" }
        head.path = target
        head.targetAuthority = hostWithoutPort(target)
        return nil
    }

    /// `example.com:8080` → `example.com`; `[::1]:8080` → `[::1]`.
    static func hostWithoutPort(_ authority: String) -> String {
        let utf8 = authority.utf8
        if utf8.first == UInt8(ascii: "[") {
            guard let close = utf8.firstIndex(of: UInt8(ascii: "]")) else { return authority }
            return String(authority[...close])
        }
        guard let colon = utf8.lastIndex(of: UInt8(ascii: ":")) else { return authority }
        return String(authority[..<colon])
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
