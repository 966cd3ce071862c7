import CSQLitePeer
import Foundation

/// Reads a Maka user from the benchmark's database the way `serve` does (one indexed point
/// query per request, a statement prepared once per pooled read-only connection) and renders
/// the same envelope.
///
/// `@unchecked Sendable`: the connection pool is only touched under `lock`.
final class UserStore: @unchecked Sendable {
    private let lock = NSLock()
    /// Connections with their prepared statement.
    private var pool: [(connection: OpaquePointer, statement: OpaquePointer)]
    private static let sql =
        "SELECT uid, nickname, avatar, gender, city, signature, create_time FROM maka_users WHERE uid = ?"

    init(path: String, connections: Int = 4) {
        pool = (0..<connections).map { _ in
            var handle: OpaquePointer?
            var statement: OpaquePointer?
            guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK,
                  let handle, sqlite3_prepare_v2(handle, UserStore.sql, -1, &statement, nil) == SQLITE_OK,
                  let statement else { fatalError("cannot open \(path)") }
            return (handle, statement)
        }
    }

    /// `{"code":200,"msg":"ok","data":{…}}` for the user, or nil when there is none.
    func userJSON(uid: Int) -> [UInt8]? {
        let entry = lock.withLock { pool.removeLast() }
        defer { lock.withLock { pool.append(entry) } }
        let statement = entry.statement
        defer { sqlite3_reset(statement) }
        sqlite3_bind_int64(statement, 1, Int64(uid))
        guard sqlite3_step(statement) == SQLITE_ROW else { return nil }
        func text(_ column: Int32) -> String {
            sqlite3_column_text(statement, column).map { String(cString: $0) } ?? ""
        }
        func quoted(_ value: String) -> String {
            "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        let json = #"{"code":200,"msg":"ok","data":{"uid":\#(sqlite3_column_int64(statement, 0)),"nickname":\#(quoted(text(1))),"avatar":\#(quoted(text(2))),"gender":\#(sqlite3_column_int64(statement, 3)),"city":\#(quoted(text(4))),"signature":\#(quoted(text(5))),"createTime":\#(quoted(text(6)))}}"#
        return Array(json.utf8)
    }
}
