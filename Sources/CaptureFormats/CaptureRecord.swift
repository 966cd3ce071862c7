import Wire

/// One captured request/response pair, as read from a HAR or capture JSON file.
public struct CaptureRecord: Sendable, Hashable {
    /// The request method, uppercased (`GET`).
    public var method: String
    /// The request URL as captured: absolute (`https://host/path?q`) or origin-form (`/path?q`).
    public var url: String
    public var requestHeaders: HTTPHeaders
    /// The request body bytes (empty when there was none).
    public var requestBody: [UInt8]
    /// The request body's media type (header, HAR `postData.mimeType`, or JSON for a JSON value).
    public var requestContentType: String?
    /// The captured HTTP status.
    public var status: Int
    public var responseHeaders: HTTPHeaders
    /// The response's Content-Type as it is replayed.
    public var responseContentType: String?
    /// The response body bytes as they are replayed.
    public var responseBody: [UInt8]
    /// HAR `timings.wait`, in milliseconds, when the capture has it.
    public var waitMilliseconds: Double?
    /// Where the record came from (`file.har entry 3`); not part of its identity.
    public var source: String

    public init(
        method: String, url: String, requestHeaders: HTTPHeaders = HTTPHeaders(), requestBody: [UInt8] = [],
        requestContentType: String? = nil, status: Int, responseHeaders: HTTPHeaders = HTTPHeaders(),
        responseContentType: String?, responseBody: [UInt8], waitMilliseconds: Double? = nil, source: String = ""
    ) {
        self.method = method.uppercased()
        self.url = url
        self.requestHeaders = requestHeaders
        self.requestBody = requestBody
        self.requestContentType = requestContentType
        self.status = status
        self.responseHeaders = responseHeaders
        self.responseContentType = responseContentType
        self.responseBody = responseBody
        self.waitMilliseconds = waitMilliseconds
        self.source = source
    }

    /// The request as the matcher sees it: path decoded, raw query, body and its type.
    public var request: CaptureRequest {
        let target = CaptureURL(url)
        return CaptureRequest(method: method, path: target.path, query: target.query,
                              body: requestBody, contentType: requestContentType)
    }

    /// The record's identity: SHA-256 over method, URL, request body, status, content type and
    /// response body. Headers (dates, cookies) and the source file do not count, so the same
    /// exchange captured or imported twice is one record.
    public var contentHash: String {
        var hash = SHA256()
        hash.updateField(Array(method.utf8))
        hash.updateField(Array(url.utf8))
        hash.updateField(requestBody)
        hash.updateField(Array(String(status).utf8))
        hash.updateField(Array((responseContentType ?? "").utf8))
        hash.updateField(responseBody)
        return hash.hexDigest()
    }
}
