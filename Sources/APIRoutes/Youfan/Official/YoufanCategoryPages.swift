import Store
import Wire

/// The official app's category screens (`Item/getItemClsDetails`, `getItemClsListForMore`,
/// WIRE.md §3.2) over the channels' category trees: `fid` names a second-level category (男上装),
/// its rows are the third-level ones whose `temp_id` the app sends on as
/// `Item/getItemListForClsV2`'s `tid`. Hand-written: the answer is a node of a stored tree, not
/// a page of rows.
enum YoufanCategoryPages {
    /// `Item/getItemClsDetails` — `{img, info, middle:[{small_img, name, fixed_id, temp_id}]}`
    /// (MB `Unico/ClothingCategory/Controller/SClothingCategoryViewController.m`).
    @Sendable static func details(_ context: YoufanContext) throws -> YoufanAnswer {
        let (fid, category) = try self.category(context)
        let middle = subcategories(category).map { sub in
            JSON.object([("small_img", sub["img"] ?? ""), ("name", sub["cate_name"] ?? ""), ("fixed_id", .string(fid)),
                         ("temp_id", sub["id"] ?? "")])
        }
        return YoufanAnswer(data: .object([("img", category["img"] ?? ""), ("info", category["cate_name"] ?? ""),
                                           ("middle", .array(middle))]))
    }

    /// `Item/getItemClsListForMore` — `[SDiscoveryPicAndTextConfigModel]` `{id, big_img,
    /// small_img, fixed_id, info, name, temp_id, brand_code}` (MB
    /// `Unico/WaterfallView/SDiscoverBrandListViewController.m`).
    @Sendable static func more(_ context: YoufanContext) throws -> YoufanAnswer {
        let (fid, category) = try self.category(context)
        let rows = subcategories(category).map { sub in
            JSON.object([("id", sub["id"] ?? ""), ("big_img", sub["img"] ?? ""), ("small_img", sub["img"] ?? ""),
                         ("fixed_id", .string(fid)), ("info", category["cate_name"] ?? ""), ("name", sub["cate_name"] ?? ""),
                         ("temp_id", sub["id"] ?? ""), ("brand_code", "")])
        }
        return .list(rows, total: rows.count)
    }

    /// The second-level category `fid` names, from any channel's tree; unknown is the app's parameter error.
    private static func category(_ context: YoufanContext) throws -> (String, JSON) {
        let fid = context.arguments.text("fid")
        for tree in try context.store.layouts.categoryTrees() {
            if let found = try JSON.parse(tree).arrayValue?.first(where: { YoufanCapture.identifier($0, "id") == fid }) {
                return (fid, found)
            }
        }
        throw YoufanFailure.notFound("fid=\(fid) 不存在")
    }

    static func subcategories(_ category: JSON) -> [JSON] {
        category["subs"]?.arrayValue ?? []
    }
}
