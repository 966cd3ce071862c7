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
final class YoufanRecommendedPages: Sendable {
    private let database: Database
    private let state = Mutex(State())

    private struct State {
        /// Nil until the first read, and for a database in memory.
        var commits: CommitCounter?
        var snapshot: YoufanRecommendedSnapshot?
        /// The count at which `snapshot` was last known current.
        var currentAtCommits: UInt64?
    }

    init(database: Database) {
        self.database = database
    }

    /// Appends page `page` of channel `cid` (every channel's when nil) as a JSON array of the
    /// stored items to `output`; returns how many items it holds.
    func append(cid: Int?, page: YoufanPage, to output: inout [UInt8]) throws -> Int {
        try current().append(cid: cid, page: page, to: &output)
    }

    /// The copy, read again if a writer's turn may have changed the table.
    private func current() throws -> YoufanRecommendedSnapshot {
        let (kept, commits, currentAtCommits) = state.withLock { ($0.snapshot, $0.commits, $0.currentAtCommits) }
        // Read before the transaction begins: the transaction then holds every turn counted by
        // now (`ReaderPool`), perhaps later ones too.
        let seen = commits?.load()
        if let kept, let seen, seen == currentAtCommits { return kept }
        let (snapshot, counter) = try database.read { connection in
            let token = try YoufanRecommendedItems.token(in: connection)
            let snapshot = if let kept, let token, kept.token == token { kept } else {
                try YoufanRecommendedSnapshot(reading: connection, token: token)
            }
            return (snapshot, commits ?? Self.counter(of: connection))
        }
        state.withLock { state in
            state.commits = counter
            // Another request may have kept a copy known current at a later count.
            if let seen, let later = state.currentAtCommits, later > seen { return }
            state.snapshot = snapshot
            state.currentAtCommits = snapshot.token == nil ? nil : seen
        }
        return snapshot
    }

    /// The commit counter of the file `connection` reads; nil for a database in memory.
    private static func counter(of connection: Connection) -> CommitCounter? {
        let path = connection.filePath
        return path.isEmpty ? nil : CommitCounter.forFile(path)
    }
}
