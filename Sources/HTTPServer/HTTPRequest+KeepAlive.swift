import Wire

/// Persistence rules of RFC 9112 §9.3.
extension HTTPRequest {
    /// Whether the connection stays open after this request: HTTP/1.1 unless a `Connection`
    /// header lists `close`; HTTP/1.0 only when it lists `keep-alive` (and not `close`).
    public var keepAlive: Bool {
        var listsClose = false
        var listsKeepAlive = false
        let connectionFields = headers.contains(.connection) ? headers.fields : []
        for field in connectionFields where field.name.caseInsensitiveEquals("connection") {
            Self.forEachToken(in: field.value) { token in
                if token.elementsEqual("close".utf8, by: Self.asciiCaseInsensitive) { listsClose = true }
                if token.elementsEqual("keep-alive".utf8, by: Self.asciiCaseInsensitive) { listsKeepAlive = true }
            }
        }
        if listsClose { return false }
        if version.major == 1 && version.minor >= 1 { return true }
        return listsKeepAlive
    }

    /// Calls `body` with each comma-separated element of `value`, without surrounding
    /// whitespace, as UTF-8 (no allocation).
    private static func forEachToken(in value: String, _ body: (Substring.UTF8View) -> Void) {
        let utf8 = value.utf8
        var start = utf8.startIndex
        while start < utf8.endIndex {
            let end = utf8[start...].firstIndex(of: UInt8(ascii: ",")) ?? utf8.endIndex
            var token = value[start..<end].utf8
            while let first = token.first, ASCII.isWhitespace(first) { token = token.dropFirst() }
            while let last = token.last, ASCII.isWhitespace(last) { token = token.dropLast() }
            if !token.isEmpty { body(token) }
            start = end < utf8.endIndex ? utf8.index(after: end) : end
        }
    }

    private static func asciiCaseInsensitive(_ lhs: UInt8, _ rhs: UInt8) -> Bool {
        ASCII.lowercased(lhs) == ASCII.lowercased(rhs)
    }
}
