/// One object a user owns in the official app's state: a cart line, an order, a return, a
/// comment, an address, a message. `target` is what it is about (a barcode, an order, the
/// commented collocation), `state` where it stands in its workflow, `body` its JSON text.
public struct YoufanUserObject: Sendable, Equatable {
    public let id: Int64
    public let collection: String
    public let userID: String
    public let target: String
    public let state: String
    public let body: [UInt8]
    /// When it was stored, `yyyy-MM-dd HH:mm:ss` as the app's dates are written.
    public let created: String

    init(_ row: Row) throws {
        id = try row.int64("id")
        collection = try row.string("collection")
        userID = try row.string("user_id")
        target = try row.string("target")
        state = try row.string("state")
        body = Array(try row.string("body").utf8)
        created = try row.string("created")
    }
}
