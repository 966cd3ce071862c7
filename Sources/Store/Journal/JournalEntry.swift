import Foundation
import Wire

/// One request as the journal keeps it: who sent what, how it was answered, and which mock
/// controls applied. Plain values and the shared `HTTPHeaders`, so the Store knows nothing of
/// the server's types.
///
/// Its fields are held once, in an immutable box (`Storage`): an entry is made on the request
/// path, moved to the journal's writer and read there, and each copy or destruction of twenty-odd
/// fields retained or released each of their references (three copies a request, ~2,000 Ir).
/// A change puts the changed fields in a new box.
public struct JournalEntry: Sendable, Equatable {
    private var storage: Storage

    /// Assigned when written; 0 before.
    public var id: Int64 {
        get { storage.fields.id }
        set { change { $0.id = newValue } }
    }
    /// An entry made on the request path keeps a reading of the monotonic clock, turned into
    /// this time when read (`JournalStart`).
    public var startedAt: Date {
        get {
            switch storage.fields.start {
            case let .wall(date): date
            case .monotonic: Date(timeIntervalSince1970: storage.fields.start.secondsSince1970(JournalStart.WallClockOffset()))
            }
        }
        set { change { $0.start = .wall(newValue) } }
    }
    /// The client's `host:port`.
    public var client: String {
        get { storage.fields.client }
        set { change { $0.client = newValue } }
    }
    public var method: String {
        get { storage.fields.method }
        set { change { $0.method = newValue } }
    }
    /// The request target exactly as sent, its secrets masked as read back (handed to
    /// `Journal.record` as sent: its writer masks it).
    public var target: String {
        get { storage.fields.target }
        set { change { $0.target = newValue } }
    }
    /// The decoded path, which the `pathPrefix` filter looks at.
    public var path: String {
        get { storage.fields.path }
        set { change { $0.path = newValue } }
    }
    /// The request's header fields, secrets masked as read back (handed to `Journal.record` as
    /// received: its writer masks them).
    public var headers: [(name: String, value: String)] {
        get { requestFields.fields }
        set { requestFields = HTTPHeaders(newValue) }
    }
    /// The request's header fields as `headers` gives them; received ones stay bytes until the
    /// writer stores them, so the request path makes no String of them.
    public var requestFields: HTTPHeaders {
        get { storage.fields.requestFields }
        set { change { $0.requestFields = newValue } }
    }
    /// The body, cut to the journal's cap; `bodySize` is its full length.
    public var body: [UInt8] {
        get { storage.fields.body }
        set { change { $0.body = newValue } }
    }
    public var bodySize: Int {
        get { storage.fields.bodySize }
        set { change { $0.bodySize = newValue } }
    }
    /// The status sent; nil when a transport fault meant no status was sent.
    public var status: Int? {
        get { storage.fields.status }
        set { change { $0.status = newValue } }
    }
    public var durationMilliseconds: Double {
        get { storage.fields.durationMilliseconds }
        set { change { $0.durationMilliseconds = newValue } }
    }
    /// Who answered: `admin`, a module name, `capture:<id>`, `upstream`, `fault`, `not-found`…
    public var answeredBy: String? {
        get { storage.fields.resolvedAnsweredBy }
        set {
            change {
                $0.answeredBy = newValue
                $0.answeredByIsAnswers = false
            }
        }
    }
    public var delayMilliseconds: Int? {
        get { storage.fields.delayMilliseconds }
        set { change { $0.delayMilliseconds = newValue } }
    }
    /// Where the delay came from: `header`, `rule:<id>`, `global`.
    public var delaySource: String? {
        get { storage.fields.delaySource }
        set { change { $0.delaySource = newValue } }
    }
    /// The fault injected (`reset`, `status:500`…), if any.
    public var fault: String? {
        get { storage.fields.fault }
        set { change { $0.fault = newValue } }
    }
    public var faultSource: String? {
        get { storage.fields.faultSource }
        set { change { $0.faultSource = newValue } }
    }
    /// Why the server refused the request by itself (malformed, too large, too slow); such an
    /// entry has no method, target or headers when the request line never parsed.
    public var rejection: String? {
        get { storage.fields.rejection }
        set { change { $0.rejection = newValue } }
    }
    /// The answer's header fields as the handler gave them (no framing fields), and its body,
    /// secrets masked (the body also cut to the journal's cap) as read back; handed to
    /// `Journal.record` as sent, its writer masks and cuts them. Empty for an entry without an answer.
    public var responseHeaders: [(name: String, value: String)] {
        get { answerFields.fields }
        set { answerFields = HTTPHeaders(newValue) }
    }
    /// The answer's header fields as `responseHeaders` gives them.
    public var answerFields: HTTPHeaders {
        get { storage.fields.answerFields }
        set { change { $0.answerFields = newValue } }
    }
    public var responseBody: [UInt8] {
        get { storage.fields.responseBody }
        set { change { $0.responseBody = newValue } }
    }

    public init(
        id: Int64 = 0, startedAt: Date, client: String, method: String, target: String, path: String,
        headers: [(name: String, value: String)], body: [UInt8], bodySize: Int, status: Int?,
        durationMilliseconds: Double, answeredBy: String? = nil, delayMilliseconds: Int? = nil,
        delaySource: String? = nil, fault: String? = nil, faultSource: String? = nil, rejection: String? = nil,
        responseHeaders: [(name: String, value: String)] = [], responseBody: [UInt8] = []
    ) {
        self.init(
            id: id, startedAt: startedAt, client: client, method: method, target: target, path: path,
            requestFields: HTTPHeaders(headers), body: body, bodySize: bodySize, status: status,
            durationMilliseconds: durationMilliseconds, answeredBy: answeredBy, delayMilliseconds: delayMilliseconds,
            delaySource: delaySource, fault: fault, faultSource: faultSource, rejection: rejection,
            answerFields: HTTPHeaders(responseHeaders), responseBody: responseBody)
    }

    /// An entry whose header lists are `HTTPHeaders` as the request and answer hold them (the
    /// request's received fields stay bytes until the writer stores them).
    public init(
        id: Int64 = 0, startedAt: Date, client: String, method: String, target: String, path: String,
        requestFields: HTTPHeaders, body: [UInt8], bodySize: Int, status: Int?,
        durationMilliseconds: Double, answeredBy: String? = nil, delayMilliseconds: Int? = nil,
        delaySource: String? = nil, fault: String? = nil, faultSource: String? = nil, rejection: String? = nil,
        answerFields: HTTPHeaders = HTTPHeaders(), responseBody: [UInt8] = []
    ) {
        self.init(
            id: id, start: .wall(startedAt), client: client, method: method, target: target, path: path,
            requestFields: requestFields, body: body, bodySize: bodySize, status: status,
            durationMilliseconds: durationMilliseconds, answeredBy: answeredBy, answeredByIsAnswers: false,
            marks: Marks.of(delayMilliseconds, delaySource, fault, faultSource, rejection), answerFields: answerFields,
            responseBody: responseBody)
    }

    /// An entry of a request the server answered, as the request path records it
    /// (`Journal.recordAnswered`, which takes the same arguments and makes no entry): started at a
    /// monotonic reading (`JournalStart.monotonicNow`), and with `answeredBy` nil when who
    /// answered is the answer's `X-Mock-Answered-By` field (`answeredByIsAnswers`), which the
    /// writer looks up.
    package init(
        startedAtMonotonic start: UInt64, client: String, method: String, target: String, path: String,
        requestFields: HTTPHeaders, body: [UInt8], status: Int?, durationMilliseconds: Double,
        answeredBy: String?, answeredByIsAnswers: Bool, delayMilliseconds: Int?, delaySource: String?,
        fault: String?, faultSource: String?, answerFields: HTTPHeaders, responseBody: [UInt8]
    ) {
        storage = Storage(Fields(
            id: 0, start: .monotonic(nanoseconds: start), client: client, method: method, target: target, path: path,
            requestFields: requestFields, body: body, bodySize: body.count, status: status,
            durationMilliseconds: durationMilliseconds, answeredBy: answeredBy, answeredByIsAnswers: answeredByIsAnswers,
            marks: Marks.of(delayMilliseconds, delaySource, fault, faultSource, nil), answerFields: answerFields, responseBody: responseBody))
    }

    private init(
        id: Int64, start: JournalStart, client: String, method: String, target: String, path: String, requestFields: HTTPHeaders,
        body: [UInt8], bodySize: Int, status: Int?, durationMilliseconds: Double, answeredBy: String?,
        answeredByIsAnswers: Bool, marks: Marks?, answerFields: HTTPHeaders, responseBody: [UInt8]
    ) {
        storage = Storage(Fields(
            id: id, start: start, client: client, method: method, target: target, path: path,
            requestFields: requestFields, body: body, bodySize: bodySize, status: status,
            durationMilliseconds: durationMilliseconds, answeredBy: answeredBy, answeredByIsAnswers: answeredByIsAnswers,
            marks: marks, answerFields: answerFields, responseBody: responseBody))
    }

    /// Entries are equal when they hold the same: an entry made on the request path (a monotonic
    /// start, who answered left in its answer) is not equal to the same entry read back.
    public static func == (lhs: JournalEntry, rhs: JournalEntry) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    /// Whether this entry's header lists are `request` and `answer` (`HTTPHeaders.isSameList(as:)`)
    /// and its answer's body is `body`, byte for byte: the writer's test for the parts of the
    /// entry before. Read in place: through the getters, the lists and the body were copied out
    /// and released again (five references, ~200 Ir an entry).
    func hasSameParts(request: HTTPHeaders, answer: HTTPHeaders, body: [UInt8]) -> Bool {
        let own = storage
        return own.fields.requestFields.isSameList(as: request) && own.fields.answerFields.isSameList(as: answer)
            && JournalParts.equal(own.fields.responseBody, body)
    }

    /// Its start as seconds since 1970, `offset` turning a monotonic reading into a wall-clock time.
    func startedAtSince1970(_ offset: JournalStart.WallClockOffset) -> Double {
        storage.fields.start.secondsSince1970(offset)
    }

    /// Whether every field of this entry but its id, start time, duration, client and the three
    /// parts (its header lists and answer body) is `other`'s: such an entry is stored in a batch
    /// as a repeat of the other, those three fields alone (`JournalBatchEncoder.appendRepeatingLast`).
    /// Under many connections the client differs from entry to entry where the rest does not.
    /// Who answered, when both take it from their answers' fields, is taken as the same: the
    /// caller has found those fields the same.
    func repeatsAllButClient(of other: JournalEntry) -> Bool {
        let own = storage, others = other.storage
        return Self.same(own.fields.target, others.fields.target)
            && Self.same(own.fields.path, others.fields.path) && Self.same(own.fields.method, others.fields.method)
            && own.fields.status == others.fields.status && own.fields.bodySize == others.fields.bodySize
            && JournalParts.equal(own.fields.body, others.fields.body)
            && own.fields.answeredByIsAnswers == others.fields.answeredByIsAnswers
            && Self.same(own.fields.answeredBy, others.fields.answeredBy)
            && Self.sameMarks(own, others)
    }

    /// Whether two entries' marks are the same, their texts byte for byte: at once when both
    /// have none (the same nil reference).
    @inline(__always)
    private static func sameMarks(_ own: Storage, _ others: Storage) -> Bool {
        own.fields.marks === others.fields.marks || sameMarks(own.fields.marks, others.fields.marks)
    }

    private static func sameMarks(_ left: Marks?, _ right: Marks?) -> Bool {
        guard let left, let right else { return false }
        return left.delayMilliseconds == right.delayMilliseconds && same(left.delaySource, right.delaySource)
            && same(left.fault, right.fault) && same(left.faultSource, right.faultSource)
            && same(left.rejection, right.rejection)
    }

    /// Whether two texts are the same bytes (`==` also holds canonically equivalent ones equal):
    /// at once, without a call, when they are the same two words (both nil, the same short
    /// string, or the same storage).
    @inline(__always)
    private static func same(_ left: String?, _ right: String?) -> Bool {
        unsafeBitCast(left, to: (UInt64, UInt64).self) == unsafeBitCast(right, to: (UInt64, UInt64).self)
            || sameBytes(left, right)
    }

    /// Read in place (no copy to make `withUTF8` mutable, whose retain and release cost more
    /// than the comparison).
    @inline(never)
    private static func sameBytes(_ left: String?, _ right: String?) -> Bool {
        guard let left, let right else { return left == nil && right == nil }
        guard left.utf8.count == right.utf8.count else { return false }
        let compared: Bool?? = left.utf8.withContiguousStorageIfAvailable { left in
            right.utf8.withContiguousStorageIfAvailable { right in
                left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0
            }
        }
        return (compared ?? nil) ?? left.utf8.elementsEqual(right.utf8)
    }

    /// The box of its fields, read in place by the pending records (`JournalRecords`).
    var box: Storage { storage }

    /// An entry of these fields, as the pending records read them back.
    init(fields: Fields) {
        storage = Storage(fields)
    }

    /// Changes any of the fields at once, in one new box.
    mutating func change(_ apply: (inout Fields) throws -> Void) rethrows {
        var fields = storage.fields
        try apply(&fields)
        storage = Storage(fields)
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
