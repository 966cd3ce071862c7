import Foundation

/// Holds a connection so it can be stored in the `Sendable` `Database`.
///
/// `@unchecked Sendable` is sound because the connection is only ever touched by one thread at a
/// time: the writer's box is used only on the database's serial writer queue, and a reader's box
/// only by the thread that checked it out of `ReaderPool` (whose free list is guarded by a lock).
final class ConnectionBox: @unchecked Sendable {
    let connection: Connection

    init(_ connection: Connection) {
        self.connection = connection
    }
}

/// A fixed-size pool of read-only connections for concurrent WAL reads, opened lazily.
final class ReaderPool: @unchecked Sendable {
    // `lock` guards `idle`; `slots` bounds how many readers are checked out (and so opened).
    private let lock = NSLock()
    private let slots: DispatchSemaphore
    private var idle: [ConnectionBox] = []
    private let open: @Sendable () throws -> Connection

    init(size: Int, open: @escaping @Sendable () throws -> Connection) {
        self.slots = DispatchSemaphore(value: size)
        self.open = open
    }

    /// Checks a reader out (waiting if all are busy), runs `body` on it, and checks it back in.
    func withReader<T>(_ body: (Connection) throws -> T) throws -> T {
        slots.wait()
        defer { slots.signal() }
        let box = try checkOut()
        defer { checkIn(box) }
        return try body(box.connection)
    }

    private func checkOut() throws -> ConnectionBox {
        lock.lock()
        let box = idle.popLast()
        lock.unlock()
        return try box ?? ConnectionBox(open())
    }

    private func checkIn(_ box: ConnectionBox) {
        lock.lock()
        idle.append(box)
        lock.unlock()
    }
}
