/// An event (a "work", 作品): an H5 page set a user makes, then publishes.
public struct MakaEvent: Sendable, Equatable {
    /// Draft or published; published events are listed in `/app/publicEvents`.
    public enum Status: Int, Sendable {
        case draft = 0
        case published = 1
    }

    /// The row id, inside the store only.
    public var id: Int64
    /// The id the clients see (`MakaClientID`).
    public var code: String
    public var uid: Int64
    /// The owner's nickname.
    public var author: String
    public var title: String
    /// The share text (QT `data.json` `content`); the title unless the owner set one.
    public var content: String
    public var firstImgUrl: String
    /// The `T_…` id of the template it was made from.
    public var templateId: String?
    public var tagId: Int64?
    public var status: Status
    /// A JSON array of page objects, as text.
    public var pages: String
    public var pageCount: Int
    public var createTime: String
    public var updateTime: String
    public var publishTime: String?

    static let selectSQL = """
        SELECT e.id, e.uid, u.nickname, e.title, e.first_img_url, e.template_id, e.tag_id, e.status,
               e.pages, e.page_count, e.create_time, e.update_time, e.publish_time, e.code, e.content
        FROM maka_events e JOIN maka_users u ON u.uid = e.uid
        """

    init(row: Row) throws {
        id = try row.int64(at: 0)
        uid = try row.int64(at: 1)
        author = try row.string(at: 2)
        title = try row.string(at: 3)
        firstImgUrl = try row.string(at: 4)
        templateId = try row.optionalString(at: 5)
        tagId = try row.optionalInt64(at: 6)
        status = Status(rawValue: try row.int(at: 7)) ?? .draft
        pages = try row.string(at: 8)
        pageCount = try row.int(at: 9)
        createTime = try row.string(at: 10)
        updateTime = try row.string(at: 11)
        publishTime = try row.optionalString(at: 12)
        code = try row.string(at: 13)
        content = try row.string(at: 14)
    }
}

/// The content of a new event. `pages` wins over the template's pages when both are given.
public struct MakaEventDraft: Sendable {
    public var uid: Int64
    public var title: String
    /// The share text; nil: the title.
    public var content: String?
    public var firstImgUrl: String?
    public var templateId: String?
    public var tagId: Int64?
    /// A JSON array of page objects, as text, with its length.
    public var pages: (json: String, count: Int)?

    public init(uid: Int64, title: String, content: String? = nil, firstImgUrl: String? = nil, templateId: String? = nil,
                tagId: Int64? = nil, pages: (json: String, count: Int)? = nil) {
        self.uid = uid
        self.title = title
        self.content = content
        self.firstImgUrl = firstImgUrl
        self.templateId = templateId
        self.tagId = tagId
        self.pages = pages
    }
}

/// A partial update of an event: nil leaves a field as it is.
public struct MakaEventChanges: Sendable {
    public var title: String?
    public var content: String?
    public var firstImgUrl: String?
    public var tagId: Int64?
    public var pages: (json: String, count: Int)?

    public init(title: String? = nil, content: String? = nil, firstImgUrl: String? = nil, tagId: Int64? = nil,
                pages: (json: String, count: Int)? = nil) {
        self.title = title
        self.content = content
        self.firstImgUrl = firstImgUrl
        self.tagId = tagId
        self.pages = pages
    }

    public var isEmpty: Bool { title == nil && content == nil && firstImgUrl == nil && tagId == nil && pages == nil }
}
