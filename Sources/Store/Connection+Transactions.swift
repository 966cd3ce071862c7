/// Transactions on one connection. `Database.write` uses `immediateTransaction` (a reader's
/// transaction is `ReaderPool.Reader`'s); repositories use `savepoint` for a step that may fail
/// without failing the whole write.
extension Connection {
    /// Runs `body` in `BEGIN IMMEDIATE … COMMIT`: the write lock is taken up front, so a writer
    /// never hits the unrecoverable BUSY of a deferred transaction upgrading to a write.
    /// On error the transaction is rolled back and the first error is rethrown.
    func immediateTransaction<T>(_ body: (Connection) throws -> T) throws -> T {
        try transaction(begin: "BEGIN IMMEDIATE", body)
    }

    /// Runs `body` in a savepoint: if it throws, only its own changes are undone, and the error
    /// is rethrown for the caller to handle.
    public func savepoint<T>(_ body: (Connection) throws -> T) throws -> T {
        try execute("SAVEPOINT store_step")
        do {
            let value = try body(self)
            try execute("RELEASE store_step")
            return value
        } catch {
            try? execute("ROLLBACK TO store_step")
            try? execute("RELEASE store_step")
            throw error
        }
    }

    /// `begin`, `body`, `COMMIT`; on any error a rollback, and the first error rethrown.
    private func transaction<T>(begin: String, _ body: (Connection) throws -> T) throws -> T {
        guard !isInTransaction else {
            throw StoreError.misuse("a transaction is already open on this connection")
        }
        try execute(begin)
        let value: T
        do {
            value = try body(self)
            try execute("COMMIT")
        } catch {
            rollbackKeepingError()
            throw error
        }
        return value
    }

    /// Rolls back whatever is open; a failure here must not hide the error that caused it.
    private func rollbackKeepingError() {
        if isInTransaction {
            try? executeScript("ROLLBACK")
        }
    }
}
