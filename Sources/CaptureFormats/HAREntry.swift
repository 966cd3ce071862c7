import Foundation
import Wire

/// One HAR 1.2 entry as `HARWriter` writes it: a request, its response, when it started and how
/// long it took. Built from a stored capture or from a journal entry.
public struct HAREntry: Sendable, Equatable {
    public var startedAt: Date
    public var method: String
    /// An absolute URL (HAR requires one; `HARReader` uses only its path and query).
    public var url: String
    public var requestHeaders: HTTPHeaders
    public var requestBody: [UInt8]
    public var requestContentType: String?
    /// The status; HAR's 0 is never written (entries without an answer are not exported).
    public var status: Int
    public var responseHeaders: HTTPHeaders
    public var responseContentType: String?
    public var responseBody: [UInt8]
    /// `timings.wait` and `time`, in milliseconds; nil writes -1 for the wait (not applicable).
    public var waitMilliseconds: Double?

    public init(startedAt: Date, method: String, url: String, requestHeaders: HTTPHeaders, requestBody: [UInt8],
                requestContentType: String?, status: Int, responseHeaders: HTTPHeaders, responseContentType: String?,
                responseBody: [UInt8], waitMilliseconds: Double?) {
        self.startedAt = startedAt
        self.method = method
        self.url = url
        self.requestHeaders = requestHeaders
        self.requestBody = requestBody
        self.requestContentType = requestContentType
        self.status = status
        self.responseHeaders = responseHeaders
        self.responseContentType = responseContentType
        self.responseBody = responseBody
        self.waitMilliseconds = waitMilliseconds
    }

    /// A capture record as an entry; an origin-form URL (`/app/x`) is made absolute with `origin`
    /// (`http://127.0.0.1:8080`).
    public init(_ record: CaptureRecord, startedAt: Date, origin: String) {
        self.init(startedAt: startedAt, method: record.method, url: Self.absolute(record.url, origin: origin),
                  requestHeaders: record.requestHeaders, requestBody: record.requestBody,
                  requestContentType: record.requestContentType, status: record.status,
                  responseHeaders: record.responseHeaders, responseContentType: record.responseContentType,
                  responseBody: record.responseBody, waitMilliseconds: record.waitMilliseconds)
    }

    /// `url` when it is absolute, else `origin` followed by it.
    public static func absolute(_ url: String, origin: String) -> String {
        let lowered = url.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") { return url }
        var origin = origin
        while origin.hasSuffix("/") { origin.removeLast() }
        return origin + (url.hasPrefix("/") ? url : "/" + url)
    }
}
