import Store
import Wire

/// Catalogue collocations as the official app's lists and details read them: the stored
/// CollocationCard (WIRE.md §2.0) with the viewer's `is_love` (an integer, GF
/// `bean/CollocationBean.java`) and a `like_count` (a string, as captured) that adds the likes
/// given here to the captured count.
enum YoufanCollocationCards {
    static func list(_ source: YoufanCollocationSource, page: YoufanPage, _ context: YoufanContext) throws -> YoufanAnswer {
        let arguments = context.arguments
        let selection: YoufanCollocationSelection
        switch source {
        case .all: selection = .all
        case let .author(parameter): selection = .author(arguments.text(parameter))
        case .callerPosts: selection = .author(try context.user())
        case let .wearing(parameter): selection = .wearing(arguments.text(parameter))
        case let .brand(parameter): selection = .brand(arguments.text(parameter))
        case let .tab(parameter):
            let name = arguments.text(parameter)
            selection = name.isEmpty ? .all : .tab(name)
        case let .topic(parameter, selected):
            let ids = try YoufanTopics.collocationIDs(topic: arguments.text(parameter), selected: selected, context.store)
            let shown = ids.dropFirst(min(page.offset, ids.count)).prefix(page.limit)
            let items = try context.store.collocations.collocations(.ids(Array(shown)), page: page).items
            return .list(try items.map { try card($0, context) }, total: ids.count)
        case .callerLikes, .likedBy:
            var liker: String?
            if case let .likedBy(parameter) = source, !arguments.text(parameter).isEmpty { liker = arguments.text(parameter) }
            let user = try liker ?? context.viewer() ?? context.user()
            let liked = try context.store.marks.targets(YoufanMark.collocationLike.rawValue, userID: user, page: page)
            let items = try context.store.collocations.collocations(.ids(liked.targets), page: page).items
            return .list(try items.map { try card($0, context) }, total: liked.total)
        }
        let found = try context.store.collocations.collocations(selection, page: page)
        return .list(try found.items.map { try card($0, context) }, total: found.total)
    }

    /// `Collocation/getCollocationDetails` — the card of `cid` (or `mbfun_id`).
    @Sendable static func detail(_ context: YoufanContext, _ id: String) throws -> JSON? {
        try context.store.collocations.collocation(id: id).map { try card($0, context) }
    }

    /// A stored card with the viewer's `is_love` and the moved `like_count`.
    static func card(_ stored: [UInt8], _ context: YoufanContext) throws -> JSON {
        guard case let .object(members) = try JSON.parse(stored) else { return .object([]) }
        let id = YoufanCapture.identifier(.object(members), "id") ?? ""
        let marks = context.store.marks
        let captured = YoufanCapture.identifier(.object(members), "like_count").map(PHPInteger.intval) ?? 0
        let likes = captured + (try marks.count(YoufanMark.collocationLike.rawValue, target: id))
        let loved = try context.viewer().map { try marks.isMarked(YoufanMark.collocationLike.rawValue, userID: $0, target: id) } ?? false
        return .object(members.filter { $0.key != "is_love" && $0.key != "like_count" }
            + [("is_love", .int(loved ? 1 : 0)), ("like_count", .string(String(likes)))])
    }
}
