import Wire

/// A request as the capture matcher sees it: method, decoded path, raw query, body and its type.
/// Built from a captured record at import and from a live request at replay, so both sides
/// derive their parameters with the same code.
public struct CaptureRequest: Sendable, Hashable {
    public var method: String
    /// The percent-decoded path, starting with `/`.
    public var path: String
    /// The raw query, without `?`, not decoded.
    public var query: String?
    public var body: [UInt8]
    /// The body's media type (`Content-Type`), if known.
    public var contentType: String?

    public init(method: String, path: String, query: String?, body: [UInt8] = [], contentType: String? = nil) {
        self.method = method.uppercased()
        self.path = path
        self.query = query
        self.body = body
        self.contentType = contentType
    }

    /// Query parameters, then body parameters, decoded; in the order they appear.
    ///
    /// The body counts by `BodyParameters`, the rule routing uses (form-urlencoded, JSON object,
    /// multipart text fields). Any other non-empty body, or one that rule refuses, counts as a
    /// whole through a `(body)` parameter holding its digest; a query that is not form-urlencoded
    /// counts as a whole through `(query)`.
    public var parameters: [CaptureParameter] {
        var result = Self.queryParameters(query ?? "")
        guard !body.isEmpty else { return result }
        if let fromBody = try? BodyParameters.parse(body, contentType: contentType) {
            result += fromBody.map { CaptureParameter(name: $0.name, value: $0.value) }
        } else {
            var hash = SHA256()
            hash.update(body)
            result.append(CaptureParameter(name: "(body)", value: String(hash.hexDigest().prefix(16))))
        }
        return result
    }

    /// The pairs of a form-urlencoded text; the text as one `(query)` parameter when it is not.
    static func queryParameters(_ text: String) -> [CaptureParameter] {
        guard !text.isEmpty else { return [] }
        guard let pairs = try? FormURLEncoded.parse(text, origin: "query") else {
            return [CaptureParameter(name: "(query)", value: text)]
        }
        return pairs.map { CaptureParameter(name: $0.name, value: $0.value) }
    }
}

/// One decoded request parameter.
public struct CaptureParameter: Sendable, Hashable, Comparable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    public static func < (left: CaptureParameter, right: CaptureParameter) -> Bool {
        (left.name, left.value) < (right.name, right.value)
    }
}
