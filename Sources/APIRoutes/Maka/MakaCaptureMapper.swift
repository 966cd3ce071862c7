import CaptureFormats
import Store
import Wire

/// Fills the Maka tables from captured Maka responses, inside the import's transaction, so the
/// stateful handlers answer with captured content (API.md §5), and says which tables took each
/// record (the import summary counts them).
///
/// Mapped: `specialCategories` and `categoryApp` (categories), `templates`, `api/storeTemplates`
/// and `app/storeTemplates` (list pages; a store page's `cateId` gives its templates' category),
/// `template/{id}` and `api/storeTemplate/{id}` (with pages), `pictureIndex`, `pictures`,
/// `tagCategories`, `publicEvents` (events and their authors), `buyTemplate/status/{id}` answered
/// `true` for a paid template (a purchase by the request's `uid`), and `user/register` /
/// `user/login` calls whose request carries `email` + `password` (the user, with the password
/// hashed). Only successful answers (`code` 200) count; list items without an id are skipped,
/// and a record none of whose content a table can take is refused with the reason. A user's own
/// events and tokens are never imported.
public struct MakaCaptureMapper: CaptureMapper {
    let hasher: PasswordHasher

    public init(hasher: PasswordHasher = PasswordHasher()) {
        self.hasher = hasher
    }

    /// Writes what `record` holds into the tables; false when it is nothing this mapper stores.
    @discardableResult
    public func map(_ record: CaptureRecord, into connection: Connection) throws -> Bool {
        try mapping(record, into: connection).isStored
    }

    public func mapping(_ record: CaptureRecord, into connection: Connection) throws -> CaptureMapping {
        let request = record.request
        let segments = request.path.split(separator: "/").map(String.init)
        guard record.status == 200, let root = segments.first, root == "app" || root == "api",
              let envelope = try? JSON.parse(record.responseBody),
              envelope["code"]?.intValue == 200, let data = envelope["data"] else { return .notMine }
        let route = segments.joined(separator: "/")
        switch (record.method, segments.dropFirst().first, segments.count) {
        case ("GET", "specialCategories", 2), ("GET", "categoryApp", 2):
            return try each(data, route, into: "maka_special_categories", decode: MakaCaptureDecoding.specialCategory) {
                try MakaImport.upsert($0, in: connection)
            }
        case ("GET", "templates", 2):
            return try each(data, route, into: "maka_templates", decode: { MakaCaptureDecoding.template($0, withPages: false) }) {
                try MakaImport.upsert($0, in: connection)
            }
        case ("GET", "storeTemplates", 2):
            guard let list = data["dataList"] else { return .refused(reason: "\(route): the answer has no dataList") }
            let category = request.parameters.last { $0.name == "cateId" }.flatMap { Int64($0.value) }.flatMap { $0 > 0 ? $0 : nil }
            return try each(list, route, into: "maka_templates", decode: { item in
                MakaCaptureDecoding.template(item, withPages: false).map { template in
                    var template = template
                    if let category { template.categoryId = category }
                    return template
                }
            }) { try MakaImport.upsert($0, in: connection) }
        case ("GET", "template", 3), ("GET", "storeTemplate", 3):
            guard let template = MakaCaptureDecoding.template(data, withPages: true) else {
                return .refused(reason: "\(segments[0])/\(segments[1])/{id}: the answer has no T_ template id and title")
            }
            try MakaImport.upsert(template, in: connection)
            return .stored(into: ["maka_templates"])
        case ("GET", "pictureIndex", 2):
            return try each(data, route, into: "maka_picture_categories", decode: MakaCaptureDecoding.pictureCategory) {
                try MakaImport.upsert($0, in: connection)
            }
        case ("GET", "pictures", 2):
            return try each(data, route, into: "maka_pictures", decode: MakaCaptureDecoding.picture) {
                try MakaImport.upsert($0, in: connection)
            }
        case ("GET", "tagCategories", 2):
            return try each(data, route, into: "maka_tag_categories", decode: MakaCaptureDecoding.tagCategory) {
                try MakaImport.upsert($0, in: connection)
            }
        case ("GET", "publicEvents", 2):
            return try publicEvents(data, route, in: connection)
        case ("GET", "buyTemplate", 4) where segments[2] == "status":
            return try purchase(of: segments[3], data, request: request, in: connection)
        case ("POST", "user", 3) where segments[2] == "register" || segments[2] == "login":
            return try account(data, route, record: record, request: request, in: connection)
        default:
            return .notMine
        }
    }

    /// Writes every item of a list that decodes. An empty list is no data (`.notMine`); a list
    /// of which no item decodes, or an answer that is not a list, is refused.
    private func each<T>(
        _ list: JSON, _ route: String, into table: String, decode: (JSON) -> T?, write: (T) throws -> Void
    ) rethrows -> CaptureMapping {
        guard let items = list.arrayValue else { return .refused(reason: "\(route): the answer's list is not an array") }
        guard !items.isEmpty else { return .notMine }
        var wrote = false
        for item in items {
            guard let value = decode(item) else { continue }
            try write(value)
            wrote = true
        }
        return wrote ? .stored(into: [table]) : .refused(reason: "\(route): no item has the id and name the table needs")
    }

    private func publicEvents(_ list: JSON, _ route: String, in connection: Connection) throws -> CaptureMapping {
        let mapping = try each(list, route, into: "maka_events", decode: MakaCaptureDecoding.publicEvent) { event in
            try MakaImport.upsertAuthor(uid: event.uid, nickname: event.author, avatar: event.avatar,
                                        createTime: event.publishTime, in: connection)
            try MakaImport.upsertPublished(code: event.code, uid: event.uid, title: event.title,
                                           firstImgUrl: event.firstImgUrl, tagId: event.tagId,
                                           pageCount: event.pageCount, publishTime: event.publishTime, in: connection)
        }
        guard mapping.isStored else { return mapping }
        try MakaPublicFeed.rebuild(in: connection)
        return .stored(into: ["maka_users", "maka_events", "maka_public_feed"])
    }

    /// A captured `buyTemplate/status/{id}` that answered `true`: for a paid template, the
    /// request's `uid` bought it. `false`, or a free template, says nothing to store.
    private func purchase(of templateId: String, _ data: JSON, request: CaptureRequest,
                          in connection: Connection) throws -> CaptureMapping {
        guard data["status"] == .bool(true) else { return .notMine }
        guard let uid = request.parameters.last(where: { $0.name == "uid" }).flatMap({ Int64($0.value) }) else {
            return .refused(reason: "app/buyTemplate/status/{id}: the captured request has no uid")
        }
        switch try MakaImport.recordPurchase(uid: uid, templateId: templateId, in: connection) {
        case .recorded: return .stored(into: ["maka_purchases"])
        case .free: return .notMine
        case .unknown: return .refused(reason: "app/buyTemplate/status/{id}: the user or the template is not known")
        }
    }

    /// A captured registration or login: the user, with the captured password hashed once per
    /// capture (the hash made the first time is reused whenever the capture is mapped again, as
    /// every reset's rebuild does; a stored hash that already matches is kept).
    private func account(_ data: JSON, _ route: String, record: CaptureRecord, request: CaptureRequest,
                         in connection: Connection) throws -> CaptureMapping {
        let parameters = request.parameters
        guard let rawEmail = parameters.last(where: { $0.name == "email" })?.value,
              let password = parameters.last(where: { $0.name == "password" })?.value,
              let email = try? MakaInput.email(rawEmail) else {
            return .refused(reason: "\(route): the captured request has no valid email and password")
        }
        guard let user = MakaCaptureDecoding.user(data, email: email) else {
            return .refused(reason: "\(route): the answer has no uid")
        }
        let hash = try passwordHash(password, uid: user.uid, capture: record.contentHash, in: connection)
        guard try MakaImport.upsertRegistered(user, passwordHash: hash, in: connection) else {
            return .refused(reason: "\(route): the email belongs to another account")
        }
        return .stored(into: ["maka_users"])
    }

    /// The hash to store for the password a capture carries: the one made earlier for the same
    /// capture (at this hasher's parameters), else the user's stored hash when it matches, else a
    /// new one; the capture remembers it.
    private func passwordHash(_ password: String, uid: Int64, capture: String, in connection: Connection) throws -> String {
        if let remembered = try MakaImport.capturedPasswordHash(captureHash: capture, in: connection),
           !hasher.needsRehash(remembered) {
            return remembered
        }
        let hash: String
        if let stored = try MakaImport.passwordHash(uid: uid, in: connection), hasher.verify(password, against: stored) {
            hash = stored
        } else {
            hash = try hasher.hash(password)
        }
        try MakaImport.rememberCapturedPasswordHash(hash, captureHash: capture, in: connection)
        return hash
    }
}
