/// An HTTP request method, compared by its exact (case-sensitive) token as RFC 9110 requires.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }

    public static let GET = HTTPMethod("GET")
    public static let HEAD = HTTPMethod("HEAD")
    public static let POST = HTTPMethod("POST")
    public static let PUT = HTTPMethod("PUT")
    public static let PATCH = HTTPMethod("PATCH")
    public static let DELETE = HTTPMethod("DELETE")
    public static let OPTIONS = HTTPMethod("OPTIONS")
    public static let CONNECT = HTTPMethod("CONNECT")
    public static let TRACE = HTTPMethod("TRACE")
}
