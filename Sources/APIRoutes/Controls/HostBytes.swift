/// The admin guard's `Host` check read over the header value's UTF-8 bytes: the name found by
/// its brackets and last colon, `localhost` compared with ASCII case folded, an IPv4 literal
/// parsed as glibc's `inet_pton` parses it. No lowercased copy, no substrings and no C strings:
/// done with Strings, the check cost ~6.5k instructions on every admin request.
enum HostBytes {
    /// Whether `host` (`name[:port]`, `[v6][:port]`) is `localhost`, a `*.localhost` name or an
    /// IPv4 literal; nil when the name holds a colon (an IPv6 literal) or a non-ASCII byte, which
    /// `BrowserOrigin`'s String path decides.
    static func isLoopbackOrIPv4(_ host: UnsafeBufferPointer<UInt8>) -> Bool? {
        var start = 0
        var end = host.count
        if end > 0, host[0] == UInt8(ascii: "[") {
            if let close = host.firstIndex(of: UInt8(ascii: "]")) {
                start = 1
                end = close
            }
        } else if let colon = host.lastIndex(of: UInt8(ascii: ":")) {
            end = colon
        }
        let name = UnsafeBufferPointer(rebasing: host[start..<end])
        var onlyDigitsAndDots = true
        for byte in name {
            if byte >= 0x80 || byte == UInt8(ascii: ":") { return nil }
            if byte != UInt8(ascii: "."), byte &- UInt8(ascii: "0") > 9 { onlyDigitsAndDots = false }
        }
        if onlyDigitsAndDots { return isIPv4(name) }
        return name.count == 9 ? endsWith(name, "localhost") : endsWith(name, ".localhost")
    }

    /// Whether `name` ends with `lowercase`, ASCII letters in any case.
    private static func endsWith(_ name: UnsafeBufferPointer<UInt8>, _ lowercase: StaticString) -> Bool {
        let count = lowercase.utf8CodeUnitCount
        guard name.count >= count else { return false }
        let letters = lowercase.utf8Start
        let offset = name.count - count
        for index in 0..<count {
            let byte = name[offset + index]
            let folded = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
            if folded != letters[index] { return false }
        }
        return true
    }

    /// Dotted decimal exactly as glibc's `inet_pton(AF_INET, …)` takes it: four parts of at most
    /// 255, none with a leading zero, nothing else.
    private static func isIPv4(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        var parts = 0
        var value = 0
        var inPart = false
        for byte in name {
            if byte == UInt8(ascii: ".") {
                guard inPart, parts < 4 else { return false }
                inPart = false
                value = 0
                continue
            }
            if inPart && value == 0 { return false }
            value = value * 10 + Int(byte &- UInt8(ascii: "0"))
            guard value <= 255 else { return false }
            if !inPart {
                parts += 1
                inPart = true
            }
        }
        return parts == 4 && inPart
    }
}
