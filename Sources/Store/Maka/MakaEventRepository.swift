/// Users' events: create, change, publish, and list one's own.
public struct MakaEventRepository: Sendable {
    /// The outcome of a change by a user to an event.
    public enum Outcome: Sendable, Equatable {
        case done(MakaEvent)
        case notFound
        /// The event belongs to someone else.
        case forbidden
    }

    /// The outcome of creating an event.
    public enum Creation: Sendable, Equatable {
        case created(MakaEvent)
        case templateNotFound
    }

    public let database: Database

    public init(database: Database) { self.database = database }

    /// Creates a draft. With a template, its pages (unless `draft.pages` is given) and its
    /// thumbnail (unless a cover is given) are copied in, and the template's use count grows.
    public func create(_ draft: MakaEventDraft, now: String = MakaTimestamp.now()) throws -> Creation {
        try database.write { connection in
            var pages = draft.pages ?? (json: "[]", count: 0)
            var cover = draft.firstImgUrl ?? ""
            if let templateId = draft.templateId {
                guard let template = try connection.queryFirst(
                    "SELECT pages, page_count, thumb FROM maka_templates WHERE id = ?", [.text(templateId)])
                else { return .templateNotFound }
                if draft.pages == nil, let json = try template.optionalString("pages") {
                    pages = (json: json, count: try template.int("page_count"))
                }
                if draft.firstImgUrl == nil { cover = try template.string("thumb") }
                try connection.execute("UPDATE maka_templates SET use_count = use_count + 1 WHERE id = ?",
                                       [.text(templateId)])
            }
            var code = MakaClientID.random(length: MakaClientID.eventLength)
            while try connection.queryFirst("SELECT 1 FROM maka_events WHERE code = ?", [.text(code)]) != nil {
                code = MakaClientID.random(length: MakaClientID.eventLength)
            }
            try connection.execute("""
                INSERT INTO maka_events (code, uid, title, content, first_img_url, template_id, tag_id, status, pages,
                                         page_count, create_time, update_time)
                VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)
                """, [.text(code), .integer(draft.uid), .text(draft.title), .text(draft.content ?? draft.title), .text(cover), draft.templateId.map(SQLValue.text) ?? .null,
                      Self.value(draft.tagId), .text(pages.json), .integer(Int64(pages.count)), .text(now), .text(now)])
            return .created(try Self.require(id: connection.lastInsertRowID, in: connection))
        }
    }

    /// One event, or nil.
    public func event(id: Int64) throws -> MakaEvent? {
        try database.read { try Self.event(id: id, in: $0) }
    }

    /// The event the clients call `code`, or nil.
    public func event(code: String) throws -> MakaEvent? {
        try database.read { connection in
            try connection.queryFirst("\(MakaEvent.selectSQL) WHERE e.code = ?", [.text(code)]).map(MakaEvent.init(row:))
        }
    }

    /// Applies a partial update by the owner. A published event's feed item follows at once.
    public func update(id: Int64, by uid: Int64, changes: MakaEventChanges,
                       now: String = MakaTimestamp.now()) throws -> Outcome {
        try database.write { connection in
            guard let event = try Self.event(id: id, in: connection) else { return .notFound }
            guard event.uid == uid else { return .forbidden }
            try Self.apply(changes, to: event, now: now, in: connection)
            return .done(try Self.require(id: id, in: connection))
        }
    }

    /// Publishes the owner's event: status published, `publishTime` now, on top of the public
    /// feed (and of its tag's) in the same transaction. `tagId`, when given, is set first.
    /// Publishing a published event keeps its place and time (only a new tag is applied).
    public func publish(id: Int64, by uid: Int64, tagId: Int64? = nil,
                        now: String = MakaTimestamp.now()) throws -> Outcome {
        try database.write { connection in
            guard let event = try Self.event(id: id, in: connection) else { return .notFound }
            guard event.uid == uid else { return .forbidden }
            if let tagId, tagId != event.tagId {
                try Self.apply(MakaEventChanges(tagId: tagId), to: event, now: now, in: connection)
            }
            if event.status == .draft {
                try connection.execute(
                    "UPDATE maka_events SET status = 1, publish_time = ?, update_time = ? WHERE id = ?",
                    [.text(now), .text(now), .integer(id)])
                try MakaPublicFeed.append(eventId: id, in: connection)
            }
            return .done(try Self.require(id: id, in: connection))
        }
    }

    private static func apply(_ changes: MakaEventChanges, to event: MakaEvent, now: String,
                              in connection: Connection) throws {
        var assignments: [String] = ["update_time = ?"]
        var values: [SQLValue] = [.text(now)]
        if let title = changes.title { assignments.append("title = ?"); values.append(.text(title)) }
        if let content = changes.content { assignments.append("content = ?"); values.append(.text(content)) }
        if let cover = changes.firstImgUrl { assignments.append("first_img_url = ?"); values.append(.text(cover)) }
        if let tagId = changes.tagId { assignments.append("tag_id = ?"); values.append(.integer(tagId)) }
        if let pages = changes.pages {
            assignments.append("pages = ?, page_count = ?")
            values += [.text(pages.json), .integer(Int64(pages.count))]
        }
        try connection.execute("UPDATE maka_events SET \(assignments.joined(separator: ", ")) WHERE id = ?",
                               values + [.integer(event.id)])
        guard event.status == .published else { return }
        if let tagId = changes.tagId, tagId != event.tagId {
            try MakaPublicFeed.retag(eventId: event.id, from: event.tagId, to: tagId, in: connection)
        }
        try MakaPublicFeed.refreshItem(eventId: event.id, in: connection)
    }

    /// A user's own events in every state, newest first, and how many there are.
    public func events(ofUser uid: Int64, offset: Int, limit: Int) throws -> (events: [MakaEvent], total: Int) {
        try database.read { connection in
            let total = try connection.queryFirst("SELECT count(*) FROM maka_events WHERE uid = ?",
                                                  [.integer(uid)])?.int(at: 0) ?? 0
            let rows = try connection.query("\(MakaEvent.selectSQL) WHERE e.uid = ? ORDER BY e.id DESC LIMIT ? OFFSET ?",
                                            [.integer(uid), .integer(Int64(limit)), .integer(Int64(offset))])
            return (try rows.map(MakaEvent.init(row:)), total)
        }
    }

    static func event(id: Int64, in connection: Connection) throws -> MakaEvent? {
        try connection.queryFirst("\(MakaEvent.selectSQL) WHERE e.id = ?", [.integer(id)]).map(MakaEvent.init(row:))
    }

    private static func require(id: Int64, in connection: Connection) throws -> MakaEvent {
        guard let event = try event(id: id, in: connection) else {
            throw StoreError.misuse("event \(id) vanished inside its own transaction")
        }
        return event
    }

    static func value(_ id: Int64?) -> SQLValue { id.map(SQLValue.integer) ?? .null }
}
