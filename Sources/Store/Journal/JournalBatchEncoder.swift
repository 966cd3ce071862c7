import Foundation
import Wire

/// Lays out a batch's entries as `JournalBatch` describes, oldest first, and notes the parts
/// they refer to; `JournalRepository` stores the result as one row.
struct JournalBatchEncoder {
    /// The ids of the parts an entry refers to: its request's header lines, its answer's, and
    /// its answer's body (0 for none).
    struct PartIDs: Equatable {
        var requestHeaders: Int64
        var responseHeaders: Int64
        var responseBody: Int64
    }

    /// The entries' bytes so far (the `entries` column).
    private(set) var entries: [UInt8] = []
    /// The ids of the parts referred to so far, as varints (the `parts` column); a part an entry
    /// shares with the entry before it is not noted again.
    private(set) var parts: [UInt8] = []
    /// The id of the first entry appended (given before any is).
    let firstID: Int64
    /// The id of the last entry appended; `firstID` − 1 before any is.
    private(set) var lastID: Int64
    private var lastParts = PartIDs(requestHeaders: 0, responseHeaders: 0, responseBody: 0)

    /// A batch whose first entry will be `firstID`, with room for `byteCount` bytes of entries.
    init(firstID: Int64, reservingBytes byteCount: Int) {
        self.firstID = firstID
        lastID = firstID - 1
        entries.reserveCapacity(byteCount)
    }

    var isEmpty: Bool { lastID < firstID }

    /// Appends an entry with an id greater than the last one's, whose details (`JournalDetails`)
    /// `writeDetails` writes: exactly `detailsLength` bytes. The entry's bytes go in one append.
    mutating func append(id: Int64, startedAt: Double, method: String, path: String, status: Int?, parts ids: PartIDs,
                         detailsLength: Int, writeDetails: (inout ByteCursor) -> Void) {
        let step = UInt64(id - lastID)
        let length = JournalDetails.varintLength(step) + 8 + JournalDetails.textLength(method)
            + JournalDetails.textLength(path) + JournalDetails.optionalIntegerLength(status)
            + JournalDetails.varintLength(UInt64(ids.requestHeaders)) + JournalDetails.varintLength(UInt64(ids.responseHeaders))
            + JournalDetails.varintLength(UInt64(ids.responseBody))
            + JournalDetails.varintLength(UInt64(detailsLength)) + detailsLength
        entries.append(count: length) { cursor in
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
        }
        lastID = id
        if ids != lastParts {
            note(ids.requestHeaders, after: lastParts.requestHeaders)
            note(ids.responseHeaders, after: lastParts.responseHeaders)
            note(ids.responseBody, after: lastParts.responseBody)
            lastParts = ids
        }
    }

    /// Notes part `id` among the batch's parts unless it is none or the one noted last in its place.
    private mutating func note(_ id: Int64, after last: Int64) {
        guard id != 0, id != last else { return }
        parts.append(count: JournalDetails.varintLength(UInt64(id))) { JournalDetails.writeVarint(UInt64(id), to: &$0) }
    }
}
