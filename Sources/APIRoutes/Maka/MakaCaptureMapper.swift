import CaptureFormats
import Store
import Wire

/// Fills the Maka tables from captured Maka responses, inside the import's transaction, so the
/// stateful handlers answer with captured content (API.md §5).
///
/// Mapped: `specialCategories`, `templates` (list pages), `template/{id}` (with pages),
/// `pictureIndex`, `pictures`, `tagCategories`, `publicEvents` (events and their authors), and
/// `user/register` / `user/login` calls whose request carries `email` + `password` (the user,
/// with the password hashed). Only successful answers (`code` 200) count; list items without an
/// id are skipped. A user's own events and tokens are never imported.
public struct MakaCaptureMapper: CaptureMapper {
    let hasher: PasswordHasher

    public init(hasher: PasswordHasher = PasswordHasher()) {
        self.hasher = hasher
    }

    /// Writes what `record` holds into the tables; false when it is nothing this mapper reads.
    @discardableResult
    public func map(_ record: CaptureRecord, into connection: Connection) throws -> Bool {
        let request = record.request
        guard record.status == 200, request.path.hasPrefix("/app/"),
              let envelope = try? JSON.parse(record.responseBody),
              envelope["code"]?.intValue == 200, let data = envelope["data"] else { return false }
        let segments = request.path.split(separator: "/").map(String.init)
        switch (record.method, segments.dropFirst().first, segments.count) {
        case ("GET", "specialCategories", 2):
            return try each(data, decode: MakaCaptureDecoding.specialCategory) { try MakaImport.upsert($0, in: connection) }
        case ("GET", "templates", 2):
            return try each(data, decode: { MakaCaptureDecoding.template($0, withPages: false) }) {
                try MakaImport.upsert($0, in: connection)
            }
        case ("GET", "template", 3):
            guard let template = MakaCaptureDecoding.template(data, withPages: true) else { return false }
            try MakaImport.upsert(template, in: connection)
            return true
        case ("GET", "pictureIndex", 2):
            return try each(data, decode: MakaCaptureDecoding.pictureCategory) { try MakaImport.upsert($0, in: connection) }
        case ("GET", "pictures", 2):
            return try each(data, decode: MakaCaptureDecoding.picture) { try MakaImport.upsert($0, in: connection) }
        case ("GET", "tagCategories", 2):
            return try each(data, decode: MakaCaptureDecoding.tagCategory) { try MakaImport.upsert($0, in: connection) }
        case ("GET", "publicEvents", 2):
            return try publicEvents(data, in: connection)
        case ("POST", "user", 3) where segments[2] == "register" || segments[2] == "login":
            return try account(data, request: request, in: connection)
        default:
            return false
        }
    }

    /// Writes every item of a list that decodes; true when at least one did.
    private func each<T>(_ list: JSON, decode: (JSON) -> T?, write: (T) throws -> Void) rethrows -> Bool {
        var wrote = false
        for item in list.arrayValue ?? [] {
            guard let value = decode(item) else { continue }
            try write(value)
            wrote = true
        }
        return wrote
    }

    private func publicEvents(_ list: JSON, in connection: Connection) throws -> Bool {
        var wrote = false
        for item in list.arrayValue ?? [] {
            guard let event = MakaCaptureDecoding.publicEvent(item) else { continue }
            try MakaImport.upsertAuthor(uid: event.uid, nickname: event.author, avatar: event.avatar,
                                        createTime: event.publishTime, in: connection)
            try MakaImport.upsertPublished(code: event.code, uid: event.uid, title: event.title,
                                           firstImgUrl: event.firstImgUrl, tagId: event.tagId,
                                           pageCount: event.pageCount, publishTime: event.publishTime, in: connection)
            wrote = true
        }
        if wrote { try MakaPublicFeed.rebuild(in: connection) }
        return wrote
    }

    /// A captured registration or login: the user, with the captured password hashed (kept as
    /// is when the stored hash already matches it, so re-importing costs no hashing).
    private func account(_ data: JSON, request: CaptureRequest, in connection: Connection) throws -> Bool {
        let parameters = request.parameters
        guard let rawEmail = parameters.first(where: { $0.name == "email" })?.value,
              let password = parameters.first(where: { $0.name == "password" })?.value,
              let email = try? MakaInput.email(rawEmail),
              let user = MakaCaptureDecoding.user(data, email: email) else { return false }
        let stored = try MakaImport.passwordHash(uid: user.uid, in: connection)
        let hash: String
        if let stored, hasher.verify(password, against: stored) {
            hash = stored
        } else {
            hash = try hasher.hash(password)
        }
        return try MakaImport.upsertRegistered(user, passwordHash: hash, in: connection)
    }
}
