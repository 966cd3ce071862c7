import Foundation
import Wire

/// One request as the journal keeps it: who sent what, how it was answered, and which mock
/// controls applied. Plain values and the shared `HTTPHeaders`, so the Store knows nothing of
/// the server's types.
public struct JournalEntry: Sendable, Equatable {
    /// Assigned when written; 0 before.
    public var id: Int64
    public var startedAt: Date
    /// The client's `host:port`.
    public var client: String
    public var method: String
    /// The request target exactly as sent, its secrets masked as read back (handed to
    /// `Journal.record` as sent: its writer masks it).
    public var target: String
    /// The decoded path, which the `pathPrefix` filter looks at.
    public var path: String
    /// The request's header fields, secrets masked as read back (handed to `Journal.record` as
    /// received: its writer masks them).
    public var headers: [(name: String, value: String)] {
        get { requestFields.fields }
        set { requestFields = HTTPHeaders(newValue) }
    }
    /// The request's header fields as `headers` gives them; received ones stay bytes until the
    /// writer stores them, so the request path makes no String of them.
    public var requestFields: HTTPHeaders
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
    /// secrets masked (the body also cut to the journal's cap) as read back; handed to
    /// `Journal.record` as sent, its writer masks and cuts them. Empty for an entry without an answer.
    public var responseHeaders: [(name: String, value: String)] {
        get { answerFields.fields }
        set { answerFields = HTTPHeaders(newValue) }
    }
    /// The answer's header fields as `responseHeaders` gives them.
    public var answerFields: HTTPHeaders
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
        requestFields = HTTPHeaders(headers)
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
        answerFields = HTTPHeaders(responseHeaders)
        self.responseBody = responseBody
    }

    public static func == (lhs: JournalEntry, rhs: JournalEntry) -> Bool {
        lhs.id == rhs.id && lhs.startedAt == rhs.startedAt && lhs.client == rhs.client
            && lhs.method == rhs.method && lhs.target == rhs.target && lhs.path == rhs.path
            && lhs.requestFields == rhs.requestFields
            && lhs.body == rhs.body && lhs.bodySize == rhs.bodySize && lhs.status == rhs.status
            && lhs.durationMilliseconds == rhs.durationMilliseconds && lhs.answeredBy == rhs.answeredBy
            && lhs.delayMilliseconds == rhs.delayMilliseconds && lhs.delaySource == rhs.delaySource
            && lhs.fault == rhs.fault && lhs.faultSource == rhs.faultSource && lhs.rejection == rhs.rejection
            && lhs.answerFields == rhs.answerFields
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
