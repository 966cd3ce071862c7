extension ReaderPool {
    /// A reader connection and the read transaction it keeps open between reads.
    ///
    /// Opening a WAL snapshot (the read lock, the wal-index header check) and closing it cost
    /// SQLite about 2.7k instructions around every statement run outside a transaction, more than
    /// the statement itself on a point read. A reader keeps its transaction, and so its snapshot,
    /// for as long as the writer commits nothing: the next read runs in it at no cost. It records
    /// the writer's commit count read before its `BEGIN`; every commit counted by then is in the
    /// snapshot (the snapshot is taken later, at the first statement), and a read that finds the
    /// count moved on ends the transaction and begins another.
    struct Reader {
        let connection: Connection
        /// The writer's commit count read before the open transaction began; nil when none is open.
        private var transactionCommits: UInt64?

        init(connection: Connection) {
            self.connection = connection
        }

        /// Whether the reader holds a transaction (and so, once it has read, a snapshot).
        var holdsTransaction: Bool { transactionCommits != nil }

        /// Runs `body` in a transaction that began when the writer's commit count was `commits`,
        /// beginning one if needed. A failed read ends the transaction (SQLite may have ended it
        /// already); so does a body that ended it itself.
        mutating func read<T>(afterCommits commits: UInt64, _ body: (Connection) throws -> T) throws -> T {
            endTransaction(ifOlderThan: commits)
            if transactionCommits == nil {
                try connection.execute("BEGIN DEFERRED")
                transactionCommits = commits
            }
            do {
                let value = try body(connection)
                if !connection.isInTransaction { transactionCommits = nil }
                return value
            } catch {
                endTransaction()
                throw error
            }
        }

        /// Ends the transaction if it began before the writer's commit count reached `commits`.
        mutating func endTransaction(ifOlderThan commits: UInt64) {
            if let began = transactionCommits, began != commits { endTransaction() }
        }

        /// Ends the transaction, if one is open. A read transaction has nothing to commit: its end
        /// cannot fail but for a statement still stepping, which `ROLLBACK` stops.
        mutating func endTransaction() {
            transactionCommits = nil
            guard connection.isInTransaction else { return }
            if (try? connection.execute("COMMIT")) == nil, connection.isInTransaction {
                try? connection.executeScript("ROLLBACK")
            }
        }
    }
}
