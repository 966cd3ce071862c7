import Store
import Wire

/// The official app's topic screens (WIRE.md §3.2 Topic; MB `Unico/STopic/STopicDetailViewController.m`,
/// `Unico/SMainView/SMyTopicViewController.m`, `SCollocationLoversController.m`).
///
/// Hand-written: a topic is no stored object but an inspiration special with four stylist
/// collocations (`YoufanActions.topics`, as `Topic/getTopicList` answers), so no generic
/// operation can find one. The app writes no topic state of its own: a user takes part in a
/// topic by liking one of its collocations (`Collocation/likeCollocation`), and "my topics" are
/// the topics of the collocations the caller likes, in the order of the likes.
enum YoufanTopics {
    /// `getCollocationListForSelectTopic` (the detail screen's first tab, 精选) lists the first
    /// two of a topic's collocations.
    static let selectedPerTopic = 2
    /// More than the seeded specials, so that one page holds every topic.
    private static let everyTopic = YoufanPage(index: 0, size: 10_000)

    /// `Topic/getTopicRandomList` — `page` from 0, `num` a page: topics as `getTopicList` lists them.
    @Sendable static func randomList(_ context: YoufanContext) throws -> YoufanAnswer {
        let page = YoufanPagingRule.php.page(context.arguments.query)
        let items = try YoufanActions.topics(context.store, page: page)
        return .list(items, total: try context.store.specials.listing(tabID: nil, page: page).total)
    }

    /// `Topic/getTopicLayout` — one `SDiscoveryFlexibleModel` section (type 15) of the first topics.
    @Sendable static func layout(_ context: YoufanContext) throws -> YoufanAnswer {
        let items = try YoufanActions.topics(context.store, page: YoufanPage(index: 0, size: 10))
        return YoufanAnswer(data: .array([YoufanActions.section("15", "热门话题", items)]), total: 1)
    }

    /// `Topic/getTopicDetails` — `StopicDetailModel`: counts are numbers, `partUserList` the
    /// participants as `SBrandStoryUserModel`; an unknown `tid` is the app's parameter error.
    @Sendable static func details(_ context: YoufanContext) throws -> YoufanAnswer {
        let topic = try named(context.arguments.text("tid"), context.store)
        let people = try participants(topic, context)
        let ids = collocationIDs(topic)
        return YoufanAnswer(data: .object([
            ("id", topic["id"] ?? ""), ("name", topic["name"] ?? ""), ("info", topic["info"] ?? ""),
            ("img", topic["img"] ?? ""), ("big_img", topic["img"] ?? ""), ("create_time", topic["create_time"] ?? ""),
            ("look_num", topic["look_num"] ?? 0), ("allNum", .int(Int64(ids.count))),
            ("selectNum", .int(Int64(min(ids.count, selectedPerTopic)))), ("partUserCount", .int(Int64(people.count))),
            ("partUserList", .array(people.prefix(10).map { person in
                .object([("user_id", .string(person.userID)), ("nick_name", .string(person.nickName)),
                         ("head_img", .string(person.headImage)), ("head_v_type", 0)])
            })),
        ]), total: 1)
    }

    /// `Topic/getPartTopicUserList` — `tid`, `page` from 0: the participants as
    /// `MBOtherUserInfoModel`, the collocations' authors first, then who liked them here.
    @Sendable static func participantList(_ context: YoufanContext) throws -> YoufanAnswer {
        let topic = try named(context.arguments.text("tid"), context.store)
        let people = try participants(topic, context)
        let page = YoufanPagingRule.php.page(context.arguments.query)
        return .list(try people.window(page).map { person in
            guard case let .object(members) = try YoufanCatalogueRows.user(person.userID, context) else { return .object([]) }
            return .object(members.map { member in
                switch member.key {
                case "nickName": (member.key, .string(person.nickName))
                case "headPortrait": (member.key, .string(person.headImage))
                default: member
                }
            })
        }, total: people.count)
    }

    /// `Topic/getMyTopic` (also sent as `MyTopic`) — `SMyTopicHeadModel`: digit strings, the
    /// caller's profile as `userInfo`.
    @Sendable static func mine(_ context: YoufanContext) throws -> YoufanAnswer {
        let user = try context.user()
        let taken = try takenPart(user, context.store)
        let likes = try taken.collocations.reduce(0) { sum, id in
            sum + (try context.store.marks.count(YoufanMark.collocationLike.rawValue, target: id))
        }
        let comments = try context.store.objects.objects(YoufanCollection.comment.rawValue, userID: user,
                                                         page: YoufanPage(index: 0, size: 1)).total
        let profile = try context.store.accounts.profile(userID: user).map { try JSON.parse($0) } ?? .object([])
        return YoufanAnswer(data: .object([
            ("collCount", .string(String(taken.collocations.count))), ("commentCount", .string(String(comments))),
            ("likeCount", .string(String(likes))), ("topicCount", .string(String(taken.topics.count))),
            ("userInfo", .object([
                ("user_id", .string(user)), ("nick_name", profile["nick_name"] ?? ""), ("head_img", profile["head_img"] ?? ""),
                ("head_v_type", .string(profile["head_v_type"]?.stringValue ?? "0")), ("back_img", profile["back_img"] ?? ""),
            ])),
        ]), total: 1)
    }

    /// `Topic/getMyTopicList` — `page` from 0: the topics the caller takes part in, as `getTopicList` lists them.
    @Sendable static func myTopics(_ context: YoufanContext) throws -> YoufanAnswer {
        let taken = try takenPart(context.user(), context.store)
        return .list(taken.topics.window(YoufanPagingRule.php.page(context.arguments.query)), total: taken.topics.count)
    }

    /// `Topic/getMyCollocationListForTopic` — `page` from 0: the topic collocations the caller
    /// likes, newest like first, as CollocationCards (`SMyTopicPicModel`).
    @Sendable static func myCollocations(_ context: YoufanContext) throws -> YoufanAnswer {
        let taken = try takenPart(context.user(), context.store)
        let ids = taken.collocations.window(YoufanPagingRule.php.page(context.arguments.query))
        let items = try context.store.collocations.collocations(.ids(ids), page: YoufanPage(index: 0, size: ids.count)).items
        return .list(try items.map { try YoufanCollocationCards.card($0, context) }, total: taken.collocations.count)
    }

    /// The collocation ids of topic `id` (all, or the selected ones); the app's parameter error
    /// for a topic that does not exist.
    static func collocationIDs(topic id: String, selected: Bool, _ store: YoufanStore) throws -> [String] {
        let ids = collocationIDs(try named(id, store))
        return selected ? Array(ids.prefix(selectedPerTopic)) : ids
    }

    /// The topic `id` names; the app's parameter error when none does.
    static func named(_ id: String, _ store: YoufanStore) throws -> JSON {
        guard !id.isEmpty else { throw YoufanFailure.missing("tid") }
        guard let topic = try YoufanActions.topics(store, page: everyTopic).first(where: { $0["id"]?.stringValue == id }) else {
            throw YoufanFailure.notFound("tid=\(id) 不存在")
        }
        return topic
    }

    private static func collocationIDs(_ topic: JSON) -> [String] {
        (topic["collocation_list"]?.arrayValue ?? []).compactMap { YoufanCapture.identifier($0, "id") }
    }

    /// A topic's participants: its collocations' authors, then the users who liked them here.
    private static func participants(_ topic: JSON, _ context: YoufanContext) throws -> [YoufanTopicParticipant] {
        var people: [YoufanTopicParticipant] = []
        let ids = collocationIDs(topic)
        for card in try context.store.collocations.collocations(.ids(ids), page: YoufanPage(index: 0, size: ids.count)).items {
            let card = try JSON.parse(card)
            guard let user = YoufanCapture.identifier(card, "user_id"), !people.contains(where: { $0.userID == user }) else { continue }
            people.append(YoufanTopicParticipant(userID: user, nickName: card["nick_name"]?.stringValue ?? "",
                                                 headImage: card["head_img"]?.stringValue ?? ""))
        }
        for id in ids {
            let likers = try context.store.marks.markers(YoufanMark.collocationLike.rawValue, target: id, page: everyTopic).users
            for user in likers where !people.contains(where: { $0.userID == user }) {
                let person = try YoufanComments.person(user, context.store)
                people.append(YoufanTopicParticipant(userID: user, nickName: person["nick_name"]?.stringValue ?? "",
                                                     headImage: person["head_img"]?.stringValue ?? ""))
            }
        }
        return people
    }

    /// The topics a user takes part in and the topic collocations they like, newest like first.
    private static func takenPart(_ user: String, _ store: YoufanStore) throws -> (topics: [JSON], collocations: [String]) {
        let liked = try store.marks.targets(YoufanMark.collocationLike.rawValue, userID: user, page: everyTopic).targets
        let topics = try YoufanActions.topics(store, page: everyTopic)
        let inTopics = Set(topics.flatMap(collocationIDs))
        let collocations = liked.filter(inTopics.contains)
        let chosen = Set(collocations)
        return (topics.filter { !Set(collocationIDs($0)).isDisjoint(with: chosen) }, collocations)
    }
}
