/// A header field the server or the mock looks for on (nearly) every request or answer. Each
/// has one bit in `HTTPHeaders`, set as fields are added (by the parser from the bytes it
/// already compares), so asking for one that is not there, the usual case, costs a bit test
/// rather than a case-insensitive comparison with every field.
public enum KnownHeader: UInt8, Sendable, CaseIterable {
    case host
    case expect
    case contentType
    case contentLength
    case transferEncoding
    case connection
    case date
    case server
    case authorization
    case proxyAuthorization
    case cookie
    case setCookie
    /// Maka's token header (`MakaTokens`).
    case token
    case origin
    case vary
    case accessControlRequestMethod
    case accessControlRequestHeaders
    case secFetchSite
    case xRequestID
    case xMockDelay
    case xMockFault
    case xMockAnsweredBy

    /// The name as the server writes it.
    public var name: String {
        switch self {
        case .host: "Host"
        case .expect: "Expect"
        case .contentType: "Content-Type"
        case .contentLength: "Content-Length"
        case .transferEncoding: "Transfer-Encoding"
        case .connection: "Connection"
        case .date: "Date"
        case .server: "Server"
        case .authorization: "Authorization"
        case .proxyAuthorization: "Proxy-Authorization"
        case .cookie: "Cookie"
        case .setCookie: "Set-Cookie"
        case .token: "token"
        case .origin: "Origin"
        case .vary: "Vary"
        case .accessControlRequestMethod: "Access-Control-Request-Method"
        case .accessControlRequestHeaders: "Access-Control-Request-Headers"
        case .secFetchSite: "Sec-Fetch-Site"
        case .xRequestID: "X-Request-Id"
        case .xMockDelay: "X-Mock-Delay"
        case .xMockFault: "X-Mock-Fault"
        case .xMockAnsweredBy: "X-Mock-Answered-By"
        }
    }

    /// This header's bit among the known headers an `HTTPHeaders` holds.
    @inlinable
    public var bit: UInt32 { 1 << UInt32(rawValue) }

    /// The known header spelled by `bytes` in any case; nil for any other name. One switch on
    /// the length, then at most three byte comparisons.
    package init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        func named(_ lowercase: StaticString) -> Bool { Self.spells(bytes, lowercase) }
        switch bytes.count {
        case 4:
            if named("host") { self = .host } else if named("date") { self = .date } else if named("vary") { self = .vary } else { return nil }
        case 5:
            if named("token") { self = .token } else { return nil }
        case 6:
            if named("expect") { self = .expect } else if named("server") { self = .server }
            else if named("origin") { self = .origin } else if named("cookie") { self = .cookie } else { return nil }
        case 10:
            if named("connection") { self = .connection } else if named("set-cookie") { self = .setCookie } else { return nil }
        case 12:
            if named("content-type") { self = .contentType } else if named("x-request-id") { self = .xRequestID }
            else if named("x-mock-delay") { self = .xMockDelay } else if named("x-mock-fault") { self = .xMockFault }
            else { return nil }
        case 13:
            if named("authorization") { self = .authorization } else { return nil }
        case 14:
            if named("content-length") { self = .contentLength } else if named("sec-fetch-site") { self = .secFetchSite } else { return nil }
        case 17:
            if named("transfer-encoding") { self = .transferEncoding } else { return nil }
        case 18:
            if named("x-mock-answered-by") { self = .xMockAnsweredBy } else { return nil }
        case 19:
            if named("proxy-authorization") { self = .proxyAuthorization } else { return nil }
        case 29:
            if named("access-control-request-method") { self = .accessControlRequestMethod } else { return nil }
        case 30:
            if named("access-control-request-headers") { self = .accessControlRequestHeaders } else { return nil }
        default:
            return nil
        }
    }

    /// Whether `bytes`, as long as `lowercase`, spell it in any case. Folding with `| 0x20`
    /// is exact here: every known name is lowercase letters and `-`, and the only other byte
    /// that folds to one of them is CR, which no field name holds.
    @inline(__always)
    private static func spells(_ bytes: UnsafeBufferPointer<UInt8>, _ lowercase: StaticString) -> Bool {
        let letters = lowercase.utf8Start
        for index in 0..<bytes.count where bytes[index] | 0x20 != letters[index] { return false }
        return true
    }

    /// The known header `name` spells in any case; nil for any other name.
    package init?(_ name: String) {
        guard let known = name.utf8.withContiguousStorageIfAvailable({ KnownHeader($0) })
            ?? Array(name.utf8).withUnsafeBufferPointer({ KnownHeader($0) }) else { return nil }
        self = known
    }
}
