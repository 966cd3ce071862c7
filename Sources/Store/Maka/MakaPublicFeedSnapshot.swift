/// Every row of `maka_public_feed` as read at one token (maka.016), newest first: the items
/// joined by commas in one buffer, so that a page of the whole feed is one slice of it, and each
/// tag's items as indices into it.
///
/// A page and its total are what `MakaPublicFeed`'s statements give for the same rows: the
/// `size` items at or below the highest listing number less the `skipped` newest, the total the
/// first one's listing number plus `skipped` (the listings are dense), or the highest listing
/// number when no item is that low. A tag's page goes by `tag_seq`; a row of a tag without one
/// is in no tag's pages.
final class MakaPublicFeedSnapshot: TableSnapshot {
    /// The token the rows were read at; nil when the feed had none.
    let token: Int64?
    /// The items, newest first, each followed by a comma but the last.
    private let joined: [UInt8]
    /// Where each item ends in `joined` (its comma, or the end).
    private let ends: [Int]
    /// The whole feed's listing numbers (`seq`), one per item, descending.
    private let feed: Listing
    /// Each tag's items (an integer `tag_id`: the tags the route names) by `tag_seq`.
    private let tags: [Int64: Listing]

    /// Items in the order of a page (listing numbers descending), as indices into `ends`.
    private struct Listing: Sendable {
        var numbers: [Int64] = []
        /// Nil for the whole feed, whose items are `ends`' in order.
        var items: [Int]?
    }

    static let sql = """
        SELECT seq, item, CASE WHEN typeof(tag_id) = 'integer' THEN tag_id END, tag_seq
        FROM maka_public_feed ORDER BY seq DESC
        """

    /// Reads every row on `connection`, in the transaction that read `token`.
    init(reading connection: Connection, token: Int64?) throws {
        let statement = try connection.statement(Self.sql)
        defer { statement.reset() }
        var joined: [UInt8] = []
        var ends: [Int] = []
        var feed = Listing()
        var tagged: [Int64: [(number: Int64, item: Int)]] = [:]
        while try statement.step() {
            if !ends.isEmpty { joined.append(UInt8(ascii: ",")) }
            try statement.withUnsafeBytes(at: 1) { joined.append(contentsOf: $0) }
            let index = ends.count
            ends.append(joined.count)
            feed.numbers.append(try statement.int64(at: 0))
            if try !statement.isNull(at: 2), try !statement.isNull(at: 3) {
                tagged[try statement.int64(at: 2), default: []].append((try statement.int64(at: 3), index))
            }
        }
        self.token = token
        self.joined = joined
        self.ends = ends
        self.feed = feed
        tags = tagged.mapValues { rows in
            let ordered = rows.sorted { $0.number > $1.number }
            return Listing(numbers: ordered.map(\.number), items: ordered.map(\.item))
        }
    }

    /// Hands `run` the page's items, newest first, as runs of items joined by commas (valid only
    /// during the call), and returns the number of items in all.
    func page(tagId: Int64?, skipped: Int, size: Int,
              run: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows -> Int {
        let listing = if let tagId { tags[tagId] ?? Listing(items: []) } else { feed }
        guard let newest = listing.numbers.first else { return 0 }
        let first = skipped == 0 ? 0 : Self.firstIndex(atOrBelow: newest - Int64(skipped), in: listing.numbers)
        guard first < listing.numbers.count else { return Int(newest) }
        let end = first + max(0, min(size, listing.numbers.count - first))
        if first < end { try slice(listing, first..<end, to: run) }
        return Int(listing.numbers[first]) + skipped
    }

    /// Hands `run` the items at `positions` of `listing`, in runs.
    private func slice(_ listing: Listing, _ positions: Range<Int>,
                       to run: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        try joined.withUnsafeBufferPointer { joined in
            guard let items = listing.items else {
                return try run(UnsafeBufferPointer(rebasing: joined[start(of: positions.lowerBound)..<ends[positions.upperBound - 1]]))
            }
            // Items next to each other in the whole feed are one run.
            var runStart = positions.lowerBound
            for position in positions where position + 1 == positions.upperBound || items[position + 1] != items[position] + 1 {
                try run(UnsafeBufferPointer(rebasing: joined[start(of: items[runStart])..<ends[items[position]]]))
                runStart = position + 1
            }
        }
    }

    /// Where item `index` begins in `joined`.
    private func start(of index: Int) -> Int {
        index == 0 ? 0 : ends[index - 1] + 1
    }

    /// The first position of `descending` whose number is at most `bound`; its count when none is.
    private static func firstIndex(atOrBelow bound: Int64, in descending: [Int64]) -> Int {
        var low = 0
        var high = descending.count
        while low < high {
            let middle = (low + high) / 2
            if descending[middle] <= bound { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
