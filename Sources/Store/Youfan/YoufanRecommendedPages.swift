import Synchronization

/// The recommended products' pages out of a copy of `youfan_recommended_items` held in memory
/// (`YoufanRecommendedSnapshot`), the busiest list of the Youfan apps: a page is one copy of a
/// slice instead of a statement stepped over every row it returns and every row it skips
/// (~19k instructions for page 1 of 10).
///
/// The copy is current when its token (youfan.017) is the table's. The token is read again only
/// once the file's writers have finished a turn since it was last read (`CommitCounter`: every
/// write of this process moves it, the journal's batches too), so between writes a page reads no
/// row at all; the rows themselves are read again only when the token has changed. A database in
/// memory has no counter: its token is read for every page.
///
/// One read at a time checks the token and makes a new copy (~0.7 MB for the seeds); a read that
/// needs the copy meanwhile takes its page from the last copy if the token still matches it, or
/// else from the table, so that pages of a table that changed under load do not each make a copy.
final class YoufanRecommendedPages: Sendable {
    private let database: Database
    private let state = Mutex(State())

    private struct State {
        /// Nil until the first read, and for a database in memory.
        var commits: CommitCounter?
        var snapshot: YoufanRecommendedSnapshot?
        /// The count at which `snapshot` was last known current.
        var currentAtCommits: UInt64?
        /// Whether a read is checking the token and perhaps making a copy.
        var refreshing = false
        /// Copies made since this was made.
        var copies = 0
    }

    /// Where a page is read from.
    private enum Source {
        /// The copy, known current.
        case copy(YoufanRecommendedSnapshot)
        /// A new copy if the token moved: this read is the one refreshing, `seen` the count of
        /// the writers' turns before its transaction.
        case refresh(kept: YoufanRecommendedSnapshot?, seen: UInt64?, commits: CommitCounter?)
        /// The kept copy if its token is current, else the table: another read is refreshing.
        case table(kept: YoufanRecommendedSnapshot?)
    }

    init(database: Database) {
        self.database = database
    }

    /// How many copies of the table were read, row by row, since this was made.
    var copiesMade: Int {
        state.withLock { $0.copies }
    }

    /// Appends page `page` of channel `cid` (every channel's when nil) as a JSON array of the
    /// stored items to `output`; returns how many items it holds.
    func append(cid: Int?, page: YoufanPage, to output: inout [UInt8]) throws -> Int {
        switch source() {
        case .copy(let snapshot):
            return snapshot.append(cid: cid, page: page, to: &output)
        case .refresh(let kept, let seen, let commits):
            return try refreshed(kept: kept, seen: seen, commits: commits).append(cid: cid, page: page, to: &output)
        case .table(let kept):
            return try database.read { connection in
                if let kept, let token = try YoufanRecommendedItems.token(in: connection), kept.token == token {
                    return kept.append(cid: cid, page: page, to: &output)
                }
                return try Self.appendFromTable(cid: cid, page: page, in: connection, to: &output)
            }
        }
    }

    /// The copy if it is current, else whether this read refreshes it.
    private func source() -> Source {
        state.withLock { state in
            // Read before the transaction begins: the transaction then holds every turn counted
            // by now (`ReaderPool`), perhaps later ones too.
            let seen = state.commits?.load()
            if let kept = state.snapshot, let seen, seen == state.currentAtCommits { return .copy(kept) }
            if state.refreshing { return .table(kept: state.snapshot) }
            state.refreshing = true
            return .refresh(kept: state.snapshot, seen: seen, commits: state.commits)
        }
    }

    /// The copy, read again if the token moved since `kept` was read; kept as current at `seen`.
    /// Refreshes run one at a time (`source`), so each keeps a count no lower than the last's.
    private func refreshed(kept: YoufanRecommendedSnapshot?, seen: UInt64?,
                           commits: CommitCounter?) throws -> YoufanRecommendedSnapshot {
        let read: (snapshot: YoufanRecommendedSnapshot, counter: CommitCounter?, isNew: Bool)
        do {
            read = try database.read { connection in
                let token = try YoufanRecommendedItems.token(in: connection)
                let counter = commits ?? Self.counter(of: connection)
                if let kept, let token, kept.token == token { return (kept, counter, false) }
                return (try YoufanRecommendedSnapshot(reading: connection, token: token), counter, true)
            }
        } catch {
            state.withLock { $0.refreshing = false }
            throw error
        }
        state.withLock { state in
            state.refreshing = false
            if read.isNew { state.copies += 1 }
            state.commits = read.counter
            state.snapshot = read.snapshot
            state.currentAtCommits = read.snapshot.token == nil ? nil : seen
        }
        return read.snapshot
    }

    /// The page as a statement reads it from the table, for reads while another refreshes.
    private static func appendFromTable(cid: Int?, page: YoufanPage, in connection: Connection,
                                        to output: inout [UInt8]) throws -> Int {
        if let cid {
            try YoufanSQL.appendList("""
                SELECT item FROM youfan_recommended_items WHERE cid = ? ORDER BY position, code LIMIT ? OFFSET ?
                """, [SQLValue(cid), SQLValue(page.limit), SQLValue(page.offset)], in: connection, to: &output)
        } else {
            try YoufanSQL.appendList("""
                SELECT item FROM youfan_recommended_items ORDER BY cid, position, code LIMIT ? OFFSET ?
                """, [SQLValue(page.limit), SQLValue(page.offset)], in: connection, to: &output)
        }
    }

    /// The commit counter of the file `connection` reads; nil for a database in memory.
    private static func counter(of connection: Connection) -> CommitCounter? {
        let path = connection.filePath
        return path.isEmpty ? nil : CommitCounter.forFile(path)
    }
}
