/// Holds the writer connection so it can be stored in the `Sendable` `Database`.
///
/// `@unchecked Sendable` is sound because the connection is only ever touched by one thread at a
/// time: the box is used only on the database's serial writer queue.
final class ConnectionBox: @unchecked Sendable {
    let connection: Connection

    init(_ connection: Connection) {
        self.connection = connection
    }
}
