/// Holds the writer connection so it can be stored in the `Sendable` `Database`.
///
/// `@unchecked Sendable` is sound because the connection is only ever touched by one thread at a
/// time: the box is used only on the database's serial writer queue.
final class ConnectionBox: @unchecked Sendable {
    let connection: Connection
    /// When the writer checkpoints the WAL.
    let checkpoints: CheckpointSchedule
    /// Whether the connection runs under `synchronous=NORMAL` (`Database.writeUnsynced`) rather
    /// than the `FULL` it was opened with.
    private var isUnsynced = false

    init(_ connection: Connection) {
        self.connection = connection
        checkpoints = CheckpointSchedule(connection: connection)
    }

    /// Sets the connection's `synchronous` level to NORMAL when `unsynced`, to FULL otherwise,
    /// unless it is so already. Outside a transaction only (SQLite refuses the change inside one).
    func setUnsynced(_ unsynced: Bool) throws {
        guard unsynced != isUnsynced else { return }
        try connection.execute(unsynced ? "PRAGMA synchronous=NORMAL" : "PRAGMA synchronous=FULL")
        isUnsynced = unsynced
    }
}
