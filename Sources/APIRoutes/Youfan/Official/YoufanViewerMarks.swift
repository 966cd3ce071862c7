import Store
import Wire

/// The viewer's likes, follows and favourites on the clones' hand-written reads that the official
/// app calls too (`Collocation/getCollocationListByUserType`, `getCollocationDetailsV2`,
/// `Product/getProductDetails`, `ProductClsFilter`; WIRE.md §3.3), as the declared reads show
/// them. The viewer is the owner of the `token` sent; without a valid one the captured answer
/// goes out unchanged, byte for byte, as the clones' replays expect.
enum YoufanViewerMarks {
    /// A call context for the token's owner, nil when the call carries no valid token.
    static func context(_ store: YoufanStore, _ query: YoufanQuery) throws -> YoufanContext? {
        guard let token = query.optional("token"), let viewer = try store.accounts.userID(token: token) else { return nil }
        return YoufanContext(store: store, arguments: try YoufanArguments([], query: query), caller: viewer)
    }

    /// Stored collocation cards with the viewer's `is_love` and the moved `like_count`.
    static func cards(_ list: YoufanList, _ context: YoufanContext) throws -> JSON {
        .array(try (JSON.parse(list.json).arrayValue ?? []).map { try YoufanCollocationCards.card($0.encoded(), context) })
    }

    /// Whether the viewer keeps `code` among their favourites.
    static func isFavourite(_ code: String, _ context: YoufanContext) throws -> Bool {
        try context.store.marks.isMarked(YoufanMark.favourite.rawValue, userID: context.user(), target: code)
    }

    /// Whether the viewer follows `userID`.
    static func follows(_ userID: String, _ context: YoufanContext) throws -> Bool {
        try context.store.marks.isMarked(YoufanMark.follow.rawValue, userID: context.user(), target: userID)
    }

    /// `object` (parsed or raw) with the member `key` set to `value` (in place when present, else appended).
    static func setting(_ key: String, to value: JSON, in object: JSON) -> JSON {
        guard let members = object.objectValue else { return object }
        guard members.contains(where: { $0.key == key }) else { return .object(members + [(key, value)]) }
        return .object(members.map { $0.key == key ? (key, value) : $0 })
    }
}
