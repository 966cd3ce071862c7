/// The list behind `/app/publicEvents`: every published event, newest first, optionally within
/// one tag, read as ranges of a dense sequence (see `MakaSchema`).
///
/// Each row keeps its list item pre-encoded as JSON text, built by SQLite's `json_object` from
/// the event and its author whenever either changes, so a page is bytes copied into the answer
/// from where SQLite holds them.
public struct MakaPublicFeed: Sendable {
    public let database: Database

    public init(database: Database) { self.database = database }

    /// Page `index` (1-based) of `size` items, of every published event or of one tag's: hands
    /// `item` each list item (JSON object text in SQLite's buffer, valid only during the call),
    /// newest first, and returns the number of items in all.
    /// Two index look-ups whatever the depth: the total is the highest sequence number.
    public func page(tagId: Int64?, index: Int, size: Int,
                     item: (UnsafeBufferPointer<UInt8>) throws -> Void) throws -> Int {
        try database.read { connection in
            let total: Int
            let range: Statement
            if let tagId {
                total = Int(try connection.queryFirst(
                    "SELECT max(tag_seq) FROM maka_public_feed WHERE tag_id = ?", [.integer(tagId)])?.optionalInt64(at: 0) ?? 0)
                range = try connection.statement("""
                    SELECT item FROM maka_public_feed WHERE tag_id = ? AND tag_seq BETWEEN ? AND ?
                    ORDER BY tag_seq DESC
                    """)
            } else {
                total = Int(try connection.queryFirst("SELECT max(seq) FROM maka_public_feed")?.optionalInt64(at: 0) ?? 0)
                range = try connection.statement(
                    "SELECT item FROM maka_public_feed WHERE seq BETWEEN ? AND ? ORDER BY seq DESC")
            }
            let highest = total - (index - 1) * size
            guard highest >= 1 else { return total }
            let lowest = max(1, highest - size + 1)
            var bindings: [SQLValue] = [.integer(Int64(lowest)), .integer(Int64(highest))]
            if let tagId { bindings.insert(.integer(tagId), at: 0) }
            try range.bind(bindings)
            defer { range.reset() }
            while try range.step() {
                try range.withUnsafeBytes(at: 0, item)
            }
            return total
        }
    }

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
