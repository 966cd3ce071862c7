import Store
import Wire

extension YoufanCategoryPages {
    /// `Product/ProductCategorySubItemFilter` — every channel's second-level categories, in
    /// channel order, each with its third-level ones, whose `id` is the `cate_id` of the
    /// products (the category screen opens `Product/ProductClsCommonSearchFilter` with it as
    /// `CategoryId`). SOA style: numbers for `id`, `parent_id` and `sorT_NO`, text otherwise.
    ///
    /// Three screens read it. `Unico/SItemDetial/SItemViewController.m` fills `BrandModel`
    /// (`setValuesForKeysWithDictionary:`), whose `subItems` property is built from the wire key
    /// `subItem` in `setValue:forUndefinedKey:`, one `BrandSubItem` per row (`name`, `url`, `id`).
    /// `Additional/controller/CategoryViewController.m` reads `subItem` too, into
    /// `GoodCategoryObj` (`id`, `parent_Id`, `name`, `code`, `flaT_URL`, `tiP_FLAG`, `url`; the
    /// filter screen puts all seven in a dictionary literal, so none may be missing).
    /// `SUsedProductViewController.mm` reads `id`, `code` and `name` of the top rows. So the
    /// rows carry `subItem` and never `subItems`: sent as `subItems`, KVC would store the raw
    /// dictionaries in `BrandModel.subItems` and the cell's `model.url` would crash. The two
    /// models spell the parent differently (`parent_id`, `parent_Id`), so both are sent.
    @Sendable static func subItems(_ context: YoufanContext) throws -> YoufanAnswer {
        var rows: [JSON] = []
        for tree in try context.store.layouts.categoryTrees() {
            for category in try JSON.parse(tree).arrayValue ?? [] {
                let subItem = subcategories(category).enumerated().map { JSON.object(members($0.element, sort: $0.offset + 1)) }
                rows.append(.object(members(category, sort: rows.count + 1) + [("subItem", .array(subItem))]))
            }
        }
        return .list(rows, total: rows.count)
    }

    /// A tree node as both category models read it.
    private static func members(_ node: JSON, sort: Int) -> [(key: String, value: JSON)] {
        let id = YoufanCapture.identifier(node, "id") ?? ""
        let parent = JSON.int(PHPInteger.intval(YoufanCapture.identifier(node, "parent_id") ?? ""))
        let picture = node["img"] ?? ""
        return [("id", .int(PHPInteger.intval(id))), ("code", .string(id)), ("name", node["cate_name"] ?? ""),
                ("parent_id", parent), ("parent_Id", parent), ("sorT_NO", .int(sort)), ("tiP_FLAG", "0"),
                ("url", picture), ("flaT_URL", picture)]
    }
}
