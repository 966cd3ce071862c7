#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Wire

/// Entries waiting for the journal's writer, copied one after another into one block of bytes
/// (records), and read back into entries by the writer (`decoded`).
///
/// Held as entries, the waiting list kept each request's objects (its head's bytes, its target,
/// its answer's fields and body) alive on the event loop until the writer was done with them, a
/// batch or two later: the loop's allocations then walked ~1.5 MB of blocks instead of reusing
/// the few it had just freed, and freed a batch-old entry's objects, out of every cache, for
/// every request it recorded (callgrind's cache model, 1 MB last level, user route: 60 more
/// first-level misses a request on the loop than without a journal). Copied here, a request's
/// objects die when it is answered, as without a journal, and the records' blocks are reused
/// from batch to batch (`JournalPending`). The writer makes its entries from the records on its
/// own thread, reusing the previous entry's value wherever a field's bytes are the same, so
/// that a run of like requests allocates little there either.
///
/// A record: its length, the bytes of its bodies as `JournalPending` counts them, the index
/// of its answer's header list in `answerLists`, and where `heldBodies` holds each of its bodies
/// when it is too large to copy (five `UInt32`s); its flags (one byte); its
/// start, id, body size, status and duration (eight bytes each); its client, method, target and
/// path, and who answered when flagged, each a `UInt32` length and the UTF-8; the request's
/// fields (`HTTPHeaders.writeFlat`); its body and the answer's unless held (each a length and
/// the bytes);
/// and its marks when flagged.
///
/// A reference held by one owner at a time (the pending list, under its lock, or the writer that
/// took it), never shared: hence `@unchecked Sendable`, and the answer lists read without
/// Swift's run-time exclusivity check (`@exclusivity(unchecked)`: ~75 Ir a record).
final class JournalRecords: @unchecked Sendable {
    private var base: UnsafeMutableRawPointer?
    /// Bytes allocated at `base`.
    private(set) var capacity = 0
    /// Bytes the records take.
    private(set) var length = 0 {
        didSet { highWater = max(highWater, length) }
    }
    /// The most bytes records took since the pages past it were last released (`releasePages`).
    private var highWater = 0
    /// How many records there are.
    private(set) var count = 0
    /// The bytes of the records' bodies, as `JournalPending.bodyBytes(of:)` counts them.
    private(set) var bodyBytes = 0
    /// The answers' header lists, which records refer to by index: each list the one before it
    /// was not (`HTTPHeaders.isSameList(as:)`). A route answers with the same fields, mostly the
    /// server's own strings, request after request: held, a list seen again costs one comparison,
    /// where copying its six fields' bytes cost ~1,000 Ir a request.
    @exclusivity(unchecked) private(set) var answerLists: [HTTPHeaders] = []
    /// Bodies larger than `largestCopiedBody`, held rather than copied (a record refers to them
    /// by index): a large download answered again and again would otherwise be copied on the
    /// event loop for every request, all of it, where the writer keeps `bodyCap` bytes of it.
    @exclusivity(unchecked) private(set) var heldBodies: [[UInt8]] = []

    /// The largest body a record copies; a larger one is held (`heldBodies`).
    static let largestCopiedBody = 64 * 1024

    var isEmpty: Bool { count == 0 }

    deinit {
        if let base { munmap(base, capacity) }
    }

    /// Copies `entry` in as the last record, its bodies counted as `bodies` bytes.
    func append(_ entry: borrowing JournalEntry, bodyBytes bodies: Int) {
        let box = entry.box
        append(Head(box.fields), client: box.fields.client, method: box.fields.method, target: box.fields.target,
               path: box.fields.path, answeredBy: box.fields.answeredBy, requestFields: box.fields.requestFields,
               body: box.fields.body, answerFields: box.fields.answerFields, responseBody: box.fields.responseBody,
               marks: box.fields.marks, bodyBytes: bodies)
    }

    /// Copies an entry of these fields in as the last record, its bodies counted as `bodies`
    /// bytes: what the request path records, with no entry made (`Journal.recordAnswered`).
    func append(_ head: Head, client: String, method: String, target: String, path: String, answeredBy: String?,
                requestFields: HTTPHeaders, body: [UInt8], answerFields: HTTPHeaders, responseBody: [UInt8],
                marks: JournalEntry.Marks?, bodyBytes bodies: Int) {
        let bodyHeld = hold(body)
        let responseBodyHeld = hold(responseBody)
        var recordLength = Self.headLength + 16 + client.utf8.count + method.utf8.count + target.utf8.count + path.utf8.count
            + requestFields.flatLength + (bodyHeld == 0 ? 4 + body.count : 0)
            + (responseBodyHeld == 0 ? 4 + responseBody.count : 0)
        if let answeredBy { recordLength += 4 + answeredBy.utf8.count }
        if let marks { recordLength += Self.length(of: marks) }
        reserve(length + recordLength)
        var flags = head.flags
        if answeredBy != nil { flags |= Flag.hasAnsweredBy }
        if marks != nil { flags |= Flag.hasMarks }
        var cursor = Writer(at: base! + length)
        cursor.put(UInt32(recordLength))
        cursor.put(UInt32(bodies))
        cursor.put(listIndex(of: answerFields))
        cursor.put(bodyHeld)
        cursor.put(responseBodyHeld)
        cursor.put(flags)
        cursor.put(head.start)
        cursor.put(head.id)
        cursor.put(head.bodySize)
        cursor.put(head.status)
        cursor.put(head.duration)
        cursor.put(client)
        cursor.put(method)
        cursor.put(target)
        cursor.put(path)
        if let answeredBy { cursor.put(answeredBy) }
        cursor.put(requestFields)
        if bodyHeld == 0 { cursor.put(body) }
        if responseBodyHeld == 0 { cursor.put(responseBody) }
        if let marks { Self.write(marks, with: &cursor) }
        length += recordLength
        count += 1
        bodyBytes += bodies
    }

    /// A record's fields that hold no reference, laid out as the record stores them.
    struct Head {
        var flags: UInt8
        var start: UInt64
        var id: Int64
        var bodySize: Int64
        var status: Int64
        var duration: UInt64

        /// `start`'s flag and bits: a monotonic reading, or a wall-clock time's seconds.
        init(start: JournalStart, id: Int64 = 0, bodySize: Int, status: Int?, durationMilliseconds: Double,
             answeredByIsAnswers: Bool) {
            flags = (status == nil ? 0 : Flag.hasStatus) | (answeredByIsAnswers ? Flag.answeredByIsAnswers : 0)
            switch start {
            case let .monotonic(nanoseconds): self.start = nanoseconds
            case let .wall(date):
                flags |= Flag.startIsWall
                self.start = date.timeIntervalSince1970.bitPattern
            }
            self.id = id
            self.bodySize = Int64(bodySize)
            self.status = Int64(status ?? 0)
            duration = durationMilliseconds.bitPattern
        }

        init(_ fields: borrowing JournalEntry.Fields) {
            self.init(start: fields.start, id: fields.id, bodySize: fields.bodySize, status: fields.status,
                      durationMilliseconds: fields.durationMilliseconds, answeredByIsAnswers: fields.answeredByIsAnswers)
        }
    }

    /// The byte offset where record `index` ends, and the bytes of the bodies of the records
    /// up to it (found by walking the records' heads).
    func prefix(_ records: Int) -> (end: Int, bodyBytes: Int) {
        var end = 0
        var bodies = 0
        for _ in 0..<min(records, count) {
            bodies += recordBodyBytes(at: end)
            end += recordLength(at: end)
        }
        return (end, bodies)
    }

    /// The length of the record at `offset`.
    func recordLength(at offset: Int) -> Int {
        Int(UnsafeRawPointer(base!).loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    /// The bytes of the bodies of the record at `offset`.
    func recordBodyBytes(at offset: Int) -> Int {
        Int(UnsafeRawPointer(base!).loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self))
    }

    /// The index in `answerLists` of `list`: the last one's when it is the same list, else a new one's.
    private func listIndex(of list: HTTPHeaders) -> UInt32 {
        let last = answerLists.count - 1
        if last >= 0, answerLists[last].isSameList(as: list) { return UInt32(last) }
        answerLists.append(list)
        return UInt32(answerLists.count - 1)
    }

    /// 0 for a body a record copies; else where `heldBodies` holds it, plus one.
    private func hold(_ body: [UInt8]) -> UInt32 {
        guard body.count > Self.largestCopiedBody else { return 0 }
        heldBodies.append(body)
        return UInt32(heldBodies.count)
    }

    /// Drops the first `records` records (the bytes after them moved down). The answer lists
    /// they alone referred to stay until the block is emptied.
    func removeFirst(_ records: Int) {
        guard records > 0 else { return }
        guard records < count else { return removeAll() }
        let (end, bodies) = prefix(records)
        (base! as UnsafeMutableRawPointer).copyMemory(from: base! + end, byteCount: length - end)
        length -= end
        count -= records
        bodyBytes -= bodies
    }

    /// Moves every record after the first `kept` to the end of `other`, leaving `kept`; their
    /// answer lists and held bodies go with them.
    func moveRecords(after kept: Int, to other: JournalRecords) {
        guard kept < count else { return }
        let (end, bodies) = prefix(kept)
        other.reserve(other.length + length - end)
        (other.base! + other.length).copyMemory(from: base! + end, byteCount: length - end)
        var offset = other.length
        while offset < other.length + length - end {
            let list = Int((other.base! + offset).loadUnaligned(fromByteOffset: 8, as: UInt32.self))
            (other.base! + offset).storeBytes(of: other.listIndex(of: answerLists[list]), toByteOffset: 8, as: UInt32.self)
            for field in stride(from: 12, through: 16, by: 4) {
                let held = Int((other.base! + offset).loadUnaligned(fromByteOffset: field, as: UInt32.self))
                if held > 0 {
                    (other.base! + offset).storeBytes(of: other.hold(heldBodies[held - 1]), toByteOffset: field, as: UInt32.self)
                }
            }
            offset += other.recordLength(at: offset)
        }
        other.length += length - end
        other.count += count - kept
        other.bodyBytes += bodyBytes - bodies
        length = end
        count = kept
        bodyBytes = bodies
    }

    /// Forgets every record, keeping the bytes allocated.
    func removeAll() {
        length = 0
        count = 0
        bodyBytes = 0
        answerLists.removeAll(keepingCapacity: true)
        heldBodies.removeAll()
    }

    /// Room for `needed` bytes in all: at first `reservedBytes` of address space, mapped by the
    /// kernel a page at a time as records are written, so that a block takes as much memory as
    /// its records ever needed and never grows under the journal's default bounds; past them,
    /// twice as much. Blocks grown from `malloc` a doubling at a time, freed and made again, left
    /// the allocator holding the freed ones: peak RSS at 256 connections on the Maka route rose
    /// from ~40 to ~50 MB.
    private func reserve(_ needed: Int) {
        guard needed > capacity else { return }
        let grown = max(needed, 2 * capacity, Self.reservedBytes)
        guard let fresh = mmap(nil, grown, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              fresh != UnsafeMutableRawPointer(bitPattern: -1) else {
            fatalError("JournalRecords: no \(grown) bytes of address space")
        }
        if let base {
            fresh.copyMemory(from: base, byteCount: length)
            munmap(base, capacity)
        }
        base = fresh
        capacity = grown
    }

    /// The address space a block takes at first: the most the waiting entries hold under the
    /// journal's default bounds (4 MB of bodies, 2,048 entries of ~1 KB besides), and more.
    static let reservedBytes = 8 << 20

    /// Hands back to the kernel the pages past the first `kept` bytes that records have been
    /// written to since the last call: what a burst of large bodies made the block touch.
    func releasePages(pastFirst kept: Int) {
        let page = Int(getpagesize())
        let start = (kept + page - 1) / page * page
        if let base, highWater > start {
            _ = madvise(base + start, highWater - start, MADV_DONTNEED)
        }
        highWater = min(highWater, start)
    }

    // MARK: Writing a record

    /// The bits of a record's flags byte.
    fileprivate enum Flag {
        static let hasStatus: UInt8 = 1
        static let answeredByIsAnswers: UInt8 = 2
        static let startIsWall: UInt8 = 4
        static let hasAnsweredBy: UInt8 = 8
        static let hasMarks: UInt8 = 16
    }

    /// The two lengths, the answer list's index, the two bodies' places in `heldBodies`, the
    /// flags and the five numbers.
    private static let headLength = 20 + 1 + 5 * 8
    /// A `UInt32` length that stands for nil.
    private static let absent = UInt32.max

    /// The bytes `write(_:with:)` writes for `marks`.
    private static func length(of marks: JournalEntry.Marks) -> Int {
        9 + 16 + (marks.delaySource?.utf8.count ?? 0) + (marks.fault?.utf8.count ?? 0)
            + (marks.faultSource?.utf8.count ?? 0) + (marks.rejection?.utf8.count ?? 0)
    }

    /// Whether there is a delay, the delay, then the four texts, each absent or a length and its UTF-8.
    private static func write(_ marks: JournalEntry.Marks, with cursor: inout Writer) {
        cursor.put(UInt8(marks.delayMilliseconds == nil ? 0 : 1))
        cursor.put(Int64(marks.delayMilliseconds ?? 0))
        for text in [marks.delaySource, marks.fault, marks.faultSource, marks.rejection] {
            if let text { cursor.put(text) } else { cursor.put(absent) }
        }
    }

    /// Writes a record's pieces at a moving address, in room reserved for them.
    private struct Writer {
        var at: UnsafeMutableRawPointer

        mutating func put<Value: FixedWidthInteger>(_ value: Value) {
            at.storeBytes(of: value, as: Value.self)
            at += MemoryLayout<Value>.size
        }

        mutating func put(_ text: String) {
            let count = text.utf8.count
            put(UInt32(count))
            let copied: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
                if let source = bytes.baseAddress, !bytes.isEmpty { at.copyMemory(from: source, byteCount: bytes.count) }
            }
            if copied == nil {
                for (offset, byte) in text.utf8.enumerated() { at.storeBytes(of: byte, toByteOffset: offset, as: UInt8.self) }
            }
            at += count
        }

        mutating func put(_ bytes: [UInt8]) {
            put(UInt32(bytes.count))
            bytes.withUnsafeBytes { bytes in
                if let source = bytes.baseAddress, !bytes.isEmpty { at.copyMemory(from: source, byteCount: bytes.count) }
            }
            at += bytes.count
        }

        mutating func put(_ fields: HTTPHeaders) {
            fields.writeFlat(to: at)
            at += HTTPHeaders.flatLength(at: UnsafeRawBufferPointer(start: at, count: 12))
        }
    }

    // MARK: Reading records back

    /// The entries of the records, in order (`makeEntries`).
    func decoded() -> [JournalEntry] {
        Array(IteratorSequence(makeEntries()))
    }

    /// The entries of the records, read one at a time. A field whose bytes are the previous
    /// record's is the previous entry's value again (no String, array or list made).
    func makeEntries() -> Entries {
        Entries(self)
    }

    /// Reads the records of a block into entries, in order.
    struct Entries: IteratorProtocol {
        private let records: JournalRecords
        private var reader: Reader?
        private var previous = Previous()
        private var offset = 0

        fileprivate init(_ records: JournalRecords) {
            self.records = records
            reader = records.base.map {
                Reader(base: UnsafeRawPointer($0), answerLists: records.answerLists, heldBodies: records.heldBodies)
            }
        }

        mutating func next() -> JournalEntry? {
            guard offset < records.length, reader != nil else { return nil }
            let fields = reader!.fields(at: offset, after: &previous)
            offset += records.recordLength(at: offset)
            return JournalEntry(fields: fields)
        }
    }

    /// Where the last record's fields lay and what they read as.
    fileprivate struct Previous {
        var client = Reused<String>()
        var method = Reused<String>()
        var target = Reused<String>()
        var path = Reused<String>()
        var answeredBy = Reused<String>()
        var requestFields = Reused<HTTPHeaders>()
        var body = Reused<[UInt8]>()
        var responseBody = Reused<[UInt8]>()
    }

    /// Reads a record's fields from its start.
    fileprivate struct Reader {
        let base: UnsafeRawPointer
        let answerLists: [HTTPHeaders]
        let heldBodies: [[UInt8]]
        var at = 0

        init(base: UnsafeRawPointer, answerLists: [HTTPHeaders], heldBodies: [[UInt8]]) {
            self.base = base
            self.answerLists = answerLists
            self.heldBodies = heldBodies
        }

        mutating func fields(at offset: Int, after previous: inout Previous) -> JournalEntry.Fields {
            let answerFields = answerLists[Int(base.loadUnaligned(fromByteOffset: offset + 8, as: UInt32.self))]
            let bodyHeld = Int(base.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
            let responseBodyHeld = Int(base.loadUnaligned(fromByteOffset: offset + 16, as: UInt32.self))
            at = offset + 20
            let flags: UInt8 = take()
            let startBits: UInt64 = take()
            let id: Int64 = take()
            let bodySize: Int64 = take()
            let status: Int64 = take()
            let duration: UInt64 = take()
            let start: JournalStart = flags & Flag.startIsWall != 0
                ? .wall(Date(timeIntervalSince1970: Double(bitPattern: startBits))) : .monotonic(nanoseconds: startBits)
            let client = text(&previous.client)
            let method = text(&previous.method)
            let target = text(&previous.target)
            let path = text(&previous.path)
            let answeredBy = flags & Flag.hasAnsweredBy != 0 ? text(&previous.answeredBy) : nil
            let requestFields = headers(&previous.requestFields)
            let body = bodyHeld > 0 ? heldBodies[bodyHeld - 1] : bytes(&previous.body)
            let responseBody = responseBodyHeld > 0 ? heldBodies[responseBodyHeld - 1] : bytes(&previous.responseBody)
            var marks: JournalEntry.Marks?
            if flags & Flag.hasMarks != 0 {
                let hasDelay: UInt8 = take()
                let delay: Int64 = take()
                let delaySource = optionalText(), fault = optionalText()
                let faultSource = optionalText(), rejection = optionalText()
                marks = .of(hasDelay != 0 ? Int(delay) : nil, delaySource, fault, faultSource, rejection)
            }
            return JournalEntry.Fields(
                id: id, start: start, client: client, method: method, target: target, path: path,
                requestFields: requestFields, body: body, bodySize: Int(bodySize),
                status: flags & Flag.hasStatus != 0 ? Int(status) : nil, durationMilliseconds: Double(bitPattern: duration),
                answeredBy: answeredBy, answeredByIsAnswers: flags & Flag.answeredByIsAnswers != 0, marks: marks,
                answerFields: answerFields, responseBody: responseBody)
        }

        private mutating func take<Value: FixedWidthInteger>() -> Value {
            defer { at += MemoryLayout<Value>.size }
            return base.loadUnaligned(fromByteOffset: at, as: Value.self)
        }

        /// The next length-prefixed bytes' range.
        private mutating func span() -> Range<Int> {
            let count = Int(take() as UInt32)
            defer { at += count }
            return at..<(at + count)
        }

        private func buffer(_ range: Range<Int>) -> UnsafeRawBufferPointer {
            UnsafeRawBufferPointer(start: base + range.lowerBound, count: range.count)
        }

        private mutating func text(_ last: inout Reused<String>) -> String {
            let range = span()
            return last.value(at: range, in: base) { String(decoding: buffer(range), as: UTF8.self) }
        }

        private mutating func optionalText() -> String? {
            guard base.loadUnaligned(fromByteOffset: at, as: UInt32.self) != absent else {
                at += 4
                return nil
            }
            let range = span()
            return String(decoding: buffer(range), as: UTF8.self)
        }

        private mutating func bytes(_ last: inout Reused<[UInt8]>) -> [UInt8] {
            let range = span()
            return last.value(at: range, in: base) { Array(buffer(range)) }
        }

        private mutating func headers(_ last: inout Reused<HTTPHeaders>) -> HTTPHeaders {
            let length = HTTPHeaders.flatLength(at: UnsafeRawBufferPointer(start: base + at, count: 12))
            let range = at..<(at + length)
            at += length
            return last.value(at: range, in: base) { HTTPHeaders(flat: buffer(range)) }
        }
    }

    /// A field's value in the last record read and where its bytes lay: the same bytes read again
    /// are that value.
    fileprivate struct Reused<Value> {
        var range: Range<Int> = 0..<0
        var last: Value?

        mutating func value(at range: Range<Int>, in base: UnsafeRawPointer, _ make: () -> Value) -> Value {
            if let last, range.count == self.range.count,
               range.isEmpty || memcmp(base + range.lowerBound, base + self.range.lowerBound, range.count) == 0 {
                self.range = range
                return last
            }
            let made = make()
            self.range = range
            last = made
            return made
        }
    }
}
