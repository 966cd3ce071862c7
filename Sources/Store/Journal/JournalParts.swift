import Foundation
import Wire

/// The journal's interned parts: an entry's request header fields, answer header fields and
/// answer body are stored once in `journal_parts` and referred to by id, because they repeat —
/// every answer of a route carries the same CORS fields and `Content-Type`, a client sends the
/// same fields with every request, a mock answers the same request with the same body. Stored
/// in each row, those ~500 bytes were most of the journal's B-tree and WAL work per request.
///
/// Remembers the parts used last (by bytes, compared whole) so a repeated part costs a
/// comparison, not a lookup. Id 0 stands for no bytes and has no row. Parts no entry refers to
/// any more (their entries dropped past the capacity) are swept once a quarter as many parts were
/// added since the last sweep as the journal keeps entries: a sweep reads every batch, so its
/// cost is spread over that many; the remembered parts are kept, so they stay valid.
///
/// A value owned by the journal's writer: a failed write must not keep what it learned (its
/// parts were rolled back), so the writer works on a copy and keeps it only once committed.
struct JournalParts {
    /// What was sent, for `id(ofSent:as:storing:in:)`: an answer body, or a header list's field lines.
    struct SentKinds: OptionSet {
        let rawValue: UInt8
        static let answer = SentKinds(rawValue: 1)
        static let fieldLines = SentKinds(rawValue: 2)
    }

    /// Parts remembered, the one used last at the end; `storesAsSent` holds the kinds of
    /// what was sent that, sent as exactly these bytes, are stored as them (no masking, no cut).
    /// Kept apart by kind: an answer `Cookie: a=b` is stored as sent, a request field of those
    /// bytes is not.
    private var recent: [(bytes: [UInt8], id: Int64, storesAsSent: SentKinds)] = []
    /// For each `HeaderList`, the list stored last and its part: the same list again
    /// (`HTTPHeaders.isSameList(as:)`: the same received bytes, one `memcmp`, or equal fields
    /// made as Strings, most of them the same objects every time) is that part, its lines not
    /// written out. A client sends the same fields with every request, a route answers with the
    /// same fields: writing the lines out to compare them cost ~600 Ir for a request's list and
    /// ~1,100 for an answer's six String fields. Valid while its part is remembered (no sweep
    /// deletes those).
    private var lastList: [(fields: HTTPHeaders, id: Int64)?] = [nil, nil]

    /// Which header list of an entry a list is, for `lastList`.
    enum HeaderList: Int {
        case request, answer
    }
    /// The id the next part gets; read from the table on the first part added.
    private var nextID: Int64?
    private var addedSinceSweep = 0

    /// How many parts are remembered: enough for the few header sets and answers a client
    /// repeats while it walks through its screens.
    static let recentCount = 16

    /// The id of the part what was sent as `sent` is stored as: a remembered part of exactly
    /// these bytes that this kind is stored as, without asking `store`; otherwise the part of the
    /// bytes `store` makes of it (masked, an answer cut: `JournalMasking`). A mock sends the
    /// same answer and a client the same fields again and again, and comparing them with the
    /// last ones is one `memcmp`, where masking reads them byte by byte or field by field.
    mutating func id(ofSent sent: [UInt8], as kind: SentKinds, storing store: () -> (bytes: [UInt8], asSent: Bool),
                     in connection: Connection) throws -> Int64 {
        if sent.isEmpty { return 0 }
        if let index = recent.lastIndex(where: {
            $0.storesAsSent.contains(kind) && $0.bytes.count == sent.count && Self.equal($0.bytes, sent)
        }) {
            return use(at: index)
        }
        let stored = store()
        return try id(of: stored.bytes, storingAsSent: stored.asSent ? kind : [], in: connection)
    }

    /// The id of the part `fields` are stored as (their field lines, secrets masked by
    /// `masking`), their lines written into `lines` on the way unless they are the `list`
    /// stored last again (`lastList`).
    mutating func id(of fields: HTTPHeaders, as list: HeaderList, storedAs masking: JournalMasking, lines: inout [UInt8],
                     in connection: Connection) throws -> Int64 {
        if let last = lastList[list.rawValue], fields.isSameList(as: last.fields),
           let index = recent.lastIndex(where: { $0.id == last.id }) {
            return use(at: index)
        }
        lines.removeAll(keepingCapacity: true)
        fields.appendFieldLines(to: &lines)
        let sent = lines
        let id = try id(ofSent: sent, as: .fieldLines, storing: { masking.storedFields(fields, sent: sent) }, in: connection)
        lastList[list.rawValue] = (fields, id)
        return id
    }

    /// The id of a part with these bytes, stored now unless it was among the recent ones;
    /// `storingAsSent` the kinds of what was sent that are stored as exactly these bytes.
    mutating func id(of bytes: [UInt8], storingAsSent: SentKinds = [], in connection: Connection) throws -> Int64 {
        if bytes.isEmpty { return 0 }
        if let index = recent.lastIndex(where: { $0.bytes.count == bytes.count && Self.equal($0.bytes, bytes) }) {
            recent[index].storesAsSent.formUnion(storingAsSent)
            return use(at: index)
        }
        let id = try nextID ?? (connection.statement("SELECT max(id) FROM journal_parts").firstRow()?.optionalInt64(at: 0) ?? 0) + 1
        nextID = id + 1
        try connection.execute("INSERT INTO journal_parts (id, bytes) VALUES (?, ?)", [.integer(id), .blob(bytes)])
        if recent.count == Self.recentCount { recent.removeFirst() }
        recent.append((bytes, id, storingAsSent))
        addedSinceSweep += 1
        return id
    }

    /// Marks the remembered part at `index` as used last; returns its id.
    private mutating func use(at index: Int) -> Int64 {
        if index != recent.count - 1 {
            let part = recent.remove(at: index)
            recent.append(part)
        }
        return recent[recent.count - 1].id
    }

    /// Deletes the parts no entry refers to, once at least `threshold` parts (at least one) were
    /// added since the last sweep: those no batch lists among its parts (`JournalBatch`), but
    /// for the remembered ones.
    mutating func sweepIfDue(threshold: Int, in connection: Connection) throws {
        guard addedSinceSweep >= max(threshold, 1) else { return }
        var referred = Set(recent.map(\.id))
        for row in try connection.query("SELECT parts FROM journal_batches") {
            referred.formUnion(try JournalBatch.partIDs(in: try row.blob("parts")))
        }
        let delete = try connection.statement("DELETE FROM journal_parts WHERE id = ?")
        for row in try connection.query("SELECT id FROM journal_parts") {
            let id = try row.int64("id")
            if !referred.contains(id) { try delete.run([.integer(id)]) }
        }
        addedSinceSweep = 0
    }

    /// Forgets every part remembered (after a clear: their rows are gone).
    mutating func forget() {
        recent = []
        lastList = [nil, nil]
        nextID = nil
        addedSinceSweep = 0
    }

    /// Whether two byte strings are equal, compared by `memcmp` (the elementwise `==` of two
    /// arrays compares byte by byte).
    static func equal(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        guard left.count == right.count else { return false }
        if left.isEmpty { return true }
        return left.withUnsafeBytes { left in
            right.withUnsafeBytes { right in memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0 }
        }
    }
}
