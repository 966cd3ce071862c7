import Store
import Wire

/// Chat messages and system notices of the official app (WIRE.md §3.2 Message; MB
/// `Unico/SChat/Chat/SChatController.m`, `SChatListController.m`, `SChatListModel.m`). A chat
/// message is kept twice, once for each side, about the other user, so each side reads and
/// deletes its own copy; the recipient's copy is `unread` until they open the conversation. A
/// notice (`mail`) is the caller's own, about its `type`, `unread` until listed.
enum YoufanMessages {
    static let unreadState = "unread"
    static let readState = "read"
    /// The notice type of the mock's order notices (the app's system messages).
    static let systemType = "1"

    private static let everything = YoufanPage(index: 0, size: Int.max)

    /// `Message/addMessageInfo` — `toUserId`, `messageInfo`. `data` passes the message back.
    @Sendable static func send(_ context: YoufanContext) throws -> YoufanAnswer {
        let user = try context.user()
        let arguments = context.arguments
        let recipient = arguments.text("toUserId")
        guard recipient != user else { throw YoufanFailure.notFound("不能给自己发私信") }
        guard try context.store.accounts.profile(userID: recipient) != nil else { throw YoufanFailure.unknownUser }
        let body = JSON.object([("user_id", .string(user)), ("to_user_id", .string(recipient)),
                                ("message", .string(YoufanText.escaped(arguments.text("messageInfo"))))]).encoded()
        let id = try context.store.objects.database.write { connection in
            _ = try YoufanUserObjectRepository.insert(YoufanCollection.message.rawValue, userID: recipient, target: user,
                                                      state: unreadState, body: body, in: connection)
            return try YoufanUserObjectRepository.insert(YoufanCollection.message.rawValue, userID: user, target: recipient,
                                                         state: readState, body: body, in: connection)
        }
        guard let stored = try context.store.objects.object(YoufanCollection.message.rawValue, id: id) else {
            throw YoufanFailure.notFound("\(id)")
        }
        return YoufanAnswer(data: try message(stored), total: 1)
    }

    /// `Message/getMessageList` — one page of the conversation with `toUserId`, newest first;
    /// reading it marks the caller's copies read.
    @Sendable static func conversation(_ context: YoufanContext) throws -> YoufanAnswer {
        let user = try context.user()
        let objects = context.store.objects
        let found = try objects.objects(YoufanCollection.message.rawValue, userID: user,
                                        target: context.arguments.text("toUserId"),
                                        page: YoufanPagingRule.php.page(context.arguments.query))
        try objects.database.write { connection in
            for stored in found.objects where stored.state == unreadState {
                try YoufanUserObjectRepository.update(id: stored.id, state: readState, body: stored.body, in: connection)
            }
        }
        return .list(try found.objects.map(message), total: found.total)
    }

    /// `Message/getMessageUserList` — one page of the caller's conversations (`SChatListModel`),
    /// the latest first, each with its last message and unread count.
    @Sendable static func conversations(_ context: YoufanContext) throws -> YoufanAnswer {
        let user = try context.user()
        let all = try context.store.objects.objects(YoufanCollection.message.rawValue, userID: user, page: everything).objects
        var partners: [String] = []
        var latest: [String: YoufanUserObject] = [:]
        var unread: [String: Int] = [:]
        for stored in all {
            if latest[stored.target] == nil { partners.append(stored.target); latest[stored.target] = stored }
            if stored.state == unreadState { unread[stored.target, default: 0] += 1 }
        }
        let page = YoufanPagingRule.php.page(context.arguments.query)
        let shown = partners.dropFirst(min(page.offset, partners.count)).prefix(page.limit)
        let rows = try shown.compactMap { partner -> JSON? in
            guard let last = latest[partner] else { return nil }
            let person = try YoufanComments.person(partner, context.store)
            let count = unread[partner] ?? 0
            return .object([
                ("user_id", .string(partner)), ("nick_name", person["nick_name"] ?? ""), ("head_img", person["head_img"] ?? ""),
                ("head_v_type", "0"), ("message", try JSON.parse(last.body)["message"] ?? ""),
                ("create_time", .string(last.created)), ("un_read_num", .int(count)), ("img_url", ""), ("voice_url", ""),
                ("is_read", .int(count == 0 ? 1 : 0)),
            ])
        }
        return .list(rows, total: partners.count)
    }

    /// `Message/getMailList` — one page of the caller's notices of `type` (empty or 0: all),
    /// newest first (`SChatSystemListModel`); listing them marks them read.
    @Sendable static func mails(_ context: YoufanContext) throws -> YoufanAnswer {
        let user = try context.user()
        let type = context.arguments.text("type")
        let objects = context.store.objects
        let found = try objects.objects(YoufanCollection.mail.rawValue, userID: user,
                                        target: type.isEmpty || type == "0" ? nil : type,
                                        page: YoufanPagingRule.php.page(context.arguments.query))
        try objects.database.write { connection in
            for stored in found.objects where stored.state == unreadState {
                try YoufanUserObjectRepository.update(id: stored.id, state: readState, body: stored.body, in: connection)
            }
        }
        let rows = try found.objects.map { stored -> JSON in
            let body = try JSON.parse(stored.body)
            return .object([
                ("id", .string(String(stored.id))), ("type", .string(stored.target)), ("title", body["title"] ?? ""),
                ("message", body["message"] ?? ""), ("img", ""), ("jump_id", body["jump_id"] ?? ""),
                ("is_read", .int(stored.state == unreadState ? 0 : 1)), ("create_time", .string(stored.created)),
                ("create_user_id", "0"), ("banner", .object([])), ("create_user", .object([])),
            ])
        }
        return .list(rows, total: found.total)
    }

    /// `Message/getMessageDetaisV2` — the caller's unread counts (ints) and the message page's
    /// (empty) banner.
    @Sendable static func summary(_ context: YoufanContext) throws -> YoufanAnswer {
        let user = try context.user()
        let counts = try unread(user, context)
        let data = JSON.object([
            ("count", .object([("all_count", .int(counts.total)), ("comment_count", 0), ("like_count", 0),
                               ("mess_count", .int(counts.messages)), ("sys_count", .int(counts.mails))])),
            ("banner", .object([("1020", .array([]))])),
        ])
        return YoufanAnswer(data: data, total: 1)
    }

    /// `Home/getHomeDeatDetails` — the home screen's message badge: `messCount` (int) = the
    /// caller's unread chat messages and notices (MB `Unico/SData/SDataCache.m`).
    @Sendable static func homeBadge(_ context: YoufanContext) throws -> YoufanAnswer {
        let counts = try unread(try context.user(), context)
        return YoufanAnswer(data: .object([("messCount", .int(counts.total))]), total: 1)
    }

    /// `Message/clearMessageWithUser` (`toUserId`) and `Message/deMessageByUserId` (`userId`):
    /// removes the caller's copy of the conversation with that user.
    static func clear(_ parameter: String) -> YoufanCustomRun {
        { context in
            guard let user = try context.viewer() else { throw YoufanFailure.signInRequired }
            let found = try context.store.objects.objects(YoufanCollection.message.rawValue, userID: user,
                                                          target: context.arguments.text(parameter), page: everything)
            try context.store.objects.database.write { connection in
                for stored in found.objects { try YoufanUserObjectRepository.delete(id: stored.id, in: connection) }
            }
            return .done
        }
    }

    /// The caller's unread chat messages and notices.
    static func unread(_ user: String, _ context: YoufanContext) throws -> (messages: Int, mails: Int, total: Int) {
        let one = YoufanPage(index: 0, size: 1)
        let objects = context.store.objects
        let messages = try objects.objects(YoufanCollection.message.rawValue, userID: user, states: [unreadState], page: one).total
        let mails = try objects.objects(YoufanCollection.mail.rawValue, userID: user, states: [unreadState], page: one).total
        return (messages, mails, messages + mails)
    }

    /// Adds an unread notice for `user`, inside the caller's write (an order's events).
    static func notify(_ user: String, title: String, message: String, jumpID: String, in connection: Connection) throws {
        let body = JSON.object([("title", .string(title)), ("message", .string(message)), ("jump_id", .string(jumpID))])
        _ = try YoufanUserObjectRepository.insert(YoufanCollection.mail.rawValue, userID: user, target: systemType,
                                                  state: unreadState, body: body.encoded(), in: connection)
    }

    private static func message(_ stored: YoufanUserObject) throws -> JSON {
        let body = try JSON.parse(stored.body)
        return .object([
            ("id", .string(String(stored.id))), ("user_id", body["user_id"] ?? ""), ("to_user_id", body["to_user_id"] ?? ""),
            ("message", body["message"] ?? ""), ("create_time", .string(stored.created)),
            ("is_read", .int(stored.state == unreadState ? 0 : 1)),
        ])
    }
}
