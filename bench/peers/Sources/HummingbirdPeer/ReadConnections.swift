import CSQLitePeer
import Foundation

/// Read-only connections to the benchmark's database, each with its statements prepared once
/// (as `serve` keeps a prepared statement per pooled read connection), lent out one at a time.
///
/// `@unchecked Sendable`: the idle list is only touched under `lock`, and a lent connection
/// belongs to one request until it is handed back.
final class ReadConnections: @unchecked Sendable {
    /// One open connection and the statements prepared on it, by SQL text.
    final class Connection {
        let handle: OpaquePointer
        private var statements: [String: OpaquePointer] = [:]

        init(handle: OpaquePointer) { self.handle = handle }

        /// The statement for `sql`, prepared on first use; reset and unbound when `body` returns.
        func withStatement<T>(_ sql: String, _ body: (OpaquePointer) -> T) -> T {
            let statement: OpaquePointer
            if let prepared = statements[sql] {
                statement = prepared
            } else {
                var prepared: OpaquePointer?
                guard sqlite3_prepare_v2(handle, sql, -1, &prepared, nil) == SQLITE_OK, let prepared else {
                    fatalError("cannot prepare \(sql): \(String(cString: sqlite3_errmsg(handle)))")
                }
                statements[sql] = prepared
                statement = prepared
            }
            defer {
                sqlite3_reset(statement)
                sqlite3_clear_bindings(statement)
            }
            return body(statement)
        }
    }

    private let lock = NSLock()
    private var idle: [Connection]

    init(path: String, count: Int = 4) {
        idle = (0..<count).map { _ in
            var handle: OpaquePointer?
            guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK,
                  let handle else { fatalError("cannot open \(path)") }
            return Connection(handle: handle)
        }
    }

    /// Runs `body` on a connection no other request is using.
    func withConnection<T>(_ body: (Connection) -> T) -> T {
        let connection = lock.withLock { idle.removeLast() }
        defer { lock.withLock { idle.append(connection) } }
        return body(connection)
    }
}

extension OpaquePointer {
    /// Column `index` of the current row as text (`""` for NULL).
    func text(_ index: Int32) -> String {
        sqlite3_column_text(self, index).map { String(cString: $0) } ?? ""
    }

    /// Column `index` of the current row as its raw bytes (JSON stored as text).
    func bytes(_ index: Int32) -> [UInt8] {
        guard let blob = sqlite3_column_blob(self, index) else { return [] }
        return Array(UnsafeRawBufferPointer(start: blob, count: Int(sqlite3_column_bytes(self, index))))
    }
}
