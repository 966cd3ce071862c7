/// Persistence rules of RFC 9112 §9.3.
extension HTTPRequest {
    /// Whether the connection stays open after this request: HTTP/1.1 unless a `Connection`
    /// header lists `close`; HTTP/1.0 only when it lists `keep-alive` (and not `close`).
    public var keepAlive: Bool {
        var listsClose = false
        var listsKeepAlive = false
        for field in headers.fields where field.name.caseInsensitiveEquals("connection") {
            for token in field.value.split(separator: ",") {
                let trimmed = token.trimmingCharacters(in: " \t")
                if String(trimmed).caseInsensitiveEquals("close") { listsClose = true }
                if String(trimmed).caseInsensitiveEquals("keep-alive") { listsKeepAlive = true }
            }
        }
        if listsClose { return false }
        if version.major == 1 && version.minor >= 1 { return true }
        return listsKeepAlive
    }
}
