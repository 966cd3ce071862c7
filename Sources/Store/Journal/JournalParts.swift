import Foundation

/// The journal's interned parts: an entry's request header fields, answer header fields and
/// answer body are stored once in `journal_parts` and referred to by id, because they repeat —
/// every answer of a route carries the same CORS fields and `Content-Type`, a client sends the
/// same fields with every request, a mock answers the same request with the same body. Stored
/// in each row, those ~500 bytes were most of the journal's B-tree and WAL work per request.
///
/// Remembers the parts used last (by bytes, compared whole) so a repeated part costs a
/// comparison, not a lookup. Id 0 stands for no bytes and has no row. Parts no entry refers to
/// any more (their entries dropped past the capacity) are swept once a quarter as many parts were
/// added since the last sweep as the journal keeps entries: a sweep reads every entry, so its
/// cost is spread over that many; the remembered parts are kept, so they stay valid.
///
/// A value owned by the journal's writer: a failed write must not keep what it learned (its
/// parts were rolled back), so the writer works on a copy and keeps it only once committed.
struct JournalParts {
    /// Parts remembered, the one used last at the end; `storesAnswersAsSent` when an answer of
    /// exactly these bytes is stored as them (it needs no masking and no cut).
    private var recent: [(bytes: [UInt8], id: Int64, storesAnswersAsSent: Bool)] = []
    /// For each kind of header fields (`FieldsKind`), the list interned last and its part: a
    /// list equal to it field by field is that part without being encoded again. Valid while
    /// its part is among the remembered ones (which no sweep deletes).
    private var lastFields: [(fields: [(name: String, value: String)], id: Int64)?] = [nil, nil]
    /// The id the next part gets; read from the table on the first part added.
    private var nextID: Int64?
    private var addedSinceSweep = 0

    /// How many parts are remembered: enough for the few header sets and answers a client
    /// repeats while it walks through its screens.
    static let recentCount = 16

    /// The id of the part an answer body sent as `sent` is stored as: a remembered part of
    /// exactly these bytes that answers are stored as, without asking `store`; otherwise the part
    /// of the bytes `store` makes of it (masked and cut, `JournalAnswerStorage`). A mock sends the
    /// same answer again and again, and comparing it with the last one is one `memcmp`, where
    /// masking reads it byte by byte.
    mutating func id(ofAnswer sent: [UInt8], storing store: () -> (bytes: [UInt8], asSent: Bool),
                     in connection: Connection) throws -> Int64 {
        if sent.isEmpty { return 0 }
        if let index = recent.lastIndex(where: {
            $0.storesAnswersAsSent && $0.bytes.count == sent.count && Self.equal($0.bytes, sent)
        }) {
            return use(at: index)
        }
        let stored = store()
        return try id(of: stored.bytes, storesAnswersAsSent: stored.asSent, in: connection)
    }

    /// The id of a part with these bytes, stored now unless it was among the recent ones;
    /// `storesAnswersAsSent` when an answer of these bytes is stored as them.
    mutating func id(of bytes: [UInt8], storesAnswersAsSent: Bool = false, in connection: Connection) throws -> Int64 {
        if bytes.isEmpty { return 0 }
        if let index = recent.lastIndex(where: { $0.bytes.count == bytes.count && Self.equal($0.bytes, bytes) }) {
            if storesAnswersAsSent { recent[index].storesAnswersAsSent = true }
            return use(at: index)
        }
        let id = try nextID ?? (connection.statement("SELECT max(id) FROM journal_parts").firstRow()?.optionalInt64(at: 0) ?? 0) + 1
        nextID = id + 1
        try connection.execute("INSERT INTO journal_parts (id, bytes) VALUES (?, ?)", [.integer(id), .blob(bytes)])
        if recent.count == Self.recentCount { recent.removeFirst() }
        recent.append((bytes, id, storesAnswersAsSent))
        addedSinceSweep += 1
        return id
    }

    /// Which header fields a list is, for `id(of:kind:encodingInto:in:)`.
    enum FieldsKind: Int {
        case request, response
    }

    /// The id of the part holding these header fields as `JournalRepository.encodeHeaders` writes
    /// them (into `scratch`): the fields of most requests and answers equal the last ones of
    /// their kind, which is cheaper to see by comparing the strings than by encoding them.
    mutating func id(of fields: [(name: String, value: String)], kind: FieldsKind, encodingInto scratch: inout [UInt8],
                     in connection: Connection) throws -> Int64 {
        if fields.isEmpty { return 0 }
        if let last = lastFields[kind.rawValue], Self.same(last.fields, fields), use(last.id) { return last.id }
        scratch.removeAll(keepingCapacity: true)
        JournalRepository.encodeHeaders(fields, into: &scratch)
        let id = try id(of: scratch, in: connection)
        lastFields[kind.rawValue] = (fields, id)
        return id
    }

    /// Marks the remembered part `id` as used last; false when it is not remembered any more.
    private mutating func use(_ id: Int64) -> Bool {
        guard let index = recent.lastIndex(where: { $0.id == id }) else { return false }
        _ = use(at: index)
        return true
    }

    /// Marks the remembered part at `index` as used last; returns its id.
    private mutating func use(at index: Int) -> Int64 {
        if index != recent.count - 1 {
            let part = recent.remove(at: index)
            recent.append(part)
        }
        return recent[recent.count - 1].id
    }

    private static func same(_ left: [(name: String, value: String)], _ right: [(name: String, value: String)]) -> Bool {
        left.count == right.count && zip(left, right).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }

    /// Deletes the parts no entry refers to, once at least `threshold` parts (at least one) were
    /// added since the last sweep.
    mutating func sweepIfDue(threshold: Int, in connection: Connection) throws {
        guard addedSinceSweep >= max(threshold, 1) else { return }
        let kept = recent.map { SQLValue.integer($0.id) }
        try connection.execute(Self.sweep, kept + Array(repeating: .integer(0), count: Self.recentCount - kept.count))
        addedSinceSweep = 0
    }

    /// Deletes the parts no entry refers to, but for the remembered ones (one placeholder each,
    /// unused ones bound to 0, so the statement is prepared once).
    private static let sweep = """
        DELETE FROM journal_parts WHERE id NOT IN (SELECT request_headers FROM journal_entries)
            AND id NOT IN (SELECT response_headers FROM journal_entries)
            AND id NOT IN (SELECT response_body FROM journal_entries)
            AND id NOT IN (\(Array(repeating: "?", count: recentCount).joined(separator: ", ")))
        """

    /// Forgets every part remembered (after a clear: their rows are gone).
    mutating func forget() {
        recent = []
        lastFields = [nil, nil]
        nextID = nil
        addedSinceSweep = 0
    }

    /// Two byte strings of the same length, compared by `memcmp` (the elementwise `==` of two
    /// arrays compares byte by byte).
    private static func equal(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        left.withUnsafeBytes { left in
            right.withUnsafeBytes { right in memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0 }
        }
    }
}
