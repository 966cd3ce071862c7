@testable import Store

extension MakaCatalogRepository {
    /// A page of templates as ids, whether each came without its pages, and the total, copied
    /// out of the rows for tests to look at.
    func templatePage(categoryId: Int64?, offset: Int, limit: Int) throws -> (ids: [String], withoutPages: [Bool], total: Int) {
        var ids: [String] = []
        var withoutPages: [Bool] = []
        let total = try visitTemplates(categoryId: categoryId, offset: offset, limit: limit) { template in
            ids.append(String(decoding: template.id, as: UTF8.self))
            withoutPages.append(template.pages == nil)
        }
        return (ids, withoutPages, total)
    }
}
