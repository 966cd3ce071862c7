import HTTPServer
import Store
import Wire

/// The "create" and "hot" tabs: categories, templates, pictures, tags and public events.
extension MakaServices {
    func specialCategories(_ request: HTTPRequest, _ parameters: Parameters) throws -> HTTPResponse {
        let categories = try catalog.specialCategories()
        return Envelope.maka { $0.appendArray(of: categories) { $0.write(into: &$1) } }
    }

    /// The store's template categories as QT's `CategoryItem` binds them (`ID ← id`, `name`):
    /// `[{id, name}]`, the same ids as `specialCategories` (WIRE.md §4.5, QT `BuyTemplateMainVC.m`).
    func categoryApp(_ request: HTTPRequest, _ parameters: Parameters) throws -> HTTPResponse {
        let categories = try catalog.specialCategories()
        return Envelope.maka { $0.appendArray(of: categories) { $0.writeStoreCategory(into: &$1) } }
    }

    /// Templates, optionally of one `categoryId`, paginated.
    func templates(_ request: HTTPRequest, _ parameters: MakaQuery) throws -> HTTPResponse {
        let paging = try MakaPaging(parameters)
        let category = try existing(.special, MakaInput.optionalID(parameters, "categoryId"), name: "special category")
        var body = MakaListBody(roomFor: paging.size, itemsOf: 512)
        let total = try catalog.visitTemplates(categoryId: category, offset: paging.offset, limit: paging.size) { template in
            body.append(writing: template.writeStoreItem(into:))
        }
        return body.response(paging, total: total)
    }

    /// The template's Work document, written from its row; an id not of the `T_XXXXXXXX` format
    /// is unknown (404).
    func template(_ request: HTTPRequest, _ parameters: Parameters) throws -> HTTPResponse {
        let id = request.pathParameters["template_id"] ?? ""
        var document: [UInt8] = []
        guard MakaTemplate.isValidID(id), try catalog.visitTemplate(id: id, { $0.writeWorkDocument(into: &document) }) else {
            throw MakaFailure.notFound("template \(id) not found")
        }
        return Envelope.maka(data: .raw(document))
    }

    /// The template a `T_…` id names; business 404 otherwise.
    func knownTemplate(_ id: String) throws -> MakaTemplate {
        guard MakaTemplate.isValidID(id), let template = try catalog.template(id: id) else {
            throw MakaFailure.notFound("template \(id) not found")
        }
        return template
    }

    func pictureIndex(_ request: HTTPRequest, _ parameters: Parameters) throws -> HTTPResponse {
        let categories = try catalog.pictureCategories()
        return Envelope.maka { $0.appendArray(of: categories) { $0.write(into: &$1) } }
    }

    /// Pictures, optionally of one gallery `categoryId`, paginated.
    func pictures(_ request: HTTPRequest, _ parameters: MakaQuery) throws -> HTTPResponse {
        let paging = try MakaPaging(parameters)
        let category = try existing(.picture, MakaInput.optionalID(parameters, "categoryId"), name: "picture category")
        let page = try catalog.pictures(categoryId: category, offset: paging.offset, limit: paging.size)
        var body = MakaListBody(roomFor: page.pictures.count, itemsOf: 256)
        for picture in page.pictures { body.append(writing: picture.write(into:)) }
        return body.response(paging, total: page.total)
    }

    func tagCategories(_ request: HTTPRequest, _ parameters: Parameters) throws -> HTTPResponse {
        let categories = try catalog.tagCategories()
        return Envelope.maka { $0.appendArray(of: categories) { $0.write(into: &$1) } }
    }

    /// Everyone's published events, newest first, optionally of one `tagId`: pre-encoded items
    /// copied from the feed's copy in memory into the body.
    func publicEvents(_ request: HTTPRequest, _ parameters: MakaQuery) throws -> HTTPResponse {
        let paging = try MakaPaging(parameters)
        let tag = try existingTag(MakaInput.optionalID(parameters, "tagId"))
        return try MakaListBody.response(paging, elementBytes: MakaListBody.feedItemBytes) { run in
            try feed.page(tagId: tag, index: paging.index, size: paging.size, items: run)
        }
    }

    func existing(_ kind: MakaCatalogRepository.CategoryKind, _ id: Int64?, name: String) throws -> Int64? {
        guard let id else { return nil }
        guard try catalog.exists(kind, id: id) else { throw MakaFailure.notFound("\(name) \(id) not found") }
        return id
    }
}
