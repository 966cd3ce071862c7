/// An event (a "work", 作品): an H5 page set a user makes, then publishes.
public struct MakaEvent: Sendable, Equatable {
    /// Draft or published; published events are listed in `/app/publicEvents`.
    public enum Status: Int, Sendable {
        case draft = 0
        case published = 1
    }

    public var id: Int64
    public var uid: Int64
    /// The owner's nickname.
    public var author: String
    public var title: String
    public var firstImgUrl: String
    public var templateId: Int64?
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
               e.pages, e.page_count, e.create_time, e.update_time, e.publish_time
        FROM maka_events e JOIN maka_users u ON u.uid = e.uid
        """

    init(row: Row) {
        id = row.int64(at: 0) ?? 0
        uid = row.int64(at: 1) ?? 0
        author = row.string(at: 2) ?? ""
        title = row.string(at: 3) ?? ""
        firstImgUrl = row.string(at: 4) ?? ""
        templateId = row.int64(at: 5)
        tagId = row.int64(at: 6)
        status = Status(rawValue: row.int(at: 7) ?? 0) ?? .draft
        pages = row.string(at: 8) ?? "[]"
        pageCount = row.int(at: 9) ?? 0
        createTime = row.string(at: 10) ?? ""
        updateTime = row.string(at: 11) ?? ""
        publishTime = row.string(at: 12)
    }
}

/// The content of a new event. `pages` wins over the template's pages when both are given.
public struct MakaEventDraft: Sendable {
    public var uid: Int64
    public var title: String
    public var firstImgUrl: String?
    public var templateId: Int64?
    public var tagId: Int64?
    /// A JSON array of page objects, as text, with its length.
    public var pages: (json: String, count: Int)?

    public init(uid: Int64, title: String, firstImgUrl: String? = nil, templateId: Int64? = nil,
                tagId: Int64? = nil, pages: (json: String, count: Int)? = nil) {
        self.uid = uid
        self.title = title
        self.firstImgUrl = firstImgUrl
        self.templateId = templateId
        self.tagId = tagId
        self.pages = pages
    }
}

/// A partial update of an event: nil leaves a field as it is.
public struct MakaEventChanges: Sendable {
    public var title: String?
    public var firstImgUrl: String?
    public var tagId: Int64?
    public var pages: (json: String, count: Int)?

    public init(title: String? = nil, firstImgUrl: String? = nil, tagId: Int64? = nil,
                pages: (json: String, count: Int)? = nil) {
        self.title = title
        self.firstImgUrl = firstImgUrl
        self.tagId = tagId
        self.pages = pages
    }

    public var isEmpty: Bool { title == nil && firstImgUrl == nil && tagId == nil && pages == nil }
}
