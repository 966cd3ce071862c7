import Foundation

/// One HAR 1.2 entry as `HARWriter` writes it: an exchange and when it started. Built from a
/// stored capture or from a journal entry.
public struct HAREntry: Sendable, Equatable {
    public var startedAt: Date
    /// The request and response; its URL is absolute, as HAR requires (`HARReader` uses only
    /// the path and query), and its `waitMilliseconds` becomes `timings.wait` (none: -1).
    public var record: CaptureRecord

    /// An entry for `record`; an origin-form URL (`/app/x`) is made absolute with `origin`
    /// (`http://127.0.0.1:8080`).
    public init(_ record: CaptureRecord, startedAt: Date, origin: String) {
        self.startedAt = startedAt
        self.record = record
        self.record.url = Self.absolute(record.url, origin: origin)
    }

    /// `url` when it is absolute, else `origin` followed by it.
    static func absolute(_ url: String, origin: String) -> String {
        let lowered = url.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") { return url }
        var origin = origin
        while origin.hasSuffix("/") { origin.removeLast() }
        return origin + (url.hasPrefix("/") ? url : "/" + url)
    }
}
