import Synchronization

/// The public feed held in memory (`MakaPublicFeedSnapshot`), kept current with the file: a page
/// of `/app/publicEvents` is then one copy of a slice, where the statements stepped SQLite over
/// every item (~20k instructions a page of 20).
///
/// The copy is current when its token (maka.016) is the feed's. The token is read again only once
/// the file's writers have finished a turn since it was last read (`CommitCounter`: every write of
/// this process moves it, the journal's batches too), so between writes a page reads no row; the
/// rows themselves are read again only when the token has changed. A database in memory has no
/// counter: its token is read for every page.
///
/// One thread at a time reads the token or the rows: a copy is built once however many requests
/// find it missing, and the others read the feed with SQL meanwhile rather than wait.
final class MakaPublicFeedCopy: Sendable {
    private let state = Mutex(State())

    private struct State {
        /// Nil until the first read, and for a database in memory.
        var commits: CommitCounter?
        var snapshot: MakaPublicFeedSnapshot?
        /// The count at which `snapshot` was last known current.
        var currentAtCommits: UInt64?
        /// Whether a thread is reading the token or the rows now.
        var isRefreshing = false
        /// How many snapshots have been read, for tests.
        var builds = 0
    }

    /// What a page finds: the copy current, another thread refreshing it, or the turn to do it.
    private enum Turn {
        case current(MakaPublicFeedSnapshot)
        case busy
        case refresh(kept: MakaPublicFeedSnapshot?, commits: CommitCounter?, seen: UInt64?)
    }

    /// How many snapshots of the rows have been read so far.
    var builds: Int { state.withLock(\.builds) }

    /// The copy, current for a read of `database` that begins now; nil while another thread
    /// refreshes it (the caller reads the feed with SQL).
    func current(of database: Database) throws -> MakaPublicFeedSnapshot? {
        let turn: Turn = state.withLock { state in
            // Read before the transaction begins: the transaction then holds every turn counted
            // by now (`ReaderPool`), perhaps later ones too.
            let seen = state.commits?.load()
            if let kept = state.snapshot, let seen, seen == state.currentAtCommits { return .current(kept) }
            if state.isRefreshing { return .busy }
            state.isRefreshing = true
            return .refresh(kept: state.snapshot, commits: state.commits, seen: seen)
        }
        switch turn {
        case .current(let snapshot): return snapshot
        case .busy: return nil
        case .refresh(let kept, let commits, let seen): return try refresh(kept, commits, seen, database)
        }
    }

    /// Reads the token, and the rows when it is not `kept`'s, then keeps the result as current at
    /// `seen`; the caller holds the refreshing turn, which this hands back.
    private func refresh(_ kept: MakaPublicFeedSnapshot?, _ commits: CommitCounter?, _ seen: UInt64?,
                         _ database: Database) throws -> MakaPublicFeedSnapshot {
        let read: (snapshot: MakaPublicFeedSnapshot, counter: CommitCounter?, isNew: Bool)
        do {
            read = try database.read { connection in
                let token = try MakaPublicFeed.token(in: connection)
                let counter = commits ?? Self.counter(of: connection)
                if let kept, let token, kept.token == token { return (kept, counter, false) }
                return (try MakaPublicFeedSnapshot(reading: connection, token: token), counter, true)
            }
        } catch {
            state.withLock { $0.isRefreshing = false }
            throw error
        }
        state.withLock { state in
            state.commits = read.counter
            state.snapshot = read.snapshot
            state.currentAtCommits = read.snapshot.token == nil ? nil : seen
            state.isRefreshing = false
            if read.isNew { state.builds += 1 }
        }
        return read.snapshot
    }

    /// The commit counter of the file `connection` reads; nil for a database in memory.
    private static func counter(of connection: Connection) -> CommitCounter? {
        let path = connection.filePath
        return path.isEmpty ? nil : CommitCounter.forFile(path)
    }
}
