import CaptureFormats
import Wire

/// Reading stored captures back as whole records: one by id for the admin API, the filtered
/// ones for exports, and every one for `POST /__admin/reset`, which offers them to the capture
/// mappers again.
extension CaptureRepository {
    /// The capture stored under `id`, nil when there is none.
    public func record(id: Int64) throws -> StoredRecord? {
        try database.read { db in
            try db.queryFirst("SELECT \(StoredRecord.columns) FROM captures WHERE id = ?", [.integer(id)])
                .map(StoredRecord.init(row:))
        }
    }

    /// The captures matching `filter`, in import order, read in one snapshot.
    public func records(matching filter: CaptureFilter = CaptureFilter()) throws -> [StoredRecord] {
        let (condition, bindings) = filter.whereClause
        return try database.read { db in
            try db.query("SELECT \(StoredRecord.columns) FROM captures WHERE \(condition) ORDER BY id", bindings)
                .map(StoredRecord.init(row:))
        }
    }

    /// Calls `body` with every stored record in import order, inside the caller's transaction,
    /// one row at a time as the statement steps: the captures (megabytes of answers) are never
    /// all in memory at once. `body` may write other tables through `connection`, not `captures`.
    public func forEachRecord(in connection: Connection, _ body: (CaptureRecord) throws -> Void) throws {
        let statement = try connection.statement(Self.everyRecord)
        try statement.bind([])
        defer { statement.reset() }
        while try statement.step() {
            try body(try CaptureRecord(row: statement.currentRow()))
        }
    }

    private static let everyRecord = "SELECT \(StoredRecord.columns) FROM captures ORDER BY id"

    /// Headers stored as `[["Name","value"],…]`; anything unreadable gives no headers.
    static func headers(fromText text: String?) -> HTTPHeaders {
        guard let text, let pairs = (try? JSON.parse(text))?.arrayValue else { return HTTPHeaders() }
        return HTTPHeaders(pairs.compactMap { pair in
            guard let items = pair.arrayValue, items.count == 2,
                  let name = items[0].stringValue, let value = items[1].stringValue else { return nil }
            return (name: name, value: value)
        })
    }

    /// Headers as they are stored: `[["Name","value"],…]`, in order, repeats kept.
    static func headerText(_ headers: HTTPHeaders) -> String {
        JSON.array(headers.map { JSON.array([.string($0.name), .string($0.value)]) }).encodedString()
    }
}
