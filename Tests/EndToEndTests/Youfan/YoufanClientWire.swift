import APIRoutes
import Testing
import TestSupport
import Wire

/// How the public Youfan clients put a request on the wire, byte for byte.
///
/// The Android clients (TK, SP, GF, RH) hand a literal URL string to OkHttp 3, which sends the
/// query as written except that it percent-encodes a space, `"`, `'`, `<`, `>`, control and
/// non-ASCII characters and a `%` that does not start an escape (`HttpUrl.canonicalize` with
/// `QUERY_ENCODE_SET`); `{` and `}` go out raw (GF's `TopNew`). HC builds its URL with YTKNetwork
/// over AFNetworking 3: the common arguments of `Global/GlobalConfig.m` appended by its
/// `YTKUrlArgumentsFilter`, then the request's own arguments as AFNetworking serialises a GET
/// (keys sorted, values percent-encoded).
enum YoufanClientWire {
    /// The request target OkHttp sends for a client's literal URL.
    static func okHttpTarget(_ url: String) -> String {
        let path = url.trimmingLeadingSpaces.replacingOccurrences(of: "http://api.funwear.com", with: "")
        guard let mark = path.firstIndex(of: "?") else { return path }
        return String(path[..<mark]) + "?" + canonicalQuery(String(path[path.index(after: mark)...]))
    }

    /// OkHttp's request head: its own headers, the Host of the URL (the phone's proxy forwards it).
    static func okHttpRequest(_ url: String) -> [UInt8] {
        Array(("GET \(okHttpTarget(url)) HTTP/1.1\r\nHost: api.funwear.com\r\nConnection: close\r\n"
            + "Accept-Encoding: gzip\r\nUser-Agent: okhttp/3.4.1\r\n\r\n").utf8)
    }

    /// HC's common arguments (`Global/GlobalConfig.m`): `_platform`, `appName`, the device's
    /// vendor id, `osCode`, `UIDevice.systemName` and `systemVersion`.
    static let hcCommonArguments: [(String, String)] = [
        ("_platform", "1"), ("appName", "youfanguanfang"), ("deviceId", "6D0E3A5C-2B1F-4C8A-9E7D-1F2A3B4C5D6E"),
        ("osCode", "ios"), ("osName", "iPhone OS"), ("osVersion", "9.3.2"),
    ]

    /// The target HC sends for `arguments` (its `requestArgument` dictionary) on `path`.
    static func hcTarget(_ arguments: [(String, String)], path: String = YoufanParameters.shopPath) -> String {
        let common = hcCommonArguments.map { "\($0.0)=\(afEscaped($0.1))" }.joined(separator: "&")
        let own = arguments.sorted { $0.0 < $1.0 }.map { "\(afEscaped($0.0))=\(afEscaped($0.1))" }.joined(separator: "&")
        return "\(path)?\(common)&\(own)"
    }

    /// HC's request head (NSURLSession as AFNetworking configures it).
    static func hcRequest(_ arguments: [(String, String)], path: String = YoufanParameters.shopPath) -> [UInt8] {
        Array(("GET \(hcTarget(arguments, path: path)) HTTP/1.1\r\nHost: api.funwear.com\r\nConnection: close\r\n"
            + "Accept: */*\r\nUser-Agent: HCFunwear/1.0 (iPhone; iOS 9.3.2; Scale/2.00)\r\n"
            + "Accept-Language: zh-Hans-CN;q=1\r\nAccept-Encoding: gzip, deflate\r\n\r\n").utf8)
    }

    private static func canonicalQuery(_ query: String) -> String {
        let bytes = Array(query.utf8)
        var out = ""
        for (index, byte) in bytes.enumerated() {
            let startsEscape = index + 2 < bytes.count && bytes[index + 1].isHexDigit && bytes[index + 2].isHexDigit
            if byte < 0x21 || byte >= 0x7F || Array(#""'<>"#.utf8).contains(byte)
                || (byte == UInt8(ascii: "%") && !startsEscape) {
                out += percent(byte)
            } else {
                out += String(UnicodeScalar(byte))
            }
        }
        return out
    }

    /// AFNetworking's `AFPercentEscapedStringFromString`: RFC 3986 query characters stay, except
    /// the general and sub-delimiters (`?` and `/` stay).
    private static func afEscaped(_ text: String) -> String {
        let kept = Set(Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~?/".utf8))
        return text.utf8.map { kept.contains($0) ? String(UnicodeScalar($0)) : percent($0) }.joined()
    }

    private static func percent(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "%" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xF)])
    }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }
}

extension String {
    /// GF writes two of its URLs with a leading space; OkHttp skips it.
    fileprivate var trimmingLeadingSpaces: String { String(drop { $0 == " " }) }
}

extension YoufanTestServer {
    /// A literal URL of an Android client, sent as OkHttp sends it; the JSON body, HTTP 200 expected.
    func okHttp(_ url: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> JSON {
        try await answer(YoufanClientWire.okHttpRequest(url), url, sourceLocation: sourceLocation)
    }

    /// One of HC's requests (`requestArgument`), sent as YTKNetwork and AFNetworking send it.
    func hc(_ arguments: [(String, String)], path: String = YoufanParameters.shopPath,
            sourceLocation: SourceLocation = #_sourceLocation) async throws -> JSON {
        try await answer(YoufanClientWire.hcRequest(arguments, path: path), "\(arguments)", sourceLocation: sourceLocation)
    }

    private func answer(_ request: [UInt8], _ label: String, sourceLocation: SourceLocation) async throws -> JSON {
        let response = try await RawHTTPClient.exchangeUntilClose(request, port: port)
        #expect(response.status == 200, "\(label)", sourceLocation: sourceLocation)
        return try JSON.parse(response.body)
    }
}
