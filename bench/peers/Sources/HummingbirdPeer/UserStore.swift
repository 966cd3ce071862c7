import CSQLitePeer

/// Reads a Maka user from the benchmark's database the way `serve` does (one indexed point
/// query per request on a pooled read-only connection) and renders the same envelope with the
/// same members (the public view of docs/api.md's User).
struct UserStore: Sendable {
    let connections: ReadConnections

    private static let sql = """
        SELECT uid, username, nickname, avatar, company, province, city, industry, level, template_number,
               create_time FROM maka_users WHERE uid = ?
        """

    /// `{"code":200,"msg":"ok","data":{…}}` for the user, or nil when there is none.
    func userJSON(uid: Int) -> [UInt8]? {
        connections.withConnection { connection in
            connection.withStatement(Self.sql) { statement -> [UInt8]? in
                sqlite3_bind_int64(statement, 1, Int64(uid))
                guard sqlite3_step(statement) == SQLITE_ROW else { return nil }
                let q = { (column: Int32) in JSONText.quoted(statement.text(column)) }
                let json = #"{"code":200,"msg":"ok","data":{"uid":\#(sqlite3_column_int64(statement, 0)),"username":\#(q(1)),"nickname":\#(q(2)),"thumb":\#(q(3)),"company":\#(q(4)),"province":\#(q(5)),"city":\#(q(6)),"industry":\#(q(7)),"level":\#(sqlite3_column_int64(statement, 8)),"templateNumber":\#(sqlite3_column_int64(statement, 9)),"createTime":\#(q(10))}}"#
                return Array(json.utf8)
            }
        }
    }
}
