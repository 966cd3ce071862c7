import Foundation

/// A batch of journal entries as `journal_batches` keeps it: one row for every write of the
/// journal, its entries one after the other in one blob. Stored as a row of nine columns each,
/// the entries cost SQLite nine bindings, a record and a B-tree cell apiece (~5,600 Ir a request
/// with the range delete, on the user route); a batch of 40 costs one row.
///
/// Each entry, oldest first, field after field: its id as a varint of how much it adds to the
/// previous one (the first to the batch's `first_id` − 1), the 8 bytes of its start time's
/// bit pattern (seconds since 1970), its method and its path as texts, its status as an
/// optional integer, the ids of its three parts (`JournalParts`: the request's header lines,
/// the answer's, the answer's body; 0 for none) as varints, then its details
/// (`JournalDetails`) as a byte string. An entry whose fields are all the previous one's but
/// its start time, duration and client is a repeat: a step of 0 (its id is the previous one's
/// + 1), the 8 bytes of its start time's and its duration's bit patterns, and its client as a
/// text; it reads back as the previous entry with those three its own. The encodings are
/// `JournalDetails`': a text or byte
/// string is a varint of its length then its bytes; an optional integer a byte 0 (nil) or 1
/// followed by its zigzag varint; varints are LEB128.
///
/// The row's `parts` column holds the ids of the parts its entries refer to as varints (each
/// at least once), so that a sweep of the parts reads no entry.
enum JournalBatch {
    /// One entry of a batch as read back: what the filters read, its parts' ids, and where its
    /// details lie in the batch's bytes.
    struct Record {
        var id: Int64
        var startedAt: Double
        var method: String
        var path: String
        var status: Int?
        var requestHeaders: Int64
        var responseHeaders: Int64
        var responseBody: Int64
        var details: Range<Int>
        /// For a repeat, its own client and duration, over those its details hold.
        var repeated: (client: String, durationMilliseconds: Double)?
    }

    /// The entries of a batch stored as `bytes` whose first id is `firstID`, oldest first.
    /// - Throws: `StoreError` (`.corrupt`) when the bytes end early, an id does not grow, or a
    ///   batch starts with a repeat.
    static func records(in bytes: [UInt8], firstID: Int64) throws -> [Record] {
        var reader = JournalDetails.Reader(bytes: bytes)
        var records: [Record] = []
        var id = firstID - 1
        while reader.offset < bytes.count {
            let step = try reader.varint()
            guard step == 0 else {
                guard step <= UInt64(Int64.max - id) else { throw JournalDetails.Reader.malformed }
                id += Int64(step)
                records.append(Record(
                    id: id, startedAt: Double(bitPattern: try reader.fixed64()), method: try reader.text(),
                    path: try reader.text(), status: try reader.optionalInteger(), requestHeaders: try reader.partID(),
                    responseHeaders: try reader.partID(), responseBody: try reader.partID(),
                    details: try reader.skip(try reader.length())))
                continue
            }
            // A repeat of the entry before it, which there must be.
            guard var repeated = records.last, id < Int64.max else { throw JournalDetails.Reader.malformed }
            id += 1
            repeated.id = id
            repeated.startedAt = Double(bitPattern: try reader.fixed64())
            let duration = Double(bitPattern: try reader.fixed64())
            repeated.repeated = (client: try reader.text(), durationMilliseconds: duration)
            records.append(repeated)
        }
        return records
    }

    /// The part ids of a batch's `parts` column.
    static func partIDs(in bytes: [UInt8]) throws -> [Int64] {
        var reader = JournalDetails.Reader(bytes: bytes)
        var ids: [Int64] = []
        while reader.offset < bytes.count { ids.append(try reader.partID()) }
        return ids
    }
}

extension JournalDetails.Reader {
    /// A part's id (a varint that fits an `Int64`).
    mutating func partID() throws -> Int64 {
        guard let id = Int64(exactly: try varint()) else { throw Self.malformed }
        return id
    }
}
