import HTTPServer
import Store
import Wire

/// `/app/events`, `/app/event`, `/app/event/{event_id}`: the caller's own events.
extension MakaServices {
    static let editableEventKeys = ["title", "content", "firstImgUrl", "thumb", "pages", "pdata", "tagId"]
    static let readOnlyEventKeys: Set<String> = ["id", "uid", "author", "status", "publishTime", "createTime",
                                                 "updateTime", "templateId", "pageCount", "url"]

    /// "My works": every state, newest first, paginated.
    func myEvents(_ request: HTTPRequest, _ parameters: Parameters) throws -> HTTPResponse {
        let uid = try authenticatedUID(request, parameters)
        let paging = try MakaPaging(parameters)
        let page = try events.events(ofUser: uid, offset: paging.offset, limit: paging.size)
        var body = MakaListBody(roomFor: page.events.count, itemsOf: 1024)
        for event in page.events { body.append(writing: event.write(into:)) }
        return body.response(paging, total: page.total)
    }

    /// Creates a draft. Parameters it does not know are ignored.
    func createEvent(_ request: HTTPRequest, _ parameters: Parameters) throws -> HTTPResponse {
        let uid = try authenticatedUID(request, parameters)
        let title = try MakaInput.text(try MakaInput.required(parameters, "title"), name: "title", length: 1...100)
        var draft = MakaEventDraft(uid: uid, title: title)
        draft.content = try parameters["content"].map { raw throws(MakaFailure) in try Self.shareText(raw) }
        draft.templateId = try MakaInput.optionalTemplateID(parameters)
        draft.tagId = try existingTag(MakaInput.optionalID(parameters, "tagId"))
        draft.firstImgUrl = try (parameters["firstImgUrl"] ?? parameters["thumb"]).map { raw throws(MakaFailure) in
            try MakaInput.url(raw, name: "firstImgUrl")
        }
        if let pdata = parameters["pdata"] {
            draft.pages = try MakaInput.pdata(pdata)
        } else {
            draft.pages = try parameters["pages"].map { raw throws(MakaFailure) in try MakaInput.pages(raw) }
        }
        switch try events.create(draft) {
        case .created(let event): return Envelope.maka(data: event.json)
        case .templateNotFound: throw MakaFailure.notFound("template \(draft.templateId ?? "") not found")
        }
    }

    /// Owner only; a partial update (`key`+`value` or several of title, content, firstImgUrl/thumb,
    /// pages/pdata, tagId).
    func updateEvent(_ request: HTTPRequest, _ parameters: Parameters) throws -> HTTPResponse {
        let uid = try authenticatedUID(request, parameters)
        let id = try ownedEventID(request, by: uid)
        let fields = try MakaChangeSet(parameters, readOnly: Self.readOnlyEventKeys, editable: Self.editableEventKeys).fields
        var changes = MakaEventChanges()
        for (name, value) in fields {
            switch name {
            case "title": changes.title = try MakaInput.text(value, name: name, length: 1...100)
            case "content": changes.content = try Self.shareText(value)
            case "firstImgUrl", "thumb": changes.firstImgUrl = try MakaInput.url(value, name: name)
            case "pages": changes.pages = try MakaInput.pages(value)
            case "pdata": changes.pages = try MakaInput.pdata(value)
            default: changes.tagId = try existingTag(MakaInput.id(value, name: name))
            }
        }
        return try answer(events.update(id: id, by: uid, changes: changes), for: request)
    }

    /// Owner only: publishes (optionally setting `tagId`); it tops `/app/publicEvents` at once.
    func publishEvent(_ request: HTTPRequest, _ parameters: Parameters) throws -> HTTPResponse {
        let uid = try authenticatedUID(request, parameters)
        let id = try ownedEventID(request, by: uid)
        let tagId = try existingTag(MakaInput.optionalID(parameters, "tagId"))
        return try answer(events.publish(id: id, by: uid, tagId: tagId), for: request)
    }

    /// The row id of the path's event (its 8-character code), after checking it exists (404,
    /// also for an id of another format) and belongs to `uid` (403).
    private func ownedEventID(_ request: HTTPRequest, by uid: Int64) throws -> Int64 {
        let text = request.pathParameters["event_id"] ?? ""
        guard MakaClientID.isValid(text, length: MakaClientID.eventLength), let event = try events.event(code: text) else {
            throw MakaFailure.notFound("event \(text) not found")
        }
        guard event.uid == uid else { throw MakaFailure.notOwner("this event") }
        return event.id
    }

    private func answer(_ outcome: MakaEventRepository.Outcome, for request: HTTPRequest) throws -> HTTPResponse {
        switch outcome {
        case .done(let event): return Envelope.maka(data: event.json)
        case .notFound: throw MakaFailure.notFound("event \(request.pathParameters["event_id"] ?? "") not found")
        case .forbidden: throw MakaFailure.notOwner("this event")
        }
    }

    /// The share text of a work (QT `data.json` `content`): up to 500 characters, may be empty.
    private static func shareText(_ raw: String) throws(MakaFailure) -> String {
        try MakaInput.text(raw, name: "content", length: 0...500)
    }

    /// A tag id that names a tag category (404 otherwise).
    func existingTag(_ id: Int64?) throws -> Int64? {
        guard let id else { return nil }
        guard try catalog.exists(.tag, id: id) else { throw MakaFailure.notFound("tag category \(id) not found") }
        return id
    }
}
