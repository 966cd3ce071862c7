import Synchronization

/// How many times the writers of one database file have finished a turn, shared by every
/// `Database` this process has open on the file, so that a reader of one sees what the writer of
/// another commits (`ReaderPool`). Other processes writing the file are not counted.
final class CommitCounter: Sendable {
    private let count = Atomic<UInt64>(0)

    /// The counters of the files open now, by SQLite's full path of the file; an entry whose
    /// counter is gone is dropped when another file opens.
    private static let open = Mutex<[String: WeakCounter]>([:])

    private struct WeakCounter {
        weak var counter: CommitCounter?
    }

    /// The counter of the file at `path` (SQLite's full path: one spelling per file), made on
    /// first use.
    static func forFile(_ path: String) -> CommitCounter {
        open.withLock { counters in
            if let counter = counters[path]?.counter { return counter }
            counters = counters.filter { $0.value.counter != nil }
            let counter = CommitCounter()
            counters[path] = WeakCounter(counter: counter)
            return counter
        }
    }

    /// The turns finished so far. Every commit of a turn that had finished is visible to a
    /// transaction that begins after this read.
    func load() -> UInt64 {
        count.load(ordering: .acquiring)
    }

    /// Counts one more finished turn, after its commit.
    func increment() {
        count.add(1, ordering: .releasing)
    }
}
