import Foundation

/// One request as the journal keeps it: who sent what, how it was answered, and which mock
/// controls applied. Plain values only, so the Store knows nothing of HTTP types.
public struct JournalEntry: Sendable, Equatable {
    /// Assigned when written; 0 before.
    public var id: Int64
    public var startedAt: Date
    /// The client's `host:port`.
    public var client: String
    public var method: String
    /// The request target exactly as sent.
    public var target: String
    /// The decoded path, which the `pathPrefix` filter looks at.
    public var path: String
    public var headers: [(name: String, value: String)]
    /// The body, cut to the journal's cap; `bodySize` is its full length.
    public var body: [UInt8]
    public var bodySize: Int
    /// The status sent; nil when a transport fault meant no status was sent.
    public var status: Int?
    public var durationMilliseconds: Double
    /// Who answered: `admin`, a module name, `capture:<id>`, `upstream`, `fault`, `not-found`…
    public var answeredBy: String?
    public var delayMilliseconds: Int?
    /// Where the delay came from: `header`, `rule:<id>`, `global`.
    public var delaySource: String?
    /// The fault injected (`reset`, `status:500`…), if any.
    public var fault: String?
    public var faultSource: String?
    /// Why the server refused the request by itself (malformed, too large, too slow); such an
    /// entry has no method, target or headers when the request line never parsed.
    public var rejection: String?
    /// The answer's header fields as the handler gave them (no framing fields), and its body,
    /// secrets masked and cut to the journal's cap as read back (handed to `Journal.record` as
    /// sent: its writer masks and cuts it); empty for an entry without an answer.
    public var responseHeaders: [(name: String, value: String)]
    public var responseBody: [UInt8]

    public init(
        id: Int64 = 0, startedAt: Date, client: String, method: String, target: String, path: String,
        headers: [(name: String, value: String)], body: [UInt8], bodySize: Int, status: Int?,
        durationMilliseconds: Double, answeredBy: String? = nil, delayMilliseconds: Int? = nil,
        delaySource: String? = nil, fault: String? = nil, faultSource: String? = nil, rejection: String? = nil,
        responseHeaders: [(name: String, value: String)] = [], responseBody: [UInt8] = []
    ) {
        self.id = id
        self.startedAt = startedAt
        self.client = client
        self.method = method
        self.target = target
        self.path = path
        self.headers = headers
        self.body = body
        self.bodySize = bodySize
        self.status = status
        self.durationMilliseconds = durationMilliseconds
        self.answeredBy = answeredBy
        self.delayMilliseconds = delayMilliseconds
        self.delaySource = delaySource
        self.fault = fault
        self.faultSource = faultSource
        self.rejection = rejection
        self.responseHeaders = responseHeaders
        self.responseBody = responseBody
    }

    public static func == (lhs: JournalEntry, rhs: JournalEntry) -> Bool {
        lhs.id == rhs.id && lhs.startedAt == rhs.startedAt && lhs.client == rhs.client
            && lhs.method == rhs.method && lhs.target == rhs.target && lhs.path == rhs.path
            && lhs.headers.elementsEqual(rhs.headers, by: { $0.name == $1.name && $0.value == $1.value })
            && lhs.body == rhs.body && lhs.bodySize == rhs.bodySize && lhs.status == rhs.status
            && lhs.durationMilliseconds == rhs.durationMilliseconds && lhs.answeredBy == rhs.answeredBy
            && lhs.delayMilliseconds == rhs.delayMilliseconds && lhs.delaySource == rhs.delaySource
            && lhs.fault == rhs.fault && lhs.faultSource == rhs.faultSource && lhs.rejection == rhs.rejection
            && lhs.responseHeaders.elementsEqual(rhs.responseHeaders, by: { $0.name == $1.name && $0.value == $1.value })
            && lhs.responseBody == rhs.responseBody
    }
}

/// Which journal entries a query selects; every condition that is set must hold.
public struct JournalFilter: Sendable, Equatable {
    public var method: String?
    public var pathPrefix: String?
    public var status: Int?
    /// Only requests that started at or after this time.
    public var since: Date?
    /// At most this many entries, newest first (ignored by counts).
    public var limit: Int?

    public init(method: String? = nil, pathPrefix: String? = nil, status: Int? = nil, since: Date? = nil, limit: Int? = nil) {
        self.method = method
        self.pathPrefix = pathPrefix
        self.status = status
        self.since = since
        self.limit = limit
    }
}
