import CSQLite
import Foundation

/// When the writer connection checkpoints the WAL: at the start of the writer's turn, once idle
/// readers have ended their transactions, whenever the last commit left `frameInterval` frames or
/// more in it (`Database.onWriter`); SQLite's own checkpoint is off.
///
/// SQLite's own (`wal_autocheckpoint`) runs inside the commit, while readers that began during the
/// transaction still hold snapshots from before it; those snapshots keep it from copying the
/// commit's frames back, so the WAL was never copied back whole, never started over, and every
/// commit past 1,000 frames ran a checkpoint with its two `fdatasync`s: under load the WAL stayed
/// at ~9,000 frames, with a checkpoint about every other journal batch (462 `fdatasync`s in 3 s
/// at ~136k req/s). At the start of the next turn, every reader has long since moved past the last
/// commit: the checkpoint copies the whole WAL back, and the turn's first write starts it over.
/// If a reader still holds an old snapshot, the WAL stays past `frameInterval` and the next turn
/// tries again, which is what SQLite did at every commit.
///
/// Used only on the writer's queue. The frame count comes from SQLite's WAL hook, which this
/// schedule installs on the connection it is made for (turning SQLite's checkpoint off) and
/// removes when it goes.
final class CheckpointSchedule {
    /// Frames in the WAL that make a checkpoint due: SQLite's default `wal_autocheckpoint`.
    static let frameInterval: Int32 = 1000

    private let connection: Connection
    /// The frames in the WAL after the last commit, as the hook reports them (written by SQLite
    /// inside the commit, on the writer's queue).
    private let framesInWAL: UnsafeMutablePointer<Int32>

    init(connection: Connection) {
        self.connection = connection
        framesInWAL = .allocate(capacity: 1)
        framesInWAL.initialize(to: 0)
        sqlite3_wal_hook(connection.handle, { context, _, schema, frames in
            if let context, let schema, strcmp(schema, "main") == 0 {
                context.assumingMemoryBound(to: Int32.self).pointee = frames
            }
            return SQLITE_OK
        }, framesInWAL)
    }

    deinit {
        sqlite3_wal_hook(connection.handle, nil, nil)
        framesInWAL.deallocate()
    }

    /// Whether the last commit left `frameInterval` frames or more in the WAL.
    var isDue: Bool { framesInWAL.pointee >= Self.frameInterval }

    /// Copies back into the database file every frame no reader's snapshot still needs, without
    /// waiting for readers or writers (`SQLITE_CHECKPOINT_PASSIVE`). A checkpoint that could not
    /// run (another process checkpointing) is tried again at the next turn.
    func checkpoint() {
        _ = sqlite3_wal_checkpoint_v2(connection.handle, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
    }
}
