import Foundation
import Wire

/// Lays out a batch's entries as `JournalBatch` describes, oldest first, and notes the parts
/// they refer to; `JournalRepository` stores the result as one row.
///
/// Noncopyable: it owns the memory its entries' bytes are laid out in (`storage`), freed with it.
struct JournalBatchEncoder: ~Copyable {
    /// The ids of the parts an entry refers to: its request's header lines, its answer's, and
    /// its answer's body (0 for none).
    struct PartIDs: Equatable {
        var requestHeaders: Int64
        var responseHeaders: Int64
        var responseBody: Int64
    }

    /// The memory the entries' bytes are laid out in, its first `entriesLength` bytes written.
    /// Each entry is written into room already made: appended to an array, an entry cost ~90 Ir
    /// besides its copy (the array's capacity and uniqueness checks, its count's update, the
    /// copy's set-up), and an array's room made ahead is zeroed first.
    private var storage = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)
    private var entriesLength = 0
    /// How many bytes the entries' memory has room for, written or not.
    var bufferBytes: Int { storage.count }
    /// The ids of the parts referred to so far, as varints (the `parts` column); a part an entry
    /// shares with the entry before it is not noted again.
    private(set) var parts: [UInt8] = []
    /// The id of the first entry appended (given before any is).
    let firstID: Int64
    /// The id of the last entry appended; `firstID` − 1 before any is.
    private(set) var lastID: Int64
    private var lastParts = PartIDs(requestHeaders: 0, responseHeaders: 0, responseBody: 0)
    /// How many entries the buffer is sized for when the first is appended.
    private let expectedCount: Int
    /// The most bytes an entry is sized for: a first entry with a body of `--journal-body-bytes`
    /// must not size a buffer for hundreds of bodies.
    private static let sizedEntryBytes = 512

    /// A batch whose first entry will be `firstID`, of about `entryCount` entries: its buffer is
    /// sized when the first is appended, for that many as long as it (up to `sizedEntryBytes`).
    /// Most entries of a batch repeat the one before; a longer one grows the buffer. Summing
    /// every entry's texts and body to size it read each entry once more (~50 Ir an entry).
    init(firstID: Int64, entryCount: Int) {
        self.firstID = firstID
        lastID = firstID - 1
        expectedCount = entryCount
    }

    deinit {
        storage.deallocate()
    }

    var isEmpty: Bool { lastID < firstID }

    /// Calls `read` with the entries' bytes so far (the `entries` column).
    func withEntries<Result>(_ read: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try read(UnsafeBufferPointer(rebasing: storage[..<entriesLength]))
    }

    /// Appends an entry with an id greater than the last one's, whose details (`JournalDetails`)
    /// `writeDetails` writes: exactly `detailsLength` bytes. The entry's bytes are written in
    /// place, in room made for them.
    mutating func append(id: Int64, startedAt: Double, method: String, path: String, status: Int?, parts ids: PartIDs,
                         detailsLength: Int, writeDetails: (inout ByteCursor) -> Void) {
        let step = UInt64(id - lastID)
        let length = JournalDetails.varintLength(step) + 8 + JournalDetails.textLength(method)
            + JournalDetails.textLength(path) + JournalDetails.optionalIntegerLength(status)
            + JournalDetails.varintLength(UInt64(ids.requestHeaders)) + JournalDetails.varintLength(UInt64(ids.responseHeaders))
            + JournalDetails.varintLength(UInt64(ids.responseBody))
            + JournalDetails.varintLength(UInt64(detailsLength)) + detailsLength
        var cursor = cursorForEntry(length, sizingFor: expectedCount * min(length, Self.sizedEntryBytes))
        JournalDetails.writeVarint(step, to: &cursor)
        JournalDetails.writeFixed64(startedAt.bitPattern, to: &cursor)
        JournalDetails.writeText(method, to: &cursor)
        JournalDetails.writeText(path, to: &cursor)
        JournalDetails.writeOptionalInteger(status, to: &cursor)
        JournalDetails.writeVarint(UInt64(ids.requestHeaders), to: &cursor)
        JournalDetails.writeVarint(UInt64(ids.responseHeaders), to: &cursor)
        JournalDetails.writeVarint(UInt64(ids.responseBody), to: &cursor)
        JournalDetails.writeVarint(UInt64(detailsLength), to: &cursor)
        writeDetails(&cursor)
        precondition(cursor.offset == length, "JournalBatchEncoder: fewer bytes written than the entry's length")
        entriesLength += length
        lastID = id
        if ids != lastParts {
            note(ids.requestHeaders, after: lastParts.requestHeaders)
            note(ids.responseHeaders, after: lastParts.responseHeaders)
            note(ids.responseBody, after: lastParts.responseBody)
            lastParts = ids
        }
    }

    /// Appends the next entry (id `lastID` + 1), whose fields are all the last entry's but its
    /// start time, duration and client, as a repeat (`JournalBatch`): a step of 0, then those
    /// three. A client asks for the same thing again and again; written in full, each such
    /// entry of the user route took ~88 bytes of the batch, and SQLite wrote a batch's pages
    /// twice (its WAL, then the database), ~14 pages a batch of 500.
    mutating func appendRepeatingLast(startedAt: Double, client: String, durationMilliseconds: Double) {
        precondition(!isEmpty, "JournalBatchEncoder: no entry to repeat")
        let length = 1 + 8 + 8 + JournalDetails.textLength(client)
        var cursor = cursorForEntry(length, sizingFor: 0)
        cursor.write(0)
        JournalDetails.writeFixed64(startedAt.bitPattern, to: &cursor)
        JournalDetails.writeFixed64(durationMilliseconds.bitPattern, to: &cursor)
        JournalDetails.writeText(client, to: &cursor)
        entriesLength += length
        lastID += 1
    }

    /// A cursor over room for an entry of `length` bytes after the entries, the buffer sized
    /// for `sizingFor` bytes when it is the batch's first.
    private mutating func cursorForEntry(_ length: Int, sizingFor bytes: Int) -> ByteCursor {
        let start = entriesLength
        makeRoom(for: length, sizingFor: start == 0 ? bytes : 0)
        return ByteCursor(UnsafeMutableBufferPointer(rebasing: storage[start..<start + length]), from: 0)
    }

    /// Makes room in `storage` for `length` bytes after the entries, at least `sizingFor` bytes
    /// in all: new memory twice as large (or as large as asked) when it has not, the entries copied.
    private mutating func makeRoom(for length: Int, sizingFor bytes: Int) {
        let needed = entriesLength + length
        guard needed > storage.count else { return }
        let grown = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(needed, bytes, 2 * storage.count))
        UnsafeMutableRawBufferPointer(grown).copyMemory(from: UnsafeRawBufferPointer(UnsafeMutableBufferPointer(rebasing: storage[..<entriesLength])))
        storage.deallocate()
        storage = grown
    }

    /// Notes part `id` among the batch's parts unless it is none or the one noted last in its place.
    private mutating func note(_ id: Int64, after last: Int64) {
        guard id != 0, id != last else { return }
        parts.append(count: JournalDetails.varintLength(UInt64(id))) { JournalDetails.writeVarint(UInt64(id), to: &$0) }
    }
}
