import Dispatch
import Foundation

/// A fixed-size pool of read-only connections for concurrent WAL reads, opened lazily, whose
/// readers keep their read transaction from one read to the next while the writer commits
/// nothing (see `Reader`).
///
/// The writer tells the pool about each of its turns: `endIdleTransactions` around a checkpoint
/// (so that no idle reader's snapshot keeps the WAL from being copied back and started over) and
/// `writerDidWrite` after (the commit count moves on, so every later read starts from a snapshot
/// that holds the write). The count is the file's (`CommitCounter`): the writers of every
/// `Database` this process has open on the file move it. Another process writing the file is not
/// seen by a reader until this process writes too.
final class ReaderPool: @unchecked Sendable {
    // `lock` guards `idle`; `slots` bounds how many readers are checked out (and so opened).
    private let lock = NSLock()
    private let slots: DispatchSemaphore
    /// The readers not checked out. Behind a pointer rather than a stored `var`: a class's stored
    /// property is checked for exclusive access at run time on every access, and `lock` already
    /// makes the accesses exclusive.
    private let idle: UnsafeMutablePointer<[Reader]>
    /// The file's writers' turns so far. A reader whose transaction began at this count sees
    /// every commit a finished turn made.
    private let commits: CommitCounter
    private let open: @Sendable () throws -> Connection

    init(size: Int, commits: CommitCounter, open: @escaping @Sendable () throws -> Connection) {
        self.slots = DispatchSemaphore(value: size)
        self.commits = commits
        self.open = open
        self.idle = .allocate(capacity: 1)
        idle.initialize(to: [])
        idle.pointee.reserveCapacity(size)
    }

    deinit {
        idle.deinitialize(count: 1)
        idle.deallocate()
    }

    /// Checks a reader out (waiting if all are busy), runs `body` on it inside a read
    /// transaction that began after the writer's last finished turn, and checks it back in.
    func withReader<T>(_ body: (Connection) throws -> T) throws -> T {
        slots.wait()
        defer { slots.signal() }
        var reader = try checkOut()
        defer { checkIn(reader) }
        return try reader.read(afterCommits: commits.load(), body)
    }

    /// Ends the transactions of the idle readers. Called on the writer's queue before and after
    /// it checkpoints: a reader's snapshot keeps the WAL frames written after it from
    /// being checkpointed, and the WAL from starting over at its beginning. This pool's readers
    /// only: those of another `Database` open on the same file (tests do that) end theirs at their
    /// next read.
    func endIdleTransactions() {
        lock.lock()
        defer { lock.unlock() }
        for index in idle.pointee.indices where idle.pointee[index].holdsTransaction {
            idle.pointee[index].endTransaction()
        }
    }

    /// Counts a finished turn of the writer (committed, rolled back or not a transaction at all:
    /// one more than needed costs a reader one new snapshot), or a checkpoint: every reader ends
    /// the transaction it holds at its next check-in or check-out. Called on the writer's queue
    /// after the turn and before it returns, so a read that starts once the write has returned
    /// sees it; and after a checkpoint, since a snapshot taken before it ended keeps the next
    /// write from starting the WAL over, while one taken after it reads nothing of the WAL.
    func writerDidWrite() {
        commits.increment()
    }

    private func checkOut() throws -> Reader {
        lock.lock()
        let reader = idle.pointee.popLast()
        lock.unlock()
        return try reader ?? Reader(connection: open())
    }

    /// Puts the reader back, its transaction ended first if the writer committed since it began.
    private func checkIn(_ reader: Reader) {
        var reader = reader
        reader.endTransaction(ifOlderThan: commits.load())
        lock.lock()
        idle.pointee.append(reader)
        lock.unlock()
    }
}
