import Dispatch

/// A SQLite database: one writer connection on a serial queue, and a small pool of reader
/// connections that read concurrently thanks to WAL. `":memory:"` uses one connection for both.
///
/// Opening runs the pending migrations. Values never go into SQL text: use `?` bindings.
///
/// A reader keeps its snapshot until a writer of this process writes the file (`ReaderPool`):
/// what another process commits to the file is not read until then.
public final class Database: Sendable {
    /// The path given at open.
    public let path: String
    let writer: ConnectionBox
    let writerQueue: DispatchQueue
    private let readers: ReaderPool?
    private static let writerKey = DispatchSpecificKey<ObjectIdentifier>()

    /// Opens (creating if needed) the database at `path` and runs pending `migrations`.
    /// - Parameters:
    ///   - readerCount: the most reads that run at once; further reads wait for a free reader.
    ///   - busyTimeout: how long a connection waits for a lock held by another process.
    public init(
        path: String,
        migrations: [Migration],
        readerCount: Int = 4,
        busyTimeout: Duration = .seconds(5)
    ) throws {
        let milliseconds = Int32(clamping: busyTimeout.components.seconds * 1000
                                 + busyTimeout.components.attoseconds / 1_000_000_000_000_000)
        let inMemory = path == ":memory:" || path.isEmpty
        self.path = path
        let writerConnection = try Connection(path: path, readOnly: false, busyTimeoutMilliseconds: milliseconds)
        try Migrator.run(migrations, on: writerConnection)
        self.writer = ConnectionBox(writerConnection)
        self.writerQueue = DispatchQueue(label: "store.writer")
        if inMemory {
            self.readers = nil
        } else {
            self.readers = ReaderPool(size: max(1, readerCount), commits: .forFile(writerConnection.filePath)) {
                try Connection(path: path, readOnly: true, busyTimeoutMilliseconds: milliseconds)
            }
        }
        writerQueue.setSpecific(key: Database.writerKey, value: ObjectIdentifier(writer))
    }

    /// Whether the calling code runs inside this database's `write` closure.
    private var isOnWriterQueue: Bool {
        DispatchQueue.getSpecific(key: Database.writerKey) == ObjectIdentifier(writer)
    }

    /// Runs `body` on a reader connection, in one read transaction, and returns its result.
    /// Everything `body` reads comes from one snapshot, whatever the writer commits meanwhile,
    /// and that snapshot holds every write that had returned when `read` was called. Reads never
    /// wait for a writer. Inside a `write` closure, reads the writer's own changes.
    public func read<T>(_ body: (Connection) throws -> T) throws -> T {
        if isOnWriterQueue { return try body(writer.connection) }
        guard let readers else {
            return try writerQueue.sync { try body(writer.connection) }
        }
        return try readers.withReader(body)
    }

    /// `read`, for a body that runs one statement (a user by uid, a token's uid, a page). Since
    /// readers keep their transaction between reads (`ReaderPool.Reader`), one statement costs
    /// no more inside `read`'s transaction than alone; the name says what the call site needs.
    public func readSingleStatement<T>(_ body: (Connection) throws -> T) throws -> T {
        try read(body)
    }

    /// Hands the writer's cached pages back to the allocator, for after work that read the whole
    /// database through it (the sessions' template copy, `VACUUM INTO`, left SQLite's default
    /// 2 MB cache full of pages the writer's few-page journal batches never read again).
    /// Waits for a write in progress. Calling it inside a `write` closure throws.
    public func releaseWriterCache() throws {
        if isOnWriterQueue {
            throw StoreError.misuse("Database.releaseWriterCache called inside a write")
        }
        writerQueue.sync { writer.connection.releaseCachedPages() }
    }

    /// Runs `body` with the writer connection on the writer's queue, telling the readers after it,
    /// so that every read that starts once `body` has returned sees what it committed. Before
    /// `body`, when `CheckpointSchedule` says one is due, the idle readers end their transactions
    /// (a snapshot keeps the frames after it from being copied back), the writer checkpoints, then
    /// the snapshots taken meanwhile end too (they would keep `body`'s first write from starting
    /// the WAL over at its beginning). Only then: a commit appends to the WAL whatever snapshots
    /// readers hold, and ending them before every turn held the pool's lock, which the event loops'
    /// reads take, through a `COMMIT` on each idle reader ~250 times a second under load: the loop
    /// blocked 67–130 times a second on that lock or on the SQLite mutex those commits take, 2–4
    /// times once they went. Every use of the writer that may change the file goes through here.
    func onWriter<T>(_ body: (Connection) throws -> T) throws -> T {
        try onWriter(unsynced: false, body)
    }

    /// `onWriter`, with the writer's `synchronous` level set first: NORMAL when `unsynced`,
    /// FULL otherwise (`ConnectionBox.setUnsynced`).
    private func onWriter<T>(unsynced: Bool, _ body: (Connection) throws -> T) throws -> T {
        try writerQueue.sync {
            if writer.checkpoints.isDue {
                readers?.endIdleTransactions()
                writer.checkpoints.checkpoint()
                readers?.writerDidWrite()
                readers?.endIdleTransactions()
            }
            defer { readers?.writerDidWrite() }
            try writer.setUnsynced(unsynced)
            return try body(writer.connection)
        }
    }

    /// Runs `body` in one `BEGIN IMMEDIATE … COMMIT` transaction on the writer connection. When it
    /// returns, the change is committed and synced; if `body` throws, everything is rolled back and
    /// its error rethrown. Writes never nest: calling `write` inside `write` throws.
    public func write<T>(_ body: (Connection) throws -> T) throws -> T {
        if isOnWriterQueue {
            throw StoreError.misuse("Database.write called inside a write; use the connection you were given")
        }
        return try onWriter { try $0.immediateTransaction(body) }
    }

    /// `write` without the fsync at its commit: the transaction runs under `synchronous=NORMAL`,
    /// which the writer keeps until any other use of it, which goes back to `FULL` first (every
    /// other commit stays synced). Setting the level around each write cost two statements that
    /// SQLite prepares again at every run (~13k Ir, a third of a 40-entry journal batch's
    /// begin and commit); the journal writes batch after batch. The commit survives the process
    /// being killed (it is in the WAL, handed to the OS) and becomes durable at the next synced commit or checkpoint;
    /// an OS crash or power loss before then may lose it, never corrupt the file. For data that
    /// is written often and cheap to lose, the request journal's batches: their fsync per batch
    /// stalled the journal's writer behind a busy disk while answers queued up in memory.
    public func writeUnsynced<T>(_ body: (Connection) throws -> T) throws -> T {
        if isOnWriterQueue {
            throw StoreError.misuse("Database.writeUnsynced called inside a write; use the connection you were given")
        }
        return try onWriter(unsynced: true) { try $0.immediateTransaction(body) }
    }
}
