import Synchronization

/// The rows of one table read into memory, tagged with the table's `TableVersionToken` as the
/// read saw it.
protocol TableSnapshot: Sendable {
    /// The table's token when the rows were read; nil when its row was missing (such a copy is
    /// never taken as current).
    var token: Int64? { get }
    /// Reads the rows `connection` sees now, whose token is `token`.
    init(reading connection: Connection, token: Int64?) throws
}

/// A copy of one table held in memory and kept current with the file, so that a page is a slice
/// of it instead of a statement stepped over every row it returns and skips.
///
/// The copy is current when its token is the table's. The token is read again only once the
/// file's writers have finished a turn since it was last read (`CommitCounter`: every write of
/// this process moves it, the journal's batches too), so between writes a read touches no row;
/// the rows themselves are read again only when the token has changed. A database in memory has
/// no counter: its token is read for every page.
///
/// One read at a time checks the token and makes a new copy; a read that needs the copy
/// meanwhile is told so (`Found.busy`) and reads the table itself rather than wait, so that the
/// pages of a table that changed under load do not each make a copy.
final class TableCopy<Snapshot: TableSnapshot>: Sendable {
    /// What a read finds.
    enum Found {
        /// The copy, current for a read that begins now.
        case current(Snapshot)
        /// Another read is refreshing the copy; `kept` is the last one, current only if its
        /// token is still the table's.
        case busy(kept: Snapshot?)
    }

    private let table: String
    private let state = Mutex(State())

    private struct State {
        /// Nil until the first read, and for a database in memory.
        var commits: CommitCounter?
        var snapshot: Snapshot?
        /// The count at which `snapshot` was last known current.
        var currentAtCommits: UInt64?
        /// Whether a read is checking the token and perhaps making a copy.
        var isRefreshing = false
        /// Copies read row by row since this was made.
        var builds = 0
    }

    /// A copy of `table`, whose token `TableVersionToken` keeps.
    init(table: String) {
        self.table = table
    }

    /// How many copies of the table were read, row by row, since this was made.
    var builds: Int { state.withLock(\.builds) }

    /// What `current` finds under the lock: the copy current, another read refreshing it, or
    /// this read's turn to refresh it.
    private enum Turn {
        case found(Found)
        case refresh(kept: Snapshot?, commits: CommitCounter?, seen: UInt64?)
    }

    /// The copy, current for a read of `database` that begins now, or `busy` while another
    /// read refreshes it.
    func current(of database: Database) throws -> Found {
        let turn: Turn = state.withLock { state in
            // Read before the transaction begins: the transaction then holds every turn counted
            // by now (`ReaderPool`), perhaps later ones too.
            let seen = state.commits?.load()
            if let kept = state.snapshot, let seen, seen == state.currentAtCommits { return .found(.current(kept)) }
            if state.isRefreshing { return .found(.busy(kept: state.snapshot)) }
            state.isRefreshing = true
            return .refresh(kept: state.snapshot, commits: state.commits, seen: seen)
        }
        switch turn {
        case .found(let found): return found
        case .refresh(let kept, let commits, let seen): return .current(try refresh(kept, commits, seen, database))
        }
    }

    /// The token of the table `connection` reads now.
    func token(in connection: Connection) throws -> Int64? {
        try TableVersionToken.read(for: table, in: connection)
    }

    /// Reads the token, and the rows when it is not `kept`'s, then keeps the result as current at
    /// `seen`; the caller holds the refreshing turn, which this hands back. Refreshes run one at
    /// a time, so each keeps a count no lower than the last's.
    private func refresh(_ kept: Snapshot?, _ commits: CommitCounter?, _ seen: UInt64?,
                         _ database: Database) throws -> Snapshot {
        let read: (snapshot: Snapshot, counter: CommitCounter?, isNew: Bool)
        do {
            read = try database.read { connection in
                let token = try self.token(in: connection)
                let counter = commits ?? Self.counter(of: connection)
                if let kept, let token, kept.token == token { return (kept, counter, false) }
                return (try Snapshot(reading: connection, token: token), counter, true)
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
