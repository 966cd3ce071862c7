import HTTPServer
import Wire

/// Access tokens: 256 bits from the system CSPRNG as 64 hex digits, and where a request
/// carries one: `Authorization: Bearer <t>` (or QT's `Token token="<t>"`, `QTAPIClient.m`), a
/// `token` header, or a `token` parameter (QT sends `?token=…&uid=…`, `PersonalInfoVC.m`).
enum MakaTokens {
    static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for _ in 0..<4 {
            var word = generator.next() as UInt64
            for _ in 0..<16 {
                text.append(digits[Int(word & 0xF)])
                word >>= 4
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The token a request presents, in that order of precedence; nil when there is none.
    static func presented(by request: HTTPRequest, parameters: Parameters) -> String? {
        if let authorization = request.headers[.authorization] {
            let parts = authorization.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
            if parts.count == 2, parts[0].lowercased() == "bearer" {
                let token = String(parts[1]).trimmingWhitespace()
                if !token.isEmpty { return token }
            }
            if parts.count == 2, parts[0].lowercased() == "token" {
                let token = quotedTokenValue(String(parts[1]))
                if !token.isEmpty { return token }
            }
        }
        if let header = request.headers[.token]?.trimmingWhitespace(), !header.isEmpty { return header }
        if let parameter = parameters["token"]?.trimmingWhitespace(), !parameter.isEmpty { return parameter }
        return nil
    }

    /// The value of `token="…"` (quotes optional) in a `Token` authorization.
    private static func quotedTokenValue(_ credentials: String) -> String {
        let text = credentials.trimmingWhitespace()
        guard text.lowercased().hasPrefix("token=") else { return "" }
        var value = Substring(text.dropFirst("token=".count))
        if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = value.dropFirst().dropLast() }
        return String(value).trimmingWhitespace()
    }
}
