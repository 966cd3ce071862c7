/// Every row of `youfan_recommended_items` as read at one token (youfan.017), in the order of
/// `ORDER BY cid, position, code`: the items joined by commas in one buffer, so that a page of
/// them is one copy of a slice, with no statement stepped a row at a time.
///
/// A page is the rows `SELECT item … [WHERE cid = ?] ORDER BY … LIMIT ? OFFSET ?` returns, byte
/// for byte: a channel's rows are one run of the order (the table sorts by `cid` first), and an
/// empty item reads as `null`, as `YoufanSQL.appendList` writes it.
final class YoufanRecommendedSnapshot: TableSnapshot {
    /// The token the rows were read at; nil when the table had none.
    let token: Int64?
    /// The items, each followed by a comma but the last.
    private let joined: [UInt8]
    /// Where each item ends in `joined` (its comma, or the end).
    private let ends: [Int]
    /// The run of item indices of each channel (an integer `cid`; a `cid` of another type
    /// matches no channel an integer names, as in SQL).
    private let channels: [Int: Range<Int>]

    static let sql = "SELECT CASE WHEN typeof(cid) = 'integer' THEN cid END, item FROM youfan_recommended_items ORDER BY cid, position, code"

    /// Reads every row on `connection`, in the transaction that read `token`.
    init(reading connection: Connection, token: Int64?) throws {
        let statement = try connection.statement(Self.sql)
        defer { statement.reset() }
        var joined: [UInt8] = []
        var ends: [Int] = []
        var channels: [Int: Range<Int>] = [:]
        while try statement.step() {
            if !ends.isEmpty { joined.append(UInt8(ascii: ",")) }
            try statement.withUnsafeBytes(at: 1) { item in
                if item.isEmpty { joined.append(contentsOf: "null".utf8) } else { joined.append(contentsOf: item) }
            }
            let index = ends.count
            ends.append(joined.count)
            if try !statement.isNull(at: 0) {
                let cid = Int(try statement.int64(at: 0))
                channels[cid] = (channels[cid]?.lowerBound ?? index)..<(index + 1)
            }
        }
        self.token = token
        self.joined = joined
        self.ends = ends
        self.channels = channels
    }

    /// Appends the JSON array of page `page` of channel `cid` (every channel's rows when nil)
    /// to `output`; returns how many items it holds. A negative limit is no limit and a negative
    /// offset none, as SQLite's `LIMIT`/`OFFSET` take them.
    func append(cid: Int?, page: YoufanPage, to output: inout [UInt8]) -> Int {
        let run = if let cid { channels[cid] ?? 0..<0 } else { 0..<ends.count }
        let skipped = min(max(0, page.offset), run.count)
        let first = run.lowerBound + skipped
        let last = page.limit < 0 ? run.upperBound : first + min(page.limit, run.upperBound - first)
        output.append(UInt8(ascii: "["))
        if first < last {
            let start = first == 0 ? 0 : ends[first - 1] + 1
            joined.withUnsafeBufferPointer { output.append(contentsOf: UnsafeBufferPointer(rebasing: $0[start..<ends[last - 1]])) }
        }
        output.append(UInt8(ascii: "]"))
        return last - first
    }
}
