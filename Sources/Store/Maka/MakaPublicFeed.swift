/// The list behind `/app/publicEvents`: every published event, newest first, optionally within
/// one tag, read as ranges of a dense sequence (see `MakaSchema`).
///
/// Each row keeps its list item pre-encoded as JSON text, built by SQLite's `json_object` from
/// the event and its author whenever either changes. Pages are sliced from a copy of the feed
/// held in memory (`TableCopy`), or read with SQL while another thread reads the copy.
public struct MakaPublicFeed: Sendable {
    public let database: Database
    let copy = TableCopy<MakaPublicFeedSnapshot>(table: "maka_public_feed")

    public init(database: Database) { self.database = database }

    /// Page `index` (1-based) of `size` items, of every published event or of one tag's: hands
    /// `items` the page's list items, newest first, as runs of JSON object texts joined by commas
    /// (valid only during the call), and returns the number of items in all.
    public func page(tagId: Int64?, index: Int, size: Int,
                     items: (UnsafeBufferPointer<UInt8>) throws -> Void) throws -> Int {
        let skipped = (index - 1) * size
        if case .current(let snapshot) = try copy.current(of: database) {
            return try snapshot.page(tagId: tagId, skipped: skipped, size: size, run: items)
        }
        return try pageBySQL(tagId: tagId, skipped: skipped, size: size, item: items)
    }

    /// `page` read with SQL, handing `item` one item at a time.
    ///
    /// One statement, which SQLite reads from one snapshot by itself (no `BEGIN`/`COMMIT`): the
    /// first page is the newest `size` rows, a later one the `size` rows below the highest
    /// sequence number less the items before it (one index look-up, run once). The sequences
    /// are dense, so the first row's sequence number plus those items is the total, and no
    /// statement counts. A page past the end has no row to tell the total: it is read alone,
    /// and the page read again if events were published in between, so the two agree.
    func pageBySQL(tagId: Int64?, skipped: Int, size: Int,
                   item: (UnsafeBufferPointer<UInt8>) throws -> Void) throws -> Int {
        while true {
            if let total = try database.readSingleStatement({ connection in
                try Self.visitPage(tagId: tagId, skipped: skipped, size: size, in: connection, item: item)
            }) {
                return total
            }
            let total = try database.readSingleStatement { connection in
                try Self.total(tagId: tagId, in: connection)
            }
            if total <= skipped { return total }
        }
    }

    /// Hands `item` the `size` items after the newest `skipped` ones and returns the total;
    /// nil when there is no such item.
    private static func visitPage(tagId: Int64?, skipped: Int, size: Int, in connection: Connection,
                                  item: (UnsafeBufferPointer<UInt8>) throws -> Void) throws -> Int? {
        let range = try connection.statement(pageSQL(tag: tagId != nil, first: skipped == 0))
        range.reset()
        defer { range.reset() }
        try range.bind(.integer(Int64(size)), at: 1)
        if skipped > 0 { try range.bind(.integer(Int64(skipped)), at: 2) }
        if let tagId { try range.bind(.integer(tagId), at: 3) }
        guard try range.step() else { return nil }
        let total = Int(try range.int64(at: 0)) + skipped
        repeat {
            try range.withUnsafeBytes(at: 1, item)
        } while try range.step()
        return total
    }

    /// The number of items in all: the highest sequence number, 0 for an empty feed or tag.
    private static func total(tagId: Int64?, in connection: Connection) throws -> Int {
        let row = if let tagId {
            try connection.queryFirst("SELECT max(tag_seq) FROM maka_public_feed WHERE tag_id = ?", [.integer(tagId)])
        } else {
            try connection.queryFirst("SELECT max(seq) FROM maka_public_feed")
        }
        return Int(try row?.optionalInt64(at: 0) ?? 0)
    }

    /// The page statement: `?1` items at most, newest first, each with its sequence number;
    /// below the newest `?2` items unless it is the `first` page; within the tag `?3` on the
    /// tag's own sequence (read from the covering index `maka_public_feed_tag_items`).
    private static func pageSQL(tag: Bool, first: Bool) -> String {
        switch (tag, first) {
        case (false, true): newestSQL
        case (false, false): belowSQL
        case (true, true): tagNewestSQL
        case (true, false): tagBelowSQL
        }
    }

    private static let newestSQL = "SELECT seq, item FROM maka_public_feed ORDER BY seq DESC LIMIT ?1"
    private static let belowSQL = """
        SELECT seq, item FROM maka_public_feed WHERE seq <= (SELECT max(seq) FROM maka_public_feed) - ?2
        ORDER BY seq DESC LIMIT ?1
        """
    private static let tagNewestSQL = """
        SELECT tag_seq, item FROM maka_public_feed WHERE tag_id = ?3 ORDER BY tag_seq DESC LIMIT ?1
        """
    private static let tagBelowSQL = """
        SELECT tag_seq, item FROM maka_public_feed
        WHERE tag_id = ?3 AND tag_seq <= (SELECT max(tag_seq) FROM maka_public_feed WHERE tag_id = ?3) - ?2
        ORDER BY tag_seq DESC LIMIT ?1
        """

    /// The list item (WIRE.md §4.2; S004 `MKPublicEventItem` reads `id`, `title`, `firstImgUrl`,
    /// `author`, `publishTime`), built from `e` (maka_events) joined with `u` (maka_users): the
    /// event's code as `id`, `uid` as text (as in the event documents, §1.8), the cover also as
    /// `thumb`, the viewer and QR code URLs of §4.6.
    static let itemSQL = """
        json_object('id', e.code, 'title', e.title, 'firstImgUrl', e.first_img_url, 'author', u.nickname,
                    'uid', CAST(u.uid AS TEXT), 'thumb', e.first_img_url, 'tagId', e.tag_id,
                    'pageCount', e.page_count, 'publishTime', e.publish_time,
                    'url', 'http://viewer.maka.im/k/' || e.code,
                    'QRcodeImg', 'http://img1.maka.im/qrcode/' || e.code || '.png')
        """

    /// Puts a just-published event on top of the feed and of its tag.
    static func append(eventId: Int64, in connection: Connection) throws {
        try connection.execute("""
            INSERT INTO maka_public_feed (seq, event_id, tag_id, tag_seq, item)
            SELECT (SELECT coalesce(max(seq), 0) + 1 FROM maka_public_feed), e.id, e.tag_id,
                   CASE WHEN e.tag_id IS NULL THEN NULL
                        ELSE (SELECT coalesce(max(tag_seq), 0) + 1 FROM maka_public_feed WHERE tag_id = e.tag_id)
                   END,
                   \(itemSQL)
            FROM maka_events e JOIN maka_users u ON u.uid = e.uid WHERE e.id = ?
            """, [.integer(eventId)])
    }

    /// Re-encodes the list item of one published event after it changed.
    static func refreshItem(eventId: Int64, in connection: Connection) throws {
        try connection.execute("""
            UPDATE maka_public_feed SET item = (
                SELECT \(itemSQL) FROM maka_events e JOIN maka_users u ON u.uid = e.uid
                WHERE e.id = maka_public_feed.event_id)
            WHERE event_id = ?
            """, [.integer(eventId)])
    }

    /// Re-encodes the list items of a user's published events (their nickname changed).
    static func refreshItems(ofUser uid: Int64, in connection: Connection) throws {
        try connection.execute("""
            UPDATE maka_public_feed SET item = (
                SELECT \(itemSQL) FROM maka_events e JOIN maka_users u ON u.uid = e.uid
                WHERE e.id = maka_public_feed.event_id)
            WHERE event_id IN (SELECT id FROM maka_events WHERE uid = ?)
            """, [.integer(uid)])
    }

    /// Moves a published event from one tag to another, keeping both tags' sequences dense
    /// and in publishing order.
    static func retag(eventId: Int64, from oldTag: Int64?, to newTag: Int64?, in connection: Connection) throws {
        try connection.execute("UPDATE maka_public_feed SET tag_id = ?, tag_seq = NULL WHERE event_id = ?",
                               [newTag.map(SQLValue.integer) ?? .null, .integer(eventId)])
        for tag in Set([oldTag, newTag].compactMap { $0 }) {
            try connection.execute("""
                UPDATE maka_public_feed SET tag_seq = ranked.n FROM (
                    SELECT seq, row_number() OVER (ORDER BY seq) AS n FROM maka_public_feed WHERE tag_id = ?
                ) AS ranked WHERE maka_public_feed.seq = ranked.seq
                """, [.integer(tag)])
        }
    }

    /// Rebuilds the whole feed from the published events, ordered by publish time (then id).
    /// Imports use it: captured lists arrive newest first, in any order of pages.
    public static func rebuild(in connection: Connection) throws {
        try connection.execute("DELETE FROM maka_public_feed")
        try connection.execute("""
            INSERT INTO maka_public_feed (seq, event_id, tag_id, tag_seq, item)
            SELECT row_number() OVER (ORDER BY e.publish_time, e.id), e.id, e.tag_id,
                   CASE WHEN e.tag_id IS NULL THEN NULL
                        ELSE row_number() OVER (PARTITION BY e.tag_id ORDER BY e.publish_time, e.id)
                   END,
                   \(itemSQL)
            FROM maka_events e JOIN maka_users u ON u.uid = e.uid
            WHERE e.status = 1
            ORDER BY e.publish_time, e.id
            """)
    }
}
