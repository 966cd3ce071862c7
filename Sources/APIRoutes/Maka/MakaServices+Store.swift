import HTTPServer
import Store
import Wire

/// The template store the public clients call (WIRE.md §4.5): `api/storeTemplates` (QT),
/// `app/storeTemplates` (FP) and `app/buyTemplate/status/{templateId}` (QT).
extension MakaServices {
    /// One page of store templates as `{cateId, perPage, pageNumber, total, dataList}`; past the
    /// end `dataList` is `[]`. An unknown category is a business 404.
    func storeTemplates(_ request: HTTPRequest, _ parameters: MakaQuery) throws -> HTTPResponse {
        let paging = try MakaStorePaging(parameters)
        let category = try existing(.special, paging.categoryId, name: "category")
        var items: [UInt8] = []
        let total = try catalog.visitTemplates(categoryId: category, offset: paging.offset, limit: paging.perPage) { template in
            if !items.isEmpty { items.append(static: ",") }
            template.writeStoreItem(into: &items)
        }
        return Envelope.maka(data: paging.answer(total: total) { $0.append(contentsOf: items) })
    }

    /// `{"status": true}` when the template is unlocked for the caller: free, or bought by this
    /// user (purchases come from captures; no public client buys). QT `TemplatePreviewVC.m`
    /// passes it as `TempAdmode`.
    func buyTemplateStatus(_ request: HTTPRequest, _ parameters: Parameters) throws -> HTTPResponse {
        let uid = try authenticatedUID(request, parameters)
        let template = try knownTemplate(request.pathParameters["template_id"] ?? "")
        let unlocked = try template.isFree || catalog.hasBought(template.id, uid: uid)
        return Envelope.maka(data: .object([("status", .bool(unlocked))]))
    }
}
